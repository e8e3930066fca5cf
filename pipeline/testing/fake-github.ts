import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An issue as the fake stores it. */
export interface FakeIssue {
  number: number;
  title: string;
  body: string;
  labels: string[];
  state: 'open' | 'closed';
  state_reason: string | null;
  comments: string[];
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

/** A running fake of the GitHub REST API's issue endpoints, on loopback. */
export interface FakeGitHub {
  readonly url: string;
  readonly issues: FakeIssue[];
  /** `METHOD path` of every request received, in order. */
  readonly requests: string[];
  /** Authorization headers seen (to check the token was sent and how). */
  readonly authorizations: string[];
  close(): Promise<void>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Starts a fake of the issue endpoints octokit calls — list a repository's issues (filtered by state
 * and labels), create, update (title, body, state, state_reason) and comment — answering in the
 * REST API's shapes (fields octokit's callers read, with GitHub's names), with `401 Bad credentials`
 * unless `Authorization` carries `token`.
 */
export async function startFakeGitHub(options: {
  owner: string;
  repo: string;
  token: string;
}): Promise<FakeGitHub> {
  const issues: FakeIssue[] = [];
  const requests: string[] = [];
  const authorizations: string[] = [];
  const base = `/repos/${options.owner}/${options.repo}`;
  let url = '';

  const issueJson = (i: FakeIssue) => ({
    url: `${url}${base}/issues/${i.number}`,
    repository_url: `${url}${base}`,
    comments_url: `${url}${base}/issues/${i.number}/comments`,
    html_url: `https://github.com/${options.owner}/${options.repo}/issues/${i.number}`,
    id: 1000 + i.number,
    node_id: `I_fake${i.number}`,
    number: i.number,
    title: i.title,
    user: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
    labels: i.labels.map((name, k) => ({
      id: k + 1,
      node_id: `LA_${k}`,
      url: '',
      name,
      color: 'd73a4a',
      default: false,
      description: null,
    })),
    state: i.state,
    state_reason: i.state_reason,
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: i.comments.length,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    author_association: 'NONE',
    body: i.body,
  });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': JSON_TYPE, 'X-GitHub-Media-Type': 'github.v3; format=json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const u = new URL(req.url ?? '/', 'http://localhost');
    requests.push(`${req.method} ${u.pathname}`);
    const auth = req.headers.authorization ?? '';
    authorizations.push(auth);
    if (auth !== `token ${options.token}` && auth !== `Bearer ${options.token}`) {
      send(res, 401, {
        message: 'Bad credentials',
        documentation_url: 'https://docs.github.com/rest',
        status: '401',
      });
      return;
    }
    const now = new Date().toISOString();
    if (req.method === 'GET' && u.pathname === `${base}/issues`) {
      const state = u.searchParams.get('state') ?? 'open';
      const labels = (u.searchParams.get('labels') ?? '').split(',').filter(Boolean);
      const list = issues
        .filter((i) => state === 'all' || i.state === state)
        .filter((i) => labels.every((l) => i.labels.includes(l)))
        .sort((a, b) => b.number - a.number);
      send(res, 200, list.map(issueJson));
      return;
    }
    if (req.method === 'POST' && u.pathname === `${base}/issues`) {
      const body = await readBody(req);
      if (typeof body.title !== 'string') {
        send(res, 422, {
          message: 'Validation Failed',
          errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }],
        });
        return;
      }
      const issue: FakeIssue = {
        number: issues.length + 1,
        title: body.title,
        body: typeof body.body === 'string' ? body.body : '',
        labels: Array.isArray(body.labels) ? body.labels.map(String) : [],
        state: 'open',
        state_reason: null,
        comments: [],
        created_at: now,
        updated_at: now,
        closed_at: null,
      };
      issues.push(issue);
      send(res, 201, issueJson(issue));
      return;
    }
    const one = new RegExp(`^${base}/issues/(\\d+)(/comments)?$`).exec(u.pathname);
    const issue = one ? issues.find((i) => i.number === Number(one[1])) : undefined;
    if (one && !issue) {
      send(res, 404, {
        message: 'Not Found',
        documentation_url: 'https://docs.github.com/rest',
        status: '404',
      });
      return;
    }
    if (issue && req.method === 'PATCH' && !one?.[2]) {
      const body = await readBody(req);
      if (typeof body.title === 'string') issue.title = body.title;
      if (typeof body.body === 'string') issue.body = body.body;
      if (body.state === 'open' || body.state === 'closed') {
        issue.state = body.state;
        issue.closed_at = body.state === 'closed' ? now : null;
        issue.state_reason = typeof body.state_reason === 'string' ? body.state_reason : null;
      }
      issue.updated_at = now;
      send(res, 200, issueJson(issue));
      return;
    }
    if (issue && req.method === 'POST' && one?.[2]) {
      const body = await readBody(req);
      issue.comments.push(String(body.body ?? ''));
      issue.updated_at = now;
      send(res, 201, {
        id: 5000 + issue.comments.length,
        node_id: `IC_${issue.comments.length}`,
        url: `${url}${base}/issues/comments/${5000 + issue.comments.length}`,
        html_url: `https://github.com/${options.owner}/${options.repo}/issues/${issue.number}#issuecomment-${5000 + issue.comments.length}`,
        issue_url: `${url}${base}/issues/${issue.number}`,
        body: body.body,
        user: { login: 'github-actions[bot]', id: 41898282, type: 'Bot' },
        created_at: now,
        updated_at: now,
        author_association: 'NONE',
      });
      return;
    }
    send(res, 404, {
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest',
      status: '404',
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { message: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    issues,
    requests,
    authorizations,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}
