import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { deleteKeys, pttl, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { memoryStore } from './memory-store.ts';
import { redisStore } from './redis-store.ts';
import type { BucketHit, CounterHit, RateLimitStore } from './store.ts';

const prefix = uniquePrefix();
const stores: Array<[string, () => RateLimitStore]> = [
  ['memory', () => memoryStore()],
  ['redis', () => redisStore({ url: TEST_REDIS_URL, prefix, logger: silentLogger })],
];
afterAll(() => deleteKeys(prefix));

/** Waits until the store is connected (Redis connects asynchronously). */
async function connected(store: RateLimitStore): Promise<void> {
  for (let i = 0; i < 100 && !(await store.status()).reachable; i++)
    await new Promise((r) => setTimeout(r, 20));
}

/** The counts of fixed-window counters only. */
async function counts(store: RateLimitStore, hits: CounterHit[], now: number): Promise<readonly number[]> {
  return (await store.hit(hits, [], now)).counts;
}

/** A counter of `client` in the window starting at `start` and ending at `resetAt`. */
const counter = (client: string, resetAt: number, start = 0): CounterHit => ({
  name: 'latest',
  client,
  start,
  resetAt,
});

/** The general bucket of the contract for `client`: 10 tokens a second, at most 50. */
const bucket = (client: string): BucketHit => ({ name: 'general', client, intervalMs: 100, burst: 50 });

describe.each(stores)('rate-limit store contract: %s', (name, make) => {
  const now = Date.parse('2026-01-30T12:00:00.000Z');

  it('counts hits per key, several keys in one call', async () => {
    const store = make();
    await connected(store);
    const a = `${name}-count-a`;
    const b = `${name}-count-b`;
    expect(await counts(store, [counter(a, now + 60_000)], now)).toEqual([1]);
    expect(await counts(store, [counter(a, now + 60_000), counter(b, now + 60_000)], now)).toEqual([2, 1]);
    await store.close();
  });

  it('is atomic under concurrent hits: every count is handed out once, every token taken once', async () => {
    const store = make();
    await connected(store);
    const key = `${name}-concurrent`;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        store.hit([counter(key, now + 60_000)], [bucket(`${name}-concurrent-bucket`)], now),
      ),
    );
    expect(answers.map((a) => a.counts[0] ?? 0).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
    expect(answers.filter((a) => a.buckets[0]?.conforms).length).toBe(50);
    await store.close();
  });

  it('starts a counter afresh once its window has ended', async () => {
    const store = make();
    await connected(store);
    const key = `${name}-expiry`;
    const start = Date.now();
    const resetAt = start + 40;
    expect(await counts(store, [counter(key, resetAt)], start)).toEqual([1]);
    expect(await counts(store, [counter(key, resetAt)], start)).toEqual([2]);
    // Memory follows the request clock; Redis its own TTL: poll (bounded) until the window is over.
    let count = 0;
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      const t = Date.now();
      [count = 0] = await counts(store, [counter(key, t + 60_000)], t);
      if (count === 1) break;
    }
    expect(count).toBe(1);
    await store.close();
  });

  it('counts the next window of the same client afresh', async () => {
    const store = make();
    await connected(store);
    const client = `${name}-next-window`;
    await counts(store, [counter(client, now + 60_000, now)], now);
    expect(await counts(store, [counter(client, now + 60_000, now)], now)).toEqual([2]);
    const next = now + 60_000;
    expect(await counts(store, [counter(client, next + 60_000, next)], next)).toEqual([1]);
    await store.close();
  });

  it('bucket: 50 back-to-back take a token, the 51st none; 1 s later 10 more, then none', async () => {
    const store = make();
    await connected(store);
    const key = `${name}-bucket`;
    const taken: boolean[] = [];
    for (let i = 0; i < 51; i++) {
      const [answer] = (await store.hit([], [bucket(key)], now)).buckets;
      taken.push(answer?.conforms ?? false);
      if (i === 0) expect(answer?.fullAt).toBe(now + 100);
      if (i === 50) expect(answer?.fullAt).toBe(now + 5_000);
    }
    expect(taken.slice(0, 50).every(Boolean)).toBe(true);
    expect(taken[50]).toBe(false);

    const later = now + 1_000;
    const again: boolean[] = [];
    for (let i = 0; i < 11; i++) {
      again.push((await store.hit([], [bucket(key)], later)).buckets[0]?.conforms ?? false);
    }
    expect(again).toEqual([...Array<boolean>(10).fill(true), false]);
    await store.close();
  });

  it('bucket: a refused request takes nothing; tokens come back at the rate, up to the burst', async () => {
    const store = make();
    await connected(store);
    const key = `${name}-bucket-refill`;
    for (let i = 0; i < 50; i++) await store.hit([], [bucket(key)], now);
    // Refused ten times: the bucket is not pushed further back, so 100 ms later one token is there.
    for (let i = 0; i < 10; i++)
      expect((await store.hit([], [bucket(key)], now)).buckets[0]?.conforms).toBe(false);
    expect((await store.hit([], [bucket(key)], now + 100)).buckets[0]).toEqual({
      conforms: true,
      fullAt: now + 5_100,
    });
    // Long idle: full again, but never more than 50.
    const idle = now + 60_000;
    const results: boolean[] = [];
    for (let i = 0; i < 51; i++)
      results.push((await store.hit([], [bucket(key)], idle)).buckets[0]?.conforms ?? false);
    expect(results.filter(Boolean).length).toBe(50);
    await store.close();
  });

  it('counters and buckets in one call, each answered in order', async () => {
    const store = make();
    await connected(store);
    const answer = await store.hit(
      [counter(`${name}-mixed-a`, now + 60_000)],
      [bucket(`${name}-mixed-b`), { name: 'other', client: `${name}-mixed-c`, intervalMs: 1_000, burst: 1 }],
      now,
    );
    expect(answer).toEqual({
      counts: [1],
      buckets: [
        { conforms: true, fullAt: now + 100 },
        { conforms: true, fullAt: now + 1_000 },
      ],
    });
    await store.close();
  });

  it('reports itself reachable', async () => {
    const store = make();
    await connected(store);
    expect(await store.status()).toMatchObject({ store: name, reachable: true });
    await store.close();
  });
});

describe('redis store specifics', () => {
  it('sets the expiry with the first increment (INCR + PEXPIRE in one script)', async () => {
    const store = redisStore({ url: TEST_REDIS_URL, prefix, logger: silentLogger });
    await connected(store);
    const now = Date.now();
    await counts(store, [counter('ttl', now + 30_000)], now);
    await counts(store, [counter('ttl', now + 90_000)], now);
    const ttl = await pttl(`${prefix}latest:ttl:0`);
    expect(ttl).toBeGreaterThan(20_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
    await store.close();
  });

  it('lets a bucket key expire when the bucket is full again', async () => {
    const store = redisStore({ url: TEST_REDIS_URL, prefix, logger: silentLogger });
    await connected(store);
    const now = Date.now();
    for (let i = 0; i < 20; i++) await store.hit([], [bucket('bucket-ttl')], now);
    const ttl = await pttl(`${prefix}general:bucket-ttl`);
    expect(ttl).toBeGreaterThan(1_000);
    expect(ttl).toBeLessThanOrEqual(2_000);
    await store.close();
  });
});

describe('memory store bounds', () => {
  it('never holds more than maxKeys counters and buckets, dropping the oldest', async () => {
    const store = memoryStore({ maxKeys: 100 });
    const now = 1_000;
    for (let i = 0; i < 500; i++) store.hit([counter(`k${i}`, now + 60_000)], [], now);
    for (let i = 0; i < 500; i++) store.hit([], [bucket(`b${i}`)], now);
    expect(store.size()).toBe(100);
    expect(store.evicted()).toBe(900);
    expect(store.hit([], [bucket('b499')], now).buckets[0]?.fullAt).toBe(now + 200);
  });

  it('sweeps expired counters and full buckets as the clock moves', async () => {
    const store = memoryStore({ sweepEveryMs: 1_000 });
    for (let i = 0; i < 50; i++) store.hit([counter(`k${i}`, 2_000)], [bucket(`b${i}`)], 1_000);
    expect(store.size()).toBe(100);
    store.hit([counter('late', 10_000)], [], 5_000);
    expect(store.size()).toBe(1);
  });
});
