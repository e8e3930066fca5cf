import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test support: a real HTTP server on 127.0.0.1 that answers like OpenAI's chat completions API
 * (same JSON shapes, status codes and error bodies), scripted per test. Not for production.
 */

/** How the fake answers one request. */
export type FakeMode =
  /** A schema-valid answer written from the FACTS block it finds; `patch` may alter it. */
  | { kind: 'valid'; patch?: (answer: FakeAnswer) => unknown }
  /** Like `valid`, but obeys instructions found outside the nonce-delimited data blocks. */
  | { kind: 'naive' }
  | { kind: 'malformed-json' }
  | { kind: 'schema-invalid' }
  | { kind: 'refusal' }
  | { kind: 'length' }
  /** Waits `delayMs` (default 30 s) before answering validly; closing the server cuts it short. */
  | { kind: 'slow'; delayMs?: number }
  /** An error status in the API's error shape; `retryAfter` sets the Retry-After header. */
  | { kind: 'status'; status: number; retryAfter?: string };

/** The prose the fake model writes (the analyser's answer shape). */
export interface FakeAnswer {
  title: string;
  summary: string;
  overview: string;
  stories: { ref: string; gist: string }[];
  hotDiscussions: { ref: string; description: string }[];
}

/** One request as the fake received it. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** Parsed JSON body, or null for none. */
  readonly body: unknown;
}

/** A running fake. */
export interface FakeOpenAIServer {
  /** `http://127.0.0.1:<port>/v1`. */
  readonly baseURL: string;
  /** Every request so far, oldest first. */
  readonly requests: RecordedRequest[];
  /** Answers the next requests with these modes in order; the last one repeats. */
  script(...modes: FakeMode[]): void;
  close(): Promise<void>;
}

interface Block {
  name: string;
  content: string;
}

const BLOCK =
  /^<<<UNTRUSTED_DATA_BEGIN name=(\w+) nonce=([0-9a-f]{16,})>>>$([\s\S]*?)^<<<UNTRUSTED_DATA_END name=\1 nonce=\2>>>$/gm;

/** Splits prompt text into the fenced data blocks and the text outside them, as a model might read it. */
export function splitFenced(text: string): { blocks: Block[]; outside: string } {
  const blocks: Block[] = [];
  const outside = text.replace(BLOCK, (_m, name: string, _nonce: string, content: string) => {
    blocks.push({ name, content: content.trim() });
    return '';
  });
  return { blocks, outside };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface Facts {
  stories?: { ref: string; label: string }[];
  hotDiscussions?: { ref: string; topic: string }[];
  overallSentiment?: string;
}

function messagesText(body: unknown): string {
  const messages = (body as { messages?: { content?: unknown }[] }).messages ?? [];
  return messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
}

/**
 * A plausible answer from the FACTS block, as a compliant model would write it: one gist per story and
 * one description per hot discussion, refs echoed in order, no figure beyond the count of stories.
 */
function answerFromRequest(body: unknown): FakeAnswer {
  const { blocks } = splitFenced(messagesText(body));
  const facts = (parseJson(blocks.find((b) => b.name === 'FACTS')?.content) ?? {}) as Facts;
  const stories = facts.stories ?? [];
  const labels = stories.length > 0 ? stories.map((s) => s.label) : ['general chatter'];
  const tone = facts.overallSentiment ?? 'neutral';
  return {
    title: `Agents weigh ${labels.slice(0, 2).join(' and ')}`,
    summary: `Most talk this hour was about ${labels[0]}. The tone was ${tone} across ${stories.length} stories.`,
    overview: `The hour centred on ${labels.join(', ')}.\n\nThe tone was ${tone}.`,
    stories: stories.map((s) => ({ ref: s.ref, gist: `Agents compare notes on ${s.label}.` })),
    hotDiscussions: (facts.hotDiscussions ?? []).map((h) => ({
      ref: h.ref,
      description: `Agents compare views on ${h.topic}.`,
    })),
  };
}

/** A model that follows any instruction it sees outside the fenced blocks, and ignores what is inside. */
function naiveAnswer(body: unknown): FakeAnswer {
  const answer = answerFromRequest(body);
  const { outside } = splitFenced(messagesText(body));
  const title = /title this digest[:\s]+["“']?([^"”'\n]+)/i.exec(outside)?.[1];
  if (title) answer.title = title.trim();
  const gist = /describe every story as[:\s]+["“']?([^"”'\n]+)/i.exec(outside)?.[1];
  if (gist) for (const s of answer.stories) s.gist = gist.trim();
  return answer;
}

function sendJson(
  res: ServerResponse,
  status: number,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const text = JSON.stringify(payload);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-request-id': `req_${randomUUID().replaceAll('-', '')}`,
    ...headers,
  });
  res.end(text);
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null,
  headers: Record<string, string> = {},
) {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers);
}

let completionCount = 0;

function completion(
  body: unknown,
  content: string | null,
  finishReason: string,
  refusal: string | null = null,
) {
  const model = (body as { model?: string }).model ?? 'unknown';
  const promptTokens = Math.ceil(messagesText(body).length / 4);
  const completionTokens = Math.ceil((content ?? refusal ?? '').length / 4);
  completionCount++;
  return {
    id: `chatcmpl-fake${completionCount}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal },
        finish_reason: finishReason,
        logprobs: null,
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 5_000_000) throw new Error('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Starts the fake on 127.0.0.1, port 0. With `apiKey`, requests without `Authorization: Bearer <apiKey>`
 * get the API's 401 (whose message echoes the key sent, as a careless server might).
 */
export async function startFakeOpenAIServer(
  options: { apiKey?: string; models?: string[] } = {},
): Promise<FakeOpenAIServer> {
  const requests: RecordedRequest[] = [];
  let queue: FakeMode[] = [{ kind: 'valid' }];
  const timers = new Set<NodeJS.Timeout>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const text = await readBody(req);
    const body = text === '' ? null : (parseJson(text) ?? null);
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
      const sent = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      sendError(res, 401, `Incorrect API key provided: ${sent}.`, 'invalid_request_error', 'invalid_api_key');
      return;
    }
    if (req.method === 'GET' && path === '/v1/models') {
      const data = (options.models ?? ['fake-model']).map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'fake',
      }));
      sendJson(res, 200, { object: 'list', data });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/chat/completions') {
      sendError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
      return;
    }
    const b = body as { model?: unknown; messages?: unknown } | null;
    if (b === null || typeof b.model !== 'string' || !Array.isArray(b.messages)) {
      sendError(
        res,
        400,
        'Missing required parameter: model or messages.',
        'invalid_request_error',
        'missing_required_parameter',
      );
      return;
    }
    const mode = queue.length > 1 ? (queue.shift() as FakeMode) : (queue[0] as FakeMode);
    switch (mode.kind) {
      case 'valid': {
        const answer = answerFromRequest(b);
        const out = mode.patch ? mode.patch(answer) : answer;
        sendJson(res, 200, completion(b, JSON.stringify(out), 'stop'));
        return;
      }
      case 'naive':
        sendJson(res, 200, completion(b, JSON.stringify(naiveAnswer(b)), 'stop'));
        return;
      case 'malformed-json':
        sendJson(res, 200, completion(b, '{"title": "Agents discuss', 'stop'));
        return;
      case 'schema-invalid':
        sendJson(res, 200, completion(b, JSON.stringify({ title: 42, summary: '', extra: true }), 'stop'));
        return;
      case 'refusal':
        sendJson(res, 200, completion(b, null, 'stop', "I'm sorry, I can't help with that request."));
        return;
      case 'length': {
        const full = JSON.stringify(answerFromRequest(b));
        sendJson(res, 200, completion(b, full.slice(0, Math.floor(full.length / 2)), 'length'));
        return;
      }
      case 'slow': {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) sendJson(res, 200, completion(b, JSON.stringify(answerFromRequest(b)), 'stop'));
        }, mode.delayMs ?? 30_000);
        timers.add(timer);
        return;
      }
      case 'status': {
        const headers: Record<string, string> =
          mode.retryAfter === undefined ? {} : { 'retry-after': mode.retryAfter };
        if (mode.status === 429) {
          sendError(
            res,
            429,
            'Rate limit reached for requests. Please try again later.',
            'requests',
            'rate_limit_exceeded',
            headers,
          );
        } else if (mode.status >= 500) {
          sendError(
            res,
            mode.status,
            'The server had an error while processing your request. Sorry about that!',
            'server_error',
            null,
            headers,
          );
        } else {
          sendError(res, mode.status, 'Request rejected.', 'invalid_request_error', null, headers);
        }
        return;
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error), 'server_error', null);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...modes) {
      if (modes.length === 0) throw new Error('script: give at least one mode');
      queue = [...modes];
    },
    close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}
