import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS, type RateLimit } from '../../core/limits.ts';
import { ErrorBody } from '../../core/schemas/envelope.ts';
import { createApp } from '../app.ts';
import { silentLogger } from '../logger.ts';
import { distFromEntries } from '../static/dist-map.ts';
import { asClient, fakeSiteFiles, TEST_CTX } from '../testing/fixtures.ts';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { memoryStore } from './memory-store.ts';
import { redisStore } from './redis-store.ts';
import type { RateLimitStore } from './store.ts';
import { windowFor } from './window.ts';

const prefix = uniquePrefix();
afterAll(() => deleteKeys(prefix));

const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => memoryStore()],
  ['redis', () => redisStore({ url: TEST_REDIS_URL, prefix, logger: silentLogger })],
];

const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform);
let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;

/** An app on a clock the test moves, and a request helper for one client. */
async function limited(makeStore: () => RateLimitStore, options: { trustedProxies?: string[] } = {}) {
  const store = makeStore();
  for (let i = 0; i < 100 && !(await store.status()).reachable; i++)
    await new Promise((r) => setTimeout(r, 20));
  const clock = { t: 0 };
  const app = createApp({
    ctx: TEST_CTX,
    dist: () => dist,
    contentDir: '/nonexistent',
    store,
    now: () => clock.t,
    trustedProxies: options.trustedProxies,
  });
  const get = (path: string, ip: string, headers: Record<string, string> = {}) =>
    app.request(path, { headers }, asClient(ip));
  return { app, clock, get, store };
}

/** The start of `limit`'s window for `ip` that contains `around` (so a test can fill one window exactly). */
const windowStart = (limit: RateLimit, ip: string, around: number) => windowFor(limit, ip, around).start;

describe.each(stores)('limits of the contract with the %s store', (_name, makeStore) => {
  it('latest: 5 per minute per IP, then 429 with Retry-After, RateLimit-* and the error body', async () => {
    const { clock, get, store } = await limited(makeStore);
    const ip = freshIp();
    const start = windowStart(LIMITS.latest, ip, Date.parse('2026-01-30T12:00:00Z'));
    const resetAt = start + 60_000;
    for (let i = 0; i < 5; i++) {
      clock.t = start + i * 1_000;
      const res = await get('/api/forum/digests/latest', ip);
      expect(res.status).toBe(200);
      expect(res.headers.get('ratelimit-limit')).toBe('5');
      expect(res.headers.get('ratelimit-remaining')).toBe(String(4 - i));
      expect(res.headers.get('ratelimit-reset')).toBe(String(Math.ceil(resetAt / 1000)));
    }
    clock.t = start + 30_000;
    const refused = await get('/api/forum/digests/latest', ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(ErrorBody.parse(await refused.json()).error).toBe('rate limited');
    // Another client is not affected; the same client is served again in the next window.
    expect((await get('/api/forum/digests/latest', freshIp())).status).toBe(200);
    clock.t = resetAt;
    expect((await get('/api/forum/digests/latest', ip)).status).toBe(200);
    await store.close();
  });

  it('sample: 1 per 20 minutes per IP', async () => {
    const { clock, get, store } = await limited(makeStore);
    const ip = freshIp();
    const start = windowStart(LIMITS.sample, ip, Date.parse('2026-01-30T12:00:00Z'));
    clock.t = start;
    const first = await get('/api/forum/sample', ip);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('1');
    clock.t = start + 60_000;
    const second = await get('/api/forum/sample', ip);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toBe(String(19 * 60));
    clock.t = start + 20 * 60_000;
    expect((await get('/api/forum/sample', ip)).status).toBe(200);
    await store.close();
  });

  it('general bucket: 50 back-to-back on any path, the 51st 429; 1 s later 10 more, then 429', async () => {
    const { clock, get, store } = await limited(makeStore);
    const ip = freshIp();
    const start = Date.parse('2026-01-30T12:00:00.250Z');
    clock.t = start;
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await get(i % 2 ? '/discovery' : '/nowhere', ip)).status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);

    const refused = await get('/discovery', ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit-limit')).toBe('50');
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('ratelimit-reset')).toBe(String(Math.ceil((start + 5_000) / 1000)));
    expect(ErrorBody.parse(await refused.json()).error).toBe('rate limited');

    clock.t = start + 1_000;
    const later: number[] = [];
    for (let i = 0; i < 11; i++) later.push((await get('/discovery', ip)).status);
    expect(later).toEqual([...Array<number>(10).fill(200), 429]);
    await store.close();
  });

  it('general bucket: RateLimit-* count whole tokens left and the time the bucket is full again', async () => {
    const { clock, get, store } = await limited(makeStore);
    const ip = freshIp();
    const start = Date.parse('2026-01-30T12:00:00.000Z');
    clock.t = start;
    const first = await get('/llms.txt', ip);
    expect(first.headers.get('ratelimit-limit')).toBe('50');
    expect(first.headers.get('ratelimit-remaining')).toBe('49');
    expect(first.headers.get('ratelimit-reset')).toBe(String(Math.ceil((start + 100) / 1000)));
    for (let i = 0; i < 19; i++) await get('/llms.txt', ip);
    // 20 taken at once, then 1.5 s idle: 15 tokens back, 45 left before this request, 44 after it.
    clock.t = start + 1_500;
    const res = await get('/llms.txt', ip);
    expect(res.headers.get('ratelimit-remaining')).toBe('44');
    expect(res.headers.get('ratelimit-reset')).toBe(String(Math.ceil((start + 2_100) / 1000)));
    await store.close();
  });

  it('general bucket: sustains 10 per second once the burst is spent', async () => {
    const { clock, get, store } = await limited(makeStore);
    const ip = freshIp();
    const start = Date.parse('2026-01-30T12:00:00.000Z');
    clock.t = start;
    for (let i = 0; i < 50; i++) await get('/discovery', ip);
    const statuses: number[] = [];
    // 60 more over 6 s, one every 100 ms: each finds the token that came back since the last.
    for (let i = 1; i <= 60; i++) {
      clock.t = start + i * 100;
      statuses.push((await get('/discovery', ip)).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    // Two in the same 100 ms: the second is refused.
    expect((await get('/discovery', ip)).status).toBe(429);
    await store.close();
  });

  it('counts the socket address, ignoring X-Forwarded-For unless the socket is a trusted proxy', async () => {
    const untrusted = await limited(makeStore);
    const ip = freshIp();
    untrusted.clock.t = windowStart(LIMITS.latest, ip, Date.parse('2026-01-30T12:00:00Z'));
    for (let i = 0; i < 5; i++) {
      await untrusted.get('/api/forum/digests/latest', ip, { 'X-Forwarded-For': `203.0.113.${i}` });
    }
    const spoofed = await untrusted.get('/api/forum/digests/latest', ip, {
      'X-Forwarded-For': '203.0.113.99',
    });
    expect(spoofed.status).toBe(429);
    await untrusted.store.close();

    const proxy = freshIp();
    const behind = await limited(makeStore, { trustedProxies: [proxy] });
    behind.clock.t = Date.parse('2026-01-30T12:00:00Z');
    for (let i = 0; i < 8; i++) {
      const res = await behind.get('/api/forum/digests/latest', proxy, {
        'X-Forwarded-For': `198.51.100.${i}`,
      });
      expect(res.status).toBe(200);
    }
    await behind.store.close();
  });
});
