import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GENERAL_BUCKET } from '../../core/limits.ts';
import { loadEdgeConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { paymentsFromConfig } from '../payments.ts';
import { fallbackStore } from '../rate-limit/fallback-store.ts';
import { rateLimiter } from '../rate-limit/limiter.ts';
import { memoryStore } from '../rate-limit/memory-store.ts';
import { redisStore } from '../rate-limit/redis-store.ts';
import type { RateLimitStore } from '../rate-limit/store.ts';
import { closedPort, deleteKeys, uniquePrefix } from '../testing/redis.ts';

// Issue 11, item 3: one request from each of 101,000 addresses must not give a spent key its calls
// back. The limiter's per-IP store is bounded and evicts its oldest clients; key quotas must not live
// where other traffic can evict them.

const NOW = Date.parse('2026-03-10T15:00:00.000Z');
const prefix = uniquePrefix();
const dirs: string[] = [];
afterAll(async () => {
  await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** One request from each of `count` distinct addresses through the real limiter, as the edge counts them. */
async function flood(store: RateLimitStore, count: number): Promise<void> {
  const limiter = rateLimiter({
    store,
    windowsFor: () => [],
    bucket: GENERAL_BUCKET,
    now: () => NOW,
    logger: silentLogger,
  });
  for (let i = 0; i < count; i++) {
    const decided = limiter.decide(
      `2001:db8:0:0:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::1`,
      '/',
    );
    if (decided instanceof Promise) await decided;
  }
}

describe.each([
  ['the in-process store', async () => ({ env: {}, store: memoryStore() as RateLimitStore })],
  [
    'Redis unreachable (per-instance fallback)',
    async () => {
      const url = `redis://127.0.0.1:${await closedPort()}`;
      const store = fallbackStore(
        redisStore({ url, prefix, logger: silentLogger }),
        memoryStore(),
        silentLogger,
      );
      return { env: { RATE_LIMIT_STORE: 'redis', REDIS_URL: url, RATE_LIMIT_PREFIX: prefix }, store };
    },
  ],
])('a spent free-tier key with %s', (_what, setup) => {
  it('stays spent after 101,000 other clients were counted the same day', async () => {
    const state = await mkdtemp(join(tmpdir(), 'murmur-quota-flood-'));
    dirs.push(state);
    const { env, store } = await setup();
    const cfg = loadEdgeConfig({ STATE_DIR: state, ...env });
    const payments = await paymentsFromConfig(cfg, {
      ctx: { baseUrl: 'http://localhost', platform: 'forum' },
      logger: silentLogger,
      now: () => NOW,
    });
    try {
      const quota = payments.freeTier.quota;
      const keyId = 'key_0123456789abcdef';
      expect((await quota.take(keyId)).ok).toBe(true);
      expect((await quota.take(keyId)).ok).toBe(true);
      expect((await quota.take(keyId)).ok).toBe(false);
      await flood(store, 101_000);
      expect(await quota.take(keyId)).toMatchObject({ ok: false, limit: 2 });
    } finally {
      await payments.close();
      await store.close();
    }
  }, 60_000);
});
