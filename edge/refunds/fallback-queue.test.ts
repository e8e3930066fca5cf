import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { redisState } from '../state/redis-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import type { StateStore } from '../state/state.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { fallbackRefundQueue } from './fallback-queue.ts';
import type { NewRefundOrder } from './order.ts';
import { refundQueue } from './state-queue.ts';

const prefixes: string[] = [];
const states: StateStore[] = [];
afterAll(async () => {
  for (const state of states) await state.close();
  for (const prefix of prefixes) await deleteKeys(prefix);
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

/** The instance's state (SQLite) and Redis, each also as a plain queue, and the fallback queue over both. */
async function queues(redisUrl: string, connected: boolean) {
  const prefix = uniquePrefix();
  prefixes.push(prefix);
  const localState = sqliteState(':memory:');
  const sharedState = redisState({ url: redisUrl, prefix });
  states.push(localState, sharedState);
  while (connected && !sharedState.ready()) await new Promise((r) => setTimeout(r, 10));
  const queue = fallbackRefundQueue({ primary: sharedState, fallback: localState, logger: silentLogger });
  return { local: refundQueue(localState), redis: refundQueue(sharedState), queue };
}

describe('fallbackRefundQueue', () => {
  it('with Redis unreachable: the order is stored in the local state, listed as pending, and stays there on claim', async () => {
    const { local, queue } = await queues(`redis://127.0.0.1:${await closedPort()}`, false);
    try {
      const filed = await queue.enqueue(order('0xdown1'));
      expect((await local.get(filed.id))?.state).toBe('queued');
      expect((await queue.pending()).map((r) => r.id)).toEqual([filed.id]);
      expect(await queue.claim(filed.id, 10_000)).toBeUndefined();
      expect((await local.pending()).map((r) => r.id)).toEqual([filed.id]);
    } finally {
      await queue.close();
    }
  });

  it('moves a local order into Redis on claim, once, even when Redis also got it (an enqueue whose answer was lost)', async () => {
    const { local, redis, queue } = await queues(TEST_REDIS_URL, true);
    try {
      const onLocal = await local.enqueue(order('0xboth'));
      await redis.enqueue(order('0xboth'));
      expect((await queue.pending()).map((r) => r.id)).toEqual([onLocal.id]);
      const claim = await queue.claim(onLocal.id, 10_000);
      expect(claim?.record).toMatchObject({ id: onLocal.id, state: 'queued' });
      await claim?.save({ ...(claim?.record ?? ({} as never)), state: 'confirmed' });
      await claim?.release();
      expect(await local.get(onLocal.id)).toBeUndefined();
      expect((await redis.get(onLocal.id))?.state).toBe('confirmed');
      expect(await queue.pending()).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  it('finishes a local order that was already signed from the local state, where its transaction is recorded', async () => {
    const { local, redis, queue } = await queues(TEST_REDIS_URL, true);
    try {
      const filed = await local.enqueue(order('0xsigned'));
      const held = await local.claim(filed.id, 10_000);
      await held?.save({ ...(held?.record ?? ({} as never)), state: 'signed', txs: [] });
      await held?.release();
      const claim = await queue.claim(filed.id, 10_000);
      expect(claim?.record.state).toBe('signed');
      await claim?.release();
      expect(await redis.get(filed.id)).toBeUndefined();
    } finally {
      await queue.close();
    }
  });
});
