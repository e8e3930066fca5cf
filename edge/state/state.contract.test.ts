import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoredKey } from '../keys/key.ts';
import type { SettlementRecord } from '../paid/settlement-log.ts';
import { newRecord, type RefundRecord } from '../refunds/order.ts';
import { manualClock } from '../testing/clock.ts';
import { advanceRedisClock, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { redisState } from './redis-state.ts';
import { sqliteState } from './sqlite-state.ts';
import type { StateStore } from './state.ts';

// One behaviour, two stores: every test below runs against the SQLite file and against Redis.

const prefixes: string[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A store, and a way to move the clock its locks expire by (SQLite: its `now`; Redis: its own). */
type Opened = StateStore & { advance(ms: number): Promise<void> };

const stores: Array<[string, () => Promise<Opened>]> = [
  [
    'sqlite',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'murmur-state-'));
      dirs.push(dir);
      const clock = manualClock();
      const state = sqliteState(join(dir, 'state.db'), { now: clock.now });
      return Object.assign(state, { advance: async (ms: number) => clock.advance(ms) });
    },
  ],
  [
    'redis',
    async () => {
      const prefix = uniquePrefix();
      prefixes.push(prefix);
      const state = redisState({ url: TEST_REDIS_URL, prefix });
      return Object.assign(state, { advance: (ms: number) => advanceRedisClock(prefix, ms) });
    },
  ],
];

const key = (n: number, createdAt = `2026-03-0${n}T00:00:00.000Z`): StoredKey => ({
  id: `key_${String(n).padStart(16, '0')}`,
  sha256: 'ab'.repeat(32),
  createdAt,
});

const order = (n: number, at = `2026-03-10T10:00:0${n}.000Z`): RefundRecord =>
  newRecord(
    {
      network: 'eip155:8453',
      asset: `0x${'a'.repeat(40)}`,
      to: `0x${'b'.repeat(40)}`,
      amount: '50000',
      route: '/api/forum/advisor',
      settlementTx: `0x${String(n).padStart(64, '0')}`,
      reason: 'test',
    },
    new Date(at),
  );

const settlement = (n: number): SettlementRecord => ({
  at: `2026-03-10T10:00:0${n}.000Z`,
  outcome: 'settled',
  route: '/api/forum/digests',
  network: 'eip155:8453',
  asset: `0x${'a'.repeat(40)}`,
  amount: '20000',
  payer: `0x${'c'.repeat(40)}`,
  transaction: `0x${String(n).padStart(64, '0')}`,
});

describe.each(stores)('state store: %s', (_name, open) => {
  it('keys: inserted once, listed oldest first, revoked once', async () => {
    const state = await open();
    try {
      expect(await state.insertKey(key(2))).toBe(true);
      expect(await state.insertKey(key(1))).toBe(true);
      expect(await state.insertKey({ ...key(1), label: 'again' })).toBe(false);
      expect(await state.getKey(key(1).id)).toEqual(key(1));
      expect(await state.getKey('key_missing')).toBeUndefined();
      expect((await state.listKeys()).map((k) => k.id)).toEqual([key(1).id, key(2).id]);
      expect(await state.revokeKey(key(1).id, '2026-03-11T00:00:00.000Z')).toBe(true);
      expect(await state.revokeKey(key(1).id, '2026-03-12T00:00:00.000Z')).toBe(true);
      expect((await state.getKey(key(1).id))?.revokedAt).toBe('2026-03-11T00:00:00.000Z');
      expect(await state.revokeKey('key_missing', '2026-03-11T00:00:00.000Z')).toBe(false);
    } finally {
      await state.close();
    }
  });

  it('quotas: counted per window, given back never below 0 and only in their own window', async () => {
    const state = await open();
    const now = Date.now();
    const day = { name: 'advisorKey', client: 'key_a', start: now - 1_000, resetAt: now + 60_000 };
    const next = { ...day, start: day.resetAt, resetAt: day.resetAt + 60_000 };
    try {
      expect(await state.takeQuota(day, now)).toBe(1);
      expect(await state.takeQuota(day, now)).toBe(2);
      expect(await state.takeQuota({ ...day, client: 'key_b' }, now)).toBe(1);
      expect(await state.releaseQuota(day, now)).toBe(true);
      expect(await state.takeQuota(day, now)).toBe(2);
      expect(await state.releaseQuota(next, now)).toBe(false);
      expect(await state.releaseQuota({ ...day, client: 'key_b' }, now)).toBe(true);
      expect(await state.releaseQuota({ ...day, client: 'key_b' }, now)).toBe(false);
      expect(await state.takeQuota(next, now)).toBe(1);
    } finally {
      await state.close();
    }
  });

  it('refunds: filed once by id, listed oldest first by state', async () => {
    const state = await open();
    try {
      expect(await state.insertRefund(order(2))).toBeUndefined();
      expect(await state.insertRefund(order(1))).toBeUndefined();
      expect(await state.insertRefund({ ...order(1), reason: 'again' })).toEqual(order(1));
      expect(await state.getRefund(order(1).id)).toEqual(order(1));
      expect(await state.getRefund('rf_missing')).toBeUndefined();
      expect((await state.listRefunds()).map((r) => r.id)).toEqual([order(1).id, order(2).id]);
      expect(await state.lockRefund(order(2).id, 'w', 10_000)).toBe(true);
      const done: RefundRecord = { ...order(2), state: 'confirmed' };
      expect(await state.saveRefund(order(2).id, 'w', done, 10_000)).toBe(true);
      expect((await state.listRefunds(['queued', 'signed'])).map((r) => r.id)).toEqual([order(1).id]);
      expect((await state.listRefunds(['confirmed'])).map((r) => r.id)).toEqual([order(2).id]);
    } finally {
      await state.close();
    }
  });

  it('refunds: one lock holder writes; the lock is given back, or only expires', async () => {
    const state = await open();
    const id = order(1).id;
    try {
      await state.insertRefund(order(1));
      expect(await state.lockRefund('rf_missing', 'a', 10_000)).toBe(false);
      expect(await state.lockRefund(id, 'a', 10_000)).toBe(true);
      expect(await state.lockRefund(id, 'b', 10_000)).toBe(false);
      expect(await state.saveRefund(id, 'b', { ...order(1), attempts: 9 }, 10_000)).toBe(false);
      expect(await state.deleteRefund(id, 'b')).toBe(false);
      await state.unlockRefund(id, 'b');
      expect(await state.lockRefund(id, 'b', 10_000)).toBe(false);
      expect(await state.saveRefund(id, 'a', { ...order(1), attempts: 1 }, 10_000)).toBe(true);
      await state.unlockRefund(id, 'a');
      expect(await state.saveRefund(id, 'a', { ...order(1), attempts: 2 }, 10_000)).toBe(false);
      // A crashed holder never gives its lock back: it expires, then another takes it.
      expect(await state.lockRefund(id, 'crashed', 10_000)).toBe(true);
      await state.advance(9_000);
      expect(await state.lockRefund(id, 'c', 10_000)).toBe(false);
      await state.advance(1_000);
      expect(await state.lockRefund(id, 'c', 10_000)).toBe(true);
      expect(await state.saveRefund(id, 'crashed', { ...order(1), attempts: 3 }, 10_000)).toBe(false);
      expect((await state.getRefund(id))?.attempts).toBe(1);
      expect(await state.deleteRefund(id, 'c')).toBe(true);
      expect(await state.getRefund(id)).toBeUndefined();
      expect(await state.listRefunds()).toEqual([]);
    } finally {
      await state.close();
    }
  });

  it('settlements: appended and read back in order', async () => {
    const state = await open();
    try {
      await Promise.all([1, 2, 3].map((n) => state.appendSettlement(settlement(n))));
      expect(await state.listSettlements()).toEqual([settlement(1), settlement(2), settlement(3)]);
    } finally {
      await state.close();
    }
  });
});
