import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../logger.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../testing/redis.ts';
import { diskRefundQueue, fallbackRefundQueue, type NewRefundOrder, redisRefundQueue } from './index.ts';

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

async function queues(redisUrl: string) {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-refund-fallback-'));
  dirs.push(dir);
  const prefix = uniquePrefix();
  prefixes.push(prefix);
  const disk = diskRefundQueue(join(dir, 'refunds'));
  const redis = redisRefundQueue({ url: redisUrl, prefix });
  const queue = fallbackRefundQueue({ primary: redis, fallback: disk, logger: silentLogger });
  return { disk, redis, queue, prefix, dir };
}

describe('fallbackRefundQueue', () => {
  it('with Redis unreachable: the order is stored on disk, listed as pending, and stays there on claim', async () => {
    const { disk, queue } = await queues(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const filed = await queue.enqueue(order('0xdown1'));
      expect((await disk.get(filed.id))?.state).toBe('queued');
      expect((await queue.pending()).map((r) => r.id)).toEqual([filed.id]);
      expect(await queue.claim(filed.id, 10_000)).toBeUndefined();
      expect((await disk.pending()).map((r) => r.id)).toEqual([filed.id]);
    } finally {
      await queue.close();
    }
  });

  it('moves a disk order into Redis on claim, once, even when Redis also got it (an enqueue whose answer was lost)', async () => {
    const { disk, redis, queue } = await queues(TEST_REDIS_URL);
    try {
      const onDisk = await disk.enqueue(order('0xboth'));
      await redis.enqueue(order('0xboth'));
      expect((await queue.pending()).map((r) => r.id)).toEqual([onDisk.id]);
      const claim = await queue.claim(onDisk.id, 10_000);
      expect(claim?.record).toMatchObject({ id: onDisk.id, state: 'queued' });
      await claim?.save({ ...(claim?.record ?? ({} as never)), state: 'confirmed' });
      await claim?.release();
      expect(await disk.get(onDisk.id)).toBeUndefined();
      expect((await redis.get(onDisk.id))?.state).toBe('confirmed');
      expect(await queue.pending()).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  it('finishes a disk order that was already signed from disk, where its transaction is recorded', async () => {
    const { disk, redis, queue } = await queues(TEST_REDIS_URL);
    try {
      const filed = await disk.enqueue(order('0xsigned'));
      const held = await disk.claim(filed.id, 10_000);
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
