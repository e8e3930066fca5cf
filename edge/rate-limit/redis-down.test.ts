import { describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { memoryLogger } from '../logger.ts';
import { distFromEntries } from '../static/dist-map.ts';
import { asClient, fakeSiteFiles, TEST_CTX } from '../testing/fixtures.ts';
import { closedPort, uniquePrefix } from '../testing/redis.ts';
import { fallbackStore } from './fallback-store.ts';
import { memoryStore } from './memory-store.ts';
import { redisStore } from './redis-store.ts';

describe('Redis unreachable (a closed port)', () => {
  it('keeps serving and limiting per instance, memory bounded, health degraded, logged once', async () => {
    const logger = memoryLogger();
    const shared = redisStore({
      url: `redis://127.0.0.1:${await closedPort()}`,
      prefix: uniquePrefix(),
      logger,
    });
    const local = memoryStore({ maxKeys: 500 });
    const store = fallbackStore(shared, local, logger);
    const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform);
    const clock = { t: Date.parse('2026-01-30T10:30:00Z') };
    const app = createApp({
      ctx: TEST_CTX,
      dist: () => dist,
      contentDir: '/nonexistent',
      store,
      now: () => clock.t,
      logger,
    });

    // Many clients, many requests: nothing queues for Redis, the local store stays within its bound.
    const statuses = new Map<number, number>();
    for (let i = 0; i < 3_000; i++) {
      clock.t += 7;
      const res = await app.request(
        '/api/forum/digests/latest',
        {},
        asClient(`10.1.${(i >> 8) & 255}.${i & 255}`),
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
    expect([...statuses.keys()].every((s) => s === 200 || s === 429)).toBe(true);
    expect(local.size()).toBeLessThanOrEqual(500);

    // The contract's limits still hold within this instance.
    const ip = '10.9.9.9';
    const seen: number[] = [];
    for (let i = 0; i < 6; i++)
      seen.push((await app.request('/api/forum/digests/latest', {}, asClient(ip))).status);
    expect(seen.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);

    const health = (await (await app.request('/health', {}, asClient('10.8.8.8'))).json()) as {
      status: string;
      reasons: string[];
      checks: { rateLimitStore: { reachable: boolean; fallback?: string } };
    };
    expect(health.status).toBe('degraded');
    expect(health.checks.rateLimitStore).toMatchObject({ reachable: false, fallback: 'memory' });
    expect(health.reasons.some((r) => r.includes('rate-limit store redis unreachable'))).toBe(true);

    expect(logger.lines.filter((l) => l.message.startsWith('rate-limit store unreachable'))).toHaveLength(1);
    await store.close();
  });
});
