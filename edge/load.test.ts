import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../core/schemas/envelope.ts';
import { type LoadRequest, runLoad } from './bench/load-generator.ts';
import { fakeSiteFiles, writeSite } from './testing/fixtures.ts';
import { type SpawnedEdge, spawnEdge } from './testing/spawn-edge.ts';

let dir: string;
let edge: SpawnedEdge;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-load-'));
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
  // Loopback is a trusted proxy, so X-Forwarded-For spreads the load over many clients.
  edge = await spawnEdge(
    { DIST_DIR: join(dir, 'dist'), CONTENT_DIR: join(dir, 'content'), TRUSTED_PROXIES: '127.0.0.1' },
    { probeMemory: true },
  );
});
afterAll(async () => {
  await edge?.stop();
  await rm(dir, { recursive: true, force: true });
});

const PATHS = [
  '/api/forum/digests/latest',
  '/api/forum/digests/brief',
  '/api/forum/digests/index',
  '/api/forum/sample',
  '/discovery',
  '/api',
  '/',
  '/openapi.json',
  '/_astro/site.abc123.css',
  '/digests/2026/01/30/10/',
];

/** Successful requests of every kind, from 300 clients; a few conditional and HEAD. */
function mixed(i: number): LoadRequest {
  const headers: Record<string, string> = { 'X-Forwarded-For': `198.18.${(i % 300) >> 8}.${i % 300}` };
  if (i % 7 === 0) headers['If-None-Match'] = '"stale"';
  if (i % 5 === 0) headers.Accept = 'application/json';
  return { method: i % 11 === 0 ? 'HEAD' : 'GET', path: PATHS[i % PATHS.length] ?? '/', headers };
}

describe('under load (a separate edge process on loopback)', () => {
  it('answers only 200/304 and contract 429s, and its heap is flat afterwards', async () => {
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    const check = (status: number, headers: Record<string, unknown>, body: Buffer, method: string) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 429) {
        if (!headers['retry-after'] || !headers['ratelimit-reset'])
          bad.push('429 without Retry-After/RateLimit-Reset');
        if (method !== 'HEAD' && !ErrorBody.safeParse(JSON.parse(body.toString('utf8'))).success)
          bad.push('429 body');
      } else if (status !== 200 && status !== 304) bad.push(`status ${status}`);
    };
    const round = (requests: number) =>
      runLoad({
        port: edge.port,
        concurrency: 32,
        maxRequests: requests,
        maxMs: 12_000,
        next: mixed,
        onResponse: (r) => check(r.status, r.headers, r.body, r.request.method),
      });

    const warm = await round(3_000);
    expect(warm.errors).toEqual([]);
    const before = await edge.memory();
    const main = await round(12_000);
    expect(main.errors).toEqual([]);
    const after = await edge.memory();

    expect(bad).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(1_000);
    expect(statuses.get(429)).toBeGreaterThan(0);
    // Bounded counters and no per-request leftovers: the heap after a GC grows by well under 1 KB per request.
    expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * 1024 * 1024);
    const health = await fetch(edge.url('/health'), { headers: { 'X-Forwarded-For': '198.19.0.1' } });
    expect(health.status).toBe(200);
  });
});
