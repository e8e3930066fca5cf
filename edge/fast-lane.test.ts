import { createServer, type RequestListener, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createEdge } from './app.ts';
import { rawHeader } from './fast-lane.ts';
import { memoryStore } from './rate-limit/memory-store.ts';
import { distFromEntries } from './static/dist-map.ts';
import { fakeSiteFiles, TEST_CTX } from './testing/fixtures.ts';

const NOW = Date.parse('2026-01-30T11:20:00.250Z');
const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

/** An edge on loopback: with its fast lane in front of the adapter (as start.ts wires it), or the app alone. */
async function serve(withLane: boolean) {
  const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform, new Date(NOW));
  const edge = createEdge({
    ctx: TEST_CTX,
    dist: () => dist,
    contentDir: '/nonexistent',
    store: memoryStore(),
    now: () => NOW,
  });
  const adapter = getRequestListener((req, env) => edge.app.fetch(req, env));
  let handedOn = 0;
  const next: RequestListener = (req, res) => {
    handedOn++;
    adapter(req, res);
  };
  const server = createServer(withLane ? (req, res) => edge.lane(req, res, next) : next);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, handedOn: () => handedOn };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => {
        const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = res.headers;
        resolve({ status: res.statusCode ?? 0, headers: rest, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('fast lane', () => {
  it('answers exactly as the app does, counting each request once', async () => {
    const [laned, plain] = await Promise.all([serve(true), serve(false)]);
    const latest = '/api/forum/digests/latest';
    // Both edges see the same requests from the same client (and so the same limits).
    await send(laned.port, 'GET', '/llms.txt');
    const etag = (await send(plain.port, 'GET', '/llms.txt')).headers.etag as string;
    const requests: Array<[string, string, Record<string, string>?]> = [
      ...Array.from({ length: 7 }, (): [string, string] => ['GET', latest]),
      ['GET', '/llms.txt', { 'If-None-Match': etag }],
      ['GET', '/llms.txt', { 'If-None-Match': '"other"' }],
      ['GET', '/'],
      ['GET', '/digests/2026/01/30/10/'],
      ['GET', '/_astro/site.abc123.css'],
      ['GET', '/api/forum/sample'],
      ['GET', '/api/forum/sample'],
      ['GET', '/health'],
      ['GET', '/api/digests/latest'],
      ['GET', '/digests/2026/01/30/10'],
      ['GET', '/nowhere'],
      ['GET', '/llms.txt?x=1'],
      ['HEAD', '/llms.txt'],
      ['POST', '/llms.txt'],
    ];
    for (const [method, path, headers] of requests) {
      const [a, b] = [
        await send(laned.port, method, path, headers),
        await send(plain.port, method, path, headers),
      ];
      expect(a, `${method} ${path}`).toEqual(b);
      // Never chunked where the app sends a length (a raw client relies on it).
      if (a.body !== '') expect(a.headers['content-length'], `${method} ${path}`).toBeDefined();
    }
    // The sixth latest request was refused by the app after the lane had counted it: 5 per minute held.
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await send(laned.port, 'GET', latest)).status);
    expect(statuses).toEqual([429, 429]);
    // Plain file GETs never reached the adapter; the rest did.
    expect(laned.handedOn()).toBeLessThan(plain.handedOn() - 8);
  });

  it('reads headers from the raw lines, joining repeats', () => {
    const req = { rawHeaders: ['Host', 'a', 'If-None-Match', '"x"', 'if-none-match', '"y"'] };
    expect(rawHeader(req as never, 'if-none-match')).toBe('"x", "y"');
    expect(rawHeader(req as never, 'host')).toBe('a');
    expect(rawHeader(req as never, 'accept')).toBeUndefined();
  });
});
