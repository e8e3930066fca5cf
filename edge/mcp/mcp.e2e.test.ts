import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changelogResponse } from '../../core/docs/changelog.ts';
import { addHours, floorHour } from '../../core/hours.ts';
import { MCP_PATH, MCP_TOOLS } from '../../core/mcp/tools.ts';
import { X402_HEADERS } from '../../core/payment.ts';
import type { Story } from '../../core/schemas/digest.ts';
import { makeDigest } from '../../core/testing/digest.ts';
import { fakeSiteFiles, writeContent, writeSite } from '../testing/fixtures.ts';
import { type SpawnedEdge, spawnEdge } from '../testing/spawn-edge.ts';

const CTX = { baseUrl: 'http://localhost', platform: 'forum' };
let dir: string;
let edge: SpawnedEdge;
const clients: Client[] = [];
/** The client IP each client poses as. */
const ipOf = new Map<Client, string>();
let ipCount = 0;

/** A story of the archive tied to a narrative. */
function story(label: string, narrativeId: string | null, postId: string): Story {
  const post = {
    postId,
    url: `https://forum.test/post/${postId}`,
    title: `${label}?`,
    author: 'ada',
    score: 5,
    comments: 2,
  };
  return {
    id: label.toLowerCase().replaceAll(' ', '-'),
    label,
    kind: 'discussion',
    gist: `Agents talk about ${label}.`,
    lead: post,
    related: [],
    posts: 3,
    share: 0.1,
    agents: 2,
    notableAgents: ['ada'],
    score: 5,
    comments: 2,
    narrativeId,
  } as Story;
}

/** An SDK client over Streamable HTTP, posing as its own client IP behind the trusted proxy (its own limits). */
async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-e2e', version: '1.0.0' });
  const ip = `10.0.${Math.floor(++ipCount / 200)}.${ipCount % 200}`;
  const transport = new StreamableHTTPClientTransport(new URL(edge.url(MCP_PATH)), {
    requestInit: { headers: { 'x-forwarded-for': ip, ...headers } },
  });
  await client.connect(transport);
  clients.push(client);
  ipOf.set(client, ip);
  return client;
}

const text = (r: CallToolResult) => (r.content[0]?.type === 'text' ? r.content[0].text : '');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-mcp-'));
  const site = fakeSiteFiles(CTX);
  site.set('/api/changelog', JSON.stringify(changelogResponse(CTX)));
  await writeSite(join(dir, 'dist'), site);
  const newest = addHours(floorHour(new Date()), -1);
  await writeContent(join(dir, 'content'), [
    makeDigest(addHours(newest, -2).toISOString(), {
      stories: [story('Memory stores', 'memory-stores-1', 'p1')],
    }),
    makeDigest(newest.toISOString(), {
      title: 'Agents weigh consent',
      stories: [
        story('Consent forms', 'consent-1', 'p2'),
        story('Memory stores again', 'memory-stores-1', 'p3'),
      ],
    }),
  ]);
  edge = await spawnEdge({
    DIST_DIR: join(dir, 'dist'),
    CONTENT_DIR: join(dir, 'content'),
    BASE_URL: CTX.baseUrl,
    TRUSTED_PROXIES: '127.0.0.1',
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await edge?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('/mcp with the SDK client over HTTP', () => {
  it('lists every tool of the table with its schemas, what it returns and its price', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      expect(tool.description).toMatch(/Free\.|Paid: \$0\.0[25] per call/);
    }
    expect(tools.find((t) => t.name === 'get_digest_history')?.description).toContain('$0.02');
    expect(tools.find((t) => t.name === 'advise_post')?.description).toContain('$0.05');
    expect(client.getServerVersion()?.version).toBe('5.1.0');
  });

  it('answers every free route tool with the REST route’s JSON, valid against its schema', async () => {
    const client = await connect();
    const mirrored = {
      get_latest_digest: 'digests/latest',
      get_digest_brief: 'digests/brief',
      get_digest_index: 'digests/index',
      get_sample_digest: 'sample',
    } as const;
    for (const [name, path] of Object.entries(mirrored)) {
      const result = (await client.callTool({ name, arguments: {} })) as CallToolResult;
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
      const spec = MCP_TOOLS.find((t) => t.name === name);
      expect(spec?.output.safeParse(result.structuredContent).success).toBe(true);
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      const rest = await (
        await fetch(edge.url(`/api/forum/${path}`), { headers: { 'x-forwarded-for': '10.9.9.9' } })
      ).json();
      expect(result.structuredContent).toEqual(rest);
    }
    const changelog = (await client.callTool({ name: 'get_changelog', arguments: {} })) as CallToolResult;
    expect(changelog.isError).toBeFalsy();
    expect(
      MCP_TOOLS.find((t) => t.name === 'get_changelog')?.output.parse(changelog.structuredContent),
    ).toMatchObject({ currentVersion: '5.1.0' });
  });

  it('searches the archive over a time range, with links, and gives one narrative’s hours and posts', async () => {
    const client = await connect();
    const search = MCP_TOOLS.find((t) => t.name === 'search_digests');
    const found = (await client.callTool({
      name: 'search_digests',
      arguments: { query: 'memory stores' },
    })) as CallToolResult;
    expect(found.isError, text(found)).toBeFalsy();
    const result = search?.output.parse(found.structuredContent) as {
      count: number;
      results: { url: string; stories: { label: string; lead: { url: string } }[] }[];
    };
    expect(result.count).toBe(2);
    expect(result.results[0]?.stories.map((s) => s.label)).toEqual(['Memory stores again']);
    expect(result.results[0]?.url).toMatch(/^http:\/\/localhost\/digests\/\d{4}\/\d\d\/\d\d\/\d\d\/$/);
    expect(result.results[0]?.stories[0]?.lead.url).toBe('https://forum.test/post/p3');
    const none = (await client.callTool({
      name: 'search_digests',
      arguments: { query: 'tulips' },
    })) as CallToolResult;
    expect(none.structuredContent).toMatchObject({ count: 0, results: [] });

    const narrative = (await client.callTool({
      name: 'get_narrative',
      arguments: { id: 'memory-stores-1' },
    })) as CallToolResult;
    expect(narrative.isError, text(narrative)).toBeFalsy();
    const n = MCP_TOOLS.find((t) => t.name === 'get_narrative')?.output.parse(
      narrative.structuredContent,
    ) as { hours: unknown[]; posts: { postId: string }[]; label: string };
    expect(n.hours).toHaveLength(2);
    expect(n.posts.map((p) => p.postId).sort()).toEqual(['p1', 'p3']);
    expect(n.label).toBe('Memory stores again');
    const unknown = (await client.callTool({
      name: 'get_narrative',
      arguments: { id: 'no-such-thing' },
    })) as CallToolResult;
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent).toMatchObject({ success: false, error: 'narrative not found' });
  });

  it('answers bad arguments with the contract’s validation error, as a tool error', async () => {
    const client = await connect();
    const cases = [
      ['get_digest_history', { hours: 99 }, 'hours'],
      ['get_digest_history', { hours: 2, since: 'x' }, 'since'],
      ['get_latest_digest', { x: 1 }, 'x'],
      ['search_digests', { from: 'yesterday' }, 'from'],
      ['search_digests', { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' }, 'from'],
      ['get_narrative', { id: '../etc' }, 'id'],
      ['advise_post', { prompt: '' }, 'prompt'],
      ['advise_post', {}, 'prompt'],
    ] as const;
    for (const [name, args, field] of cases) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true);
      expect(result.structuredContent).toMatchObject({ success: false, error: 'Validation failed' });
      const details = (result.structuredContent as { details: { field: string }[] }).details;
      expect(details.map((d) => d.field)).toContain(field);
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    }
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('counts each tool call against the limits of the route it mirrors (latest: 5 a minute)', async () => {
    const client = await connect();
    for (let i = 0; i < 5; i++) {
      const ok = (await client.callTool({ name: 'get_latest_digest', arguments: {} })) as CallToolResult;
      expect(ok.isError, text(ok)).toBeFalsy();
    }
    const limited = (await client.callTool({ name: 'get_latest_digest', arguments: {} })) as CallToolResult;
    expect(limited.isError).toBe(true);
    expect(limited.structuredContent).toMatchObject({ success: false, error: 'rate limited' });
    // The same client's REST route shares the window.
    const ip = ipOf.get(client) ?? '';
    expect(
      (await fetch(edge.url('/api/forum/digests/latest'), { headers: { 'x-forwarded-for': ip } })).status,
    ).toBe(429);
    // Other tools are not limited by it.
    const brief = (await client.callTool({ name: 'get_digest_brief', arguments: {} })) as CallToolResult;
    expect(brief.isError).toBeFalsy();
  });

  it('answers a paid tool without payment with x402’s PaymentRequired: the REST challenge’s accepts, the tool as resource', async () => {
    const client = await connect();
    const rest = await fetch(edge.url('/api/forum/digests'), { headers: { 'x-forwarded-for': '10.8.8.8' } });
    const challenge = decodePaymentRequiredHeader(rest.headers.get(X402_HEADERS.challenge) ?? '');
    for (const [name, args] of [
      ['get_digest_history', { hours: 3 }],
      ['advise_post', { prompt: 'Hello agents' }],
    ] as const) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError).toBe(true);
      const required = result.structuredContent as {
        x402Version: number;
        resource: { url: string };
        accepts: { amount: string }[];
      };
      expect(required.x402Version).toBe(2);
      expect(required.resource.url).toBe(`mcp://tool/${name}`);
      expect(JSON.parse(text(result))).toEqual(required);
      if (name === 'get_digest_history') expect(required.accepts).toEqual(challenge.accepts);
      else expect(required.accepts[0]?.amount).toBe('50000');
    }
  });

  it('answers a file tool’s call on its fast path byte for byte as the SDK’s server does', async () => {
    const post = async (params: Record<string, unknown>, id: number | string) => {
      const res = await fetch(edge.url(MCP_PATH), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-forwarded-for': '10.7.7.7',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params }),
      });
      expect(res.status).toBe(200);
      return res.text();
    };
    for (const name of ['get_digest_brief', 'get_digest_index', 'get_changelog']) {
      // `_meta` takes the call through the SDK's server; without it, the fast path answers.
      const fast = await post({ name, arguments: {} }, 7);
      const sdk = await post({ name, arguments: {}, _meta: {} }, 7);
      expect(fast).toBe(sdk);
      expect(await post({ name }, 'req-1')).toBe(sdk.replace(/"id":7}$/, '"id":"req-1"}'));
    }
  });

  it('serves the latest digest and brief as resources', async () => {
    const client = await connect();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'http://localhost/api/forum/digests/latest',
      'http://localhost/api/forum/digests/brief',
    ]);
    const read = await client.readResource({ uri: 'http://localhost/api/forum/digests/brief' });
    const brief = read.contents[0] as { text: string };
    expect(JSON.parse(brief.text)).toMatchObject({ success: true });
  });

  it('answers GET and DELETE 405 with Allow, OPTIONS 204 with CORS, and reports itself in /health', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(edge.url(MCP_PATH), { method, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      expect(await res.json()).toMatchObject({ success: false, error: 'method not allowed' });
    }
    const options = await fetch(edge.url(MCP_PATH), { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
    const health = (await (await fetch(edge.url('/health'))).json()) as {
      checks: { mcp: { endpoint: string; tools: number } };
    };
    expect(health.checks.mcp).toMatchObject({ endpoint: 'http://localhost/mcp', tools: MCP_TOOLS.length });
  });

  it('refuses a body over its limit in the contract’s shape, and a broken JSON-RPC body without crashing', async () => {
    const big = await fetch(edge.url(MCP_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: 'x'.repeat(200_000),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ success: false, error: 'payload too large' });
    const broken = await fetch(edge.url(MCP_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{"jsonrpc":',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });
});
