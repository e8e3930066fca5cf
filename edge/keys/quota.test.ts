import { afterAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { redisState } from '../state/redis-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import type { StateStore } from '../state/state.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { keyQuota } from './quota.ts';

const prefix = uniquePrefix();
afterAll(() => deleteKeys(prefix));

const DAY = 24 * 60 * 60 * 1000;
const midnight = Date.parse('2026-03-10T00:00:00.000Z');

/** Waits until a Redis state is connected. */
async function connected(state: StateStore): Promise<void> {
  while (!state.ready()) await new Promise((r) => setTimeout(r, 20));
}

/** A state of its own in memory (SQLite). */
const memory = () => sqliteState(':memory:');

describe('key quota', () => {
  it('allows the contract’s 2 a day, refuses the third until the next UTC midnight, then allows again', async () => {
    let now = midnight + 15 * 60 * 60 * 1000 + 30_500; // 15:00:30.5 UTC
    const quota = keyQuota({ state: memory(), perDay: LIMITS.advisorKey.max, now: () => now });
    expect(await quota.take('key_a')).toEqual({ ok: true, limit: 2, remaining: 1, resetAt: midnight + DAY });
    expect(await quota.take('key_a')).toEqual({ ok: true, limit: 2, remaining: 0, resetAt: midnight + DAY });
    const refused = await quota.take('key_a');
    expect(refused).toEqual({ ok: false, limit: 2, retryAfterSeconds: 32_370, resetAt: midnight + DAY });
    // Another key has its own quota.
    expect((await quota.take('key_b')).ok).toBe(true);
    now = midnight + DAY - 1;
    expect(await quota.take('key_a')).toMatchObject({ ok: false, retryAfterSeconds: 1 });
    now = midnight + DAY;
    expect(await quota.take('key_a')).toEqual({
      ok: true,
      limit: 2,
      remaining: 1,
      resetAt: midnight + 2 * DAY,
    });
  });

  it('release gives a taken unit back: take, take, release, and the next take succeeds', async () => {
    const now = midnight + 9 * 60 * 60 * 1000;
    const quota = keyQuota({ state: memory(), perDay: 2, now: () => now });
    await quota.take('key_r');
    const second = await quota.take('key_r');
    expect(second).toMatchObject({ ok: true, remaining: 0 });
    expect(await quota.release('key_r', second)).toBe(true);
    expect(await quota.take('key_r')).toEqual({ ok: true, limit: 2, remaining: 0, resetAt: midnight + DAY });
    expect((await quota.take('key_r')).ok).toBe(false);
  });

  it('release never lets the count go below zero, nor touches another key', async () => {
    const now = midnight + 9 * 60 * 60 * 1000;
    const quota = keyQuota({ state: memory(), perDay: 2, now: () => now });
    const taken = await quota.take('key_z');
    await quota.take('key_other');
    expect(await quota.release('key_z', taken)).toBe(true);
    expect(await quota.release('key_z', taken)).toBe(false);
    expect(await quota.release('key_z', taken)).toBe(false);
    // Still exactly 2 for the day, not 4.
    expect(await quota.take('key_z')).toMatchObject({ ok: true, remaining: 1 });
    expect(await quota.take('key_z')).toMatchObject({ ok: true, remaining: 0 });
    expect((await quota.take('key_z')).ok).toBe(false);
    expect(await quota.take('key_other')).toMatchObject({ ok: true, remaining: 0 });
  });

  it('a release after midnight gives back in the day it was taken, never in the new day', async () => {
    let now = midnight + DAY - 1_000;
    const quota = keyQuota({ state: memory(), perDay: 2, now: () => now });
    const late = await quota.take('key_m');
    now = midnight + DAY + 1_000;
    await quota.take('key_m');
    await quota.take('key_m');
    expect(await quota.release('key_m', late)).toBe(false);
    expect((await quota.take('key_m')).ok).toBe(false);
  });

  it('is shared by two quota objects (two instances) on one Redis store', async () => {
    const now = midnight + 3_600_000;
    const a = redisState({ url: TEST_REDIS_URL, prefix });
    const b = redisState({ url: TEST_REDIS_URL, prefix });
    try {
      await connected(a);
      await connected(b);
      const qa = keyQuota({ state: a, perDay: 2, now: () => now });
      const qb = keyQuota({ state: b, perDay: 2, now: () => now });
      expect((await qa.take('key_shared')).ok).toBe(true);
      const second = await qb.take('key_shared');
      expect(second).toMatchObject({ ok: true, remaining: 0 });
      // A unit given back on one instance is there for the other.
      expect(await qa.release('key_shared', second)).toBe(true);
      expect(await qb.take('key_shared')).toMatchObject({ ok: true, remaining: 0 });
      expect(await qa.take('key_shared')).toMatchObject({ ok: false, retryAfterSeconds: 23 * 3600 });
      const tomorrow = keyQuota({ state: b, perDay: 2, now: () => now + DAY });
      expect((await tomorrow.take('key_shared')).ok).toBe(true);
      // Today's release after midnight leaves tomorrow's counter alone.
      expect(await tomorrow.release('key_shared', second)).toBe(true);
      expect(await tomorrow.take('key_shared')).toMatchObject({ ok: true, remaining: 0 });
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('while Redis is unreachable counts in the instance’s own state, and gives back there', async () => {
    const now = midnight + 3_600_000;
    const down = redisState({ url: `redis://127.0.0.1:${await closedPort()}`, prefix });
    const local = memory();
    try {
      const quota = keyQuota({ state: down, fallback: local, perDay: 2, now: () => now });
      await quota.take('key_down');
      const second = await quota.take('key_down');
      expect(second).toMatchObject({ ok: true, remaining: 0 });
      expect((await quota.take('key_down')).ok).toBe(false);
      expect(await quota.release('key_down', second)).toBe(true);
      expect(
        await local.takeQuota(
          { name: LIMITS.advisorKey.name, client: 'key_down', start: midnight, resetAt: midnight + DAY },
          now,
        ),
      ).toBe(3);
    } finally {
      await down.close();
      await local.close();
    }
  });
});
