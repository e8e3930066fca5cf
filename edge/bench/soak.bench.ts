// `npm run bench:edge-soak`: a separate edge process on loopback under mixed load from 300 clients
// (successful requests of every kind, a few conditional and HEAD), rate limiting on: 3,000 requests to
// warm up, then 12,000. Prints the statuses, the heap after a full GC before and after the 12,000, and
// its growth per request; exits 1 when an answer is not 200/304 or a contract 429 (with Retry-After,
// RateLimit-Reset and an ErrorBody), or when /health is not 200 afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorBody } from '../../core/schemas/envelope.ts';
import { fakeSiteFiles, writeSite } from '../testing/fixtures.ts';
import { spawnEdge } from '../testing/spawn-edge.ts';
import { type LoadRequest, runLoad } from './load-generator.ts';

const WARM = Number(process.env.BENCH_WARM_REQUESTS ?? 3_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 12_000);

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

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const dir = await mkdtemp(join(tmpdir(), 'edge-soak-'));
try {
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
  // Loopback is a trusted proxy, so X-Forwarded-For spreads the load over many clients.
  const edge = await spawnEdge(
    { DIST_DIR: join(dir, 'dist'), CONTENT_DIR: join(dir, 'content'), TRUSTED_PROXIES: '127.0.0.1' },
    { probeMemory: true },
  );
  try {
    const statuses = new Map<number, number>();
    const bad: string[] = [];
    const round = (requests: number) =>
      runLoad({
        port: edge.port,
        concurrency: 32,
        maxRequests: requests,
        maxMs: 60_000,
        next: mixed,
        onResponse: ({ status, headers, body, request }) => {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 429) {
            if (!headers['retry-after'] || !headers['ratelimit-reset'])
              bad.push('429 without Retry-After/RateLimit-Reset');
            if (request.method !== 'HEAD' && !ErrorBody.safeParse(JSON.parse(body.toString('utf8'))).success)
              bad.push('429 body not an ErrorBody');
          } else if (status !== 200 && status !== 304) bad.push(`status ${status}`);
        },
      });

    const warm = await round(WARM);
    const before = await edge.memory();
    const started = performance.now();
    const main = await round(REQUESTS);
    const seconds = (performance.now() - started) / 1000;
    const after = await edge.memory();
    const health = await fetch(edge.url('/health'), { headers: { 'X-Forwarded-For': '198.19.0.1' } });

    const growth = after.heapUsed - before.heapUsed;
    console.log(`edge soak: ${WARM} warm-up + ${REQUESTS} requests, 32 connections, 300 clients`);
    console.log(
      `  ${main.latencies.length} answered in ${seconds.toFixed(1)} s (${(main.latencies.length / seconds).toFixed(0)} req/s)`,
    );
    console.log(`  statuses: ${[...statuses].map(([s, n]) => `${s}×${n}`).join(' ')}`);
    console.log(
      `  heap after GC: ${mb(before.heapUsed)} → ${mb(after.heapUsed)} (${mb(growth)}, ${(growth / REQUESTS).toFixed(0)} B per request)`,
    );
    console.log(`  rss: ${mb(before.rss)} → ${mb(after.rss)}; /health ${health.status}`);
    const errors = [...warm.errors, ...main.errors];
    const problems = [...new Set([...bad, ...errors.map(String)])];
    if (health.status !== 200) problems.push(`/health ${health.status}`);
    if (problems.length > 0) {
      console.error(`edge soak: ${problems.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    await edge.stop();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
