import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../testing/redis.ts';
import {
  diskRefundQueue,
  LockLostError,
  type NewRefundOrder,
  RefundOrderError,
  type RefundQueue,
  redisRefundQueue,
} from './index.ts';

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

const kinds: Array<[string, () => Promise<() => RefundQueue>]> = [
  [
    'disk',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'murmur-refund-queue-'));
      dirs.push(dir);
      return () => diskRefundQueue(join(dir, 'q'));
    },
  ],
  [
    'redis',
    async () => {
      const prefix = uniquePrefix();
      prefixes.push(prefix);
      return () => redisRefundQueue({ url: TEST_REDIS_URL, prefix });
    },
  ],
];

describe.each(kinds)('refund queue: %s', (_kind, setup) => {
  it('one claim at a time per order, across queue objects; released or expired locks can be taken', async () => {
    const make = await setup();
    const a = make();
    const b = make();
    try {
      const { id } = await a.enqueue(order('0x01'));
      expect(await a.claim('rf_unknown', 1_000)).toBeUndefined();
      const first = await a.claim(id, 1_000);
      expect(first?.record).toMatchObject({ id, state: 'queued' });
      expect(await b.claim(id, 1_000)).toBeUndefined();
      await first?.release();
      const second = await b.claim(id, 100);
      expect(second).toBeDefined();
      await new Promise((r) => setTimeout(r, 150));
      const third = await a.claim(id, 1_000);
      expect(third).toBeDefined();
      if (!second || !third) throw new Error('both claims should have been granted');
      // The expired holder can no longer write, and its release does not free the new holder's lock.
      await expect(second.save({ ...second.record, attempts: 9 })).rejects.toThrow(LockLostError);
      await second.release();
      expect(await b.claim(id, 1_000)).toBeUndefined();
      await third.save({ ...third.record, state: 'confirmed' });
      await third.release();
      expect(await b.get(id)).toMatchObject({ state: 'confirmed', attempts: 0 });
      expect(await b.pending()).toEqual([]);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('lists oldest first with a state filter, and refuses an order with no settlement transaction', async () => {
    const queue = (await setup())();
    try {
      const first = await queue.enqueue(order('0xaa'));
      await new Promise((r) => setTimeout(r, 5));
      const second = await queue.enqueue(order('0xbb'));
      expect((await queue.list()).map((r) => r.id)).toEqual([first.id, second.id]);
      expect((await queue.pending()).map((r) => r.id)).toEqual([first.id, second.id]);
      expect(await queue.list({ state: ['failed', 'confirmed'] })).toEqual([]);
      expect(await queue.requeue(first.id)).toBe(false);
      await expect(queue.enqueue(order(' '))).rejects.toThrow(RefundOrderError);
    } finally {
      await queue.close();
    }
  });
});
