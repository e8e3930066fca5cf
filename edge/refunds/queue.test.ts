import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localState } from '../state/local-state.ts';
import { redisState } from '../state/redis-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import type { StateStore } from '../state/state.ts';
import { manualClock } from '../testing/clock.ts';
import { advanceRedisClock, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import {
  LockLostError,
  type NewRefundOrder,
  newRecord,
  RefundOrderError,
  type RefundQueue,
} from './order.ts';
import { refundQueue } from './state-queue.ts';

const prefixes: string[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const prefix of prefixes) await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

const order = (settlementTx: string): NewRefundOrder => ({
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  to: '0x00000000000000000000000000000000000000aa',
  amount: '50000',
  route: '/api/forum/advisor',
  settlementTx,
  reason: 'test',
});

/** A queue over its own connection to `state`, closing it with the queue (a restart opens another). */
const owning = (state: StateStore, now: () => number): RefundQueue =>
  Object.assign(refundQueue(state, { now }), { close: () => state.close() });

/** Opens queues over one store, and moves the clock its locks expire by. */
interface Setup {
  make(): RefundQueue;
  advance(ms: number): Promise<void>;
}

const kinds: Array<[string, () => Promise<Setup>]> = [
  [
    'sqlite',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'murmur-refund-queue-'));
      dirs.push(dir);
      const clock = manualClock();
      return {
        make: () => owning(sqliteState(join(dir, 'state.db'), { now: clock.now }), clock.now),
        advance: async (ms) => clock.advance(ms),
      };
    },
  ],
  [
    'redis',
    async () => {
      const prefix = uniquePrefix();
      prefixes.push(prefix);
      const clock = manualClock();
      return {
        make: () => owning(redisState({ url: TEST_REDIS_URL, prefix }), clock.now),
        advance: async (ms) => {
          clock.advance(ms);
          await advanceRedisClock(prefix, ms);
        },
      };
    },
  ],
];

describe.each(kinds)('refund queue: %s', (_kind, setup) => {
  it('one claim at a time per order, across queue objects; released or expired locks can be taken', async () => {
    const { make, advance } = await setup();
    const a = make();
    const b = make();
    try {
      const { id } = await a.enqueue(order('0x01'));
      expect(await a.claim('rf_unknown', 60_000)).toBeUndefined();
      const first = await a.claim(id, 60_000);
      expect(first?.record).toMatchObject({ id, state: 'queued' });
      expect(await b.claim(id, 60_000)).toBeUndefined();
      await first?.release();
      const second = await b.claim(id, 10_000);
      expect(second).toBeDefined();
      await advance(9_000);
      expect(await a.claim(id, 60_000)).toBeUndefined();
      await advance(1_000);
      const third = await a.claim(id, 60_000);
      expect(third).toBeDefined();
      if (!second || !third) throw new Error('both claims should have been granted');
      // The expired holder can no longer write, and its release does not free the new holder's lock.
      await expect(second.save({ ...second.record, attempts: 9 })).rejects.toThrow(LockLostError);
      await second.release();
      expect(await b.claim(id, 60_000)).toBeUndefined();
      await third.save({ ...third.record, state: 'confirmed' });
      await third.release();
      expect(await b.get(id)).toMatchObject({ state: 'confirmed', attempts: 0 });
      expect(await b.pending()).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lists oldest first, and refuses an order with no settlement transaction', async () => {
    const { make, advance } = await setup();
    const queue = make();
    try {
      const first = await queue.enqueue(order('0xaa'));
      await advance(5);
      const second = await queue.enqueue(order('0xbb'));
      expect((await queue.list()).map((r) => r.id)).toEqual([first.id, second.id]);
      expect((await queue.pending()).map((r) => r.id)).toEqual([first.id, second.id]);
      await expect(queue.enqueue(order(' '))).rejects.toThrow(RefundOrderError);
    } finally {
      await queue.close();
    }
  });
});

describe('refund orders of an earlier version', () => {
  it('imports STATE_DIR/refunds/orders/*.json once at start-up, keeping their state, and renames the folder', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-refund-import-'));
    dirs.push(dir);
    const queued = newRecord(order('0x1a'), new Date('2026-03-10T10:00:00.000Z'));
    const signed = {
      ...newRecord(order('0x1b'), new Date('2026-03-10T10:00:01.000Z')),
      state: 'signed' as const,
    };
    await mkdir(join(dir, 'refunds', 'orders'), { recursive: true });
    await mkdir(join(dir, 'refunds', 'locks'));
    for (const r of [queued, signed]) {
      await writeFile(join(dir, 'refunds', 'orders', `${r.id}.json`), `${JSON.stringify(r, null, 2)}\n`);
    }
    const first = await localState(dir);
    const queue = refundQueue(first);
    expect(await queue.pending()).toEqual([queued, signed]);
    const claim = await queue.claim(queued.id, 10_000);
    await claim?.save({ ...queued, state: 'confirmed' });
    await claim?.release();
    await first.close();
    expect((await readdir(dir)).filter((f) => f.startsWith('refunds'))).toEqual(['refunds.imported']);

    // A crash before the rename leaves the folder in place: the recorded import keeps it from counting twice.
    await rename(join(dir, 'refunds.imported'), join(dir, 'refunds'));
    const again = await localState(dir);
    expect((await refundQueue(again).list()).map((r) => [r.id, r.state])).toEqual([
      [queued.id, 'confirmed'],
      [signed.id, 'signed'],
    ]);
    await again.close();
    expect((await readdir(dir)).filter((f) => f.startsWith('refunds'))).toEqual(['refunds.imported']);
  });

  it('stops start-up naming an order file it cannot read, and leaves the folder in place', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-refund-import-'));
    dirs.push(dir);
    await mkdir(join(dir, 'refunds', 'orders'), { recursive: true });
    await writeFile(join(dir, 'refunds', 'orders', 'rf_bad.json'), '{ not json');
    await expect(localState(dir)).rejects.toThrow(/refunds.*rf_bad\.json/);
    expect(await readdir(join(dir, 'refunds', 'orders'))).toEqual(['rf_bad.json']);
  });
});
