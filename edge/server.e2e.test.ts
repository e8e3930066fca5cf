import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../core/limits.ts';
import { windowFor } from './rate-limit/window.ts';
import { fakeSiteFiles, writeSite } from './testing/fixtures.ts';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from './testing/redis.ts';
import { type SpawnedEdge, spawnEdge } from './testing/spawn-edge.ts';

let dir: string;
const prefix = uniquePrefix();
const started: SpawnedEdge[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-server-'));
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
});
afterAll(async () => {
  await Promise.all(started.map((e) => e.stop()));
  await deleteKeys(prefix);
  await rm(dir, { recursive: true, force: true });
});

async function start(env: Record<string, string>): Promise<SpawnedEdge> {
  const edge = await spawnEdge({ DIST_DIR: join(dir, 'dist'), CONTENT_DIR: join(dir, 'content'), ...env });
  started.push(edge);
  return edge;
}

/** Polls `check` until it holds (bounded), for changes the process picks up asynchronously. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('edge processes', () => {
  it('two instances sharing Redis enforce one limit between them', async () => {
    const env = {
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: TEST_REDIS_URL,
      RATE_LIMIT_PREFIX: prefix,
      TRUSTED_PROXIES: '127.0.0.1',
    };
    const [a, b] = await Promise.all([start(env), start(env)]);
    if (!a || !b) throw new Error('not started');
    // Wait until both report Redis reachable (they connect asynchronously).
    for (const edge of [a, b]) {
      expect(
        await eventually(async () => {
          const health = (await (await fetch(edge.url('/health'))).json()) as {
            checks: { rateLimitStore: { reachable: boolean } };
          };
          return health.checks.rateLimitStore.reachable;
        }),
      ).toBe(true);
    }
    // A client (via the trusted loopback proxy) whose latest-window has over 10 s left, so all six
    // requests fall into one window.
    let n = 0;
    while (windowFor(LIMITS.latest, `198.18.0.${n}`, Date.now()).resetAt - Date.now() < 10_000) n++;
    const client = { 'X-Forwarded-For': `198.18.0.${n}` };
    const seen: Array<[number, string | null]> = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch((i % 2 ? b : a).url('/api/forum/digests/latest'), { headers: client });
      await res.arrayBuffer();
      seen.push([res.status, res.headers.get('ratelimit-remaining')]);
    }
    const statuses = seen.map(([s]) => s);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(seen.slice(0, 5).map(([, r]) => r)).toEqual(['4', '3', '2', '1', '0']);
    expect(statuses[5]).toBe(429);
  });

  it('answers conditional GETs over HTTP: 304 to a matching If-None-Match, 200 with the ETag otherwise', async () => {
    const edge = await start({});
    // A declared file route, the negotiated setup guide and a plain site file (the catch-all).
    for (const path of ['/api/forum/digests/latest', '/api', '/llms.txt']) {
      const first = await fetch(edge.url(path));
      const body = await first.text();
      const tag = first.headers.get('etag');
      expect([path, first.status, body.length > 0]).toEqual([path, 200, true]);
      expect(tag).toMatch(/^"/);
      const again = await fetch(edge.url(path), { headers: { 'If-None-Match': `"other", W/${tag}` } });
      expect([path, again.status, await again.text()]).toEqual([path, 304, '']);
      expect(again.headers.get('etag')).toBe(tag);
      expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
      expect(again.headers.get('access-control-allow-origin')).toBe('*');
      const stale = await fetch(edge.url(path), { headers: { 'If-None-Match': '"other"' } });
      expect([path, stale.status, await stale.text()]).toEqual([path, 200, body]);
    }
  });

  it('reloads dist/ on SIGHUP and when it changes, then shuts down cleanly on SIGTERM', async () => {
    const edge = await start({ DIST_WATCH: '1', DIST_RELOAD_QUIET_MS: '100' });
    expect((await fetch(edge.url('/llms.txt'))).status).toBe(200);
    expect((await fetch(edge.url('/new.txt'))).status).toBe(404);

    await writeFile(join(dir, 'dist', 'new.txt'), 'fresh');
    expect(await eventually(async () => (await fetch(edge.url('/new.txt'))).status === 200)).toBe(true);

    await writeFile(join(dir, 'dist', 'hup.txt'), 'after hup');
    edge.child.kill('SIGHUP');
    expect(await eventually(async () => (await fetch(edge.url('/hup.txt'))).status === 200)).toBe(true);
    expect(edge.log()).toMatch(/site reloaded/);

    expect(await edge.stop()).toBe(0);
  });

  it('refuses to start on a bad configuration, naming the variable', async () => {
    await expect(spawnEdge({ RATE_LIMIT_STORE: 'redis' })).rejects.toThrow(/REDIS_URL: is required/);
    await expect(spawnEdge({ TRUSTED_PROXIES: 'proxy.local' })).rejects.toThrow(/TRUSTED_PROXIES/);
  });
});
