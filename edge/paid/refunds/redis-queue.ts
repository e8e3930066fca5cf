import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../logger.ts';
import {
  byQueuedAt,
  isPending,
  LockLostError,
  matches,
  type NewRefundOrder,
  newRecord,
  orderOf,
  type RefundClaim,
  type RefundOrder,
  type RefundQueue,
  type RefundRecord,
  requeueFailed,
} from './order.ts';

/** KEYS: order, pending set, index. ARGV: record JSON, id, score. Answers nil when created, else the existing JSON. */
const ENQUEUE = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('SADD', KEYS[2], ARGV[2])
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
  return false
end
return redis.call('GET', KEYS[1])`;

/** KEYS: lock, order, pending set. ARGV: owner, record JSON, id, 1 when still pending, lock TTL (ms). */
const SAVE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
if ARGV[4] == '1' then redis.call('SADD', KEYS[3], ARGV[3]) else redis.call('SREM', KEYS[3], ARGV[3]) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** KEYS: lock. ARGV: owner. Deletes the lock only if it is still the owner's. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

interface QueueCommands {
  refundEnqueue(keys: 3, ...args: string[]): Promise<string | null>;
  refundSave(keys: 3, ...args: string[]): Promise<number>;
  refundRelease(keys: 1, ...args: string[]): Promise<number>;
}

/** Options of the Redis refund queue. */
export interface RedisRefundQueueOptions {
  url: string;
  /** Prepended to every key, e.g. `murmur:rl:` (the queue adds `refund:`). */
  prefix: string;
  /** Where connection errors are reported (once per distinct error). */
  logger?: Logger;
}

/**
 * Refund orders in Redis, shared by every instance: `<prefix>refund:order:<id>` (the record, JSON),
 * `<prefix>refund:pending` (set of ids still to pay), `<prefix>refund:index` (all ids by queue time)
 * and `<prefix>refund:lock:<id>` (the worker holding the order, with an expiry). Enqueue, save and
 * release are Lua scripts, so each is one atomic step; a save happens only while the lock is the
 * saver's. `enqueue` resolves once Redis has the order: that is durable as far as Redis' persistence
 * is (run it with `appendonly yes`; `appendfsync always` to survive a power cut without loss).
 */
export function redisRefundQueue(opts: RedisRefundQueueOptions): RefundQueue & {
  close(): Promise<void>;
  /** Whether the connection is up right now (no round trip). */
  ready(): boolean;
} {
  const redis = new Redis(opts.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    opts.logger?.warn('refund queue: redis error', { error: error.message });
  });
  redis.on('ready', () => {
    lastError = '';
  });
  redis.defineCommand('refundEnqueue', { lua: ENQUEUE });
  redis.defineCommand('refundSave', { lua: SAVE });
  redis.defineCommand('refundRelease', { lua: RELEASE });
  const commands = redis as unknown as QueueCommands;

  const p = `${opts.prefix}refund:`;
  const orderKey = (id: string) => `${p}order:${id}`;
  const lockKey = (id: string) => `${p}lock:${id}`;
  const pendingKey = `${p}pending`;
  const indexKey = `${p}index`;

  const get = async (id: string): Promise<RefundRecord | undefined> => {
    const json = await redis.get(orderKey(id));
    return json === null ? undefined : (JSON.parse(json) as RefundRecord);
  };

  const getMany = async (ids: string[]): Promise<RefundRecord[]> => {
    if (ids.length === 0) return [];
    const values = await redis.mget(...ids.map(orderKey));
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as RefundRecord);
  };

  const queue: RefundQueue & { ready(): boolean } = {
    ready: () => redis.status === 'ready',

    async enqueue(order: NewRefundOrder): Promise<RefundOrder> {
      const record = newRecord(order, new Date());
      const existing = await commands.refundEnqueue(
        3,
        orderKey(record.id),
        pendingKey,
        indexKey,
        JSON.stringify(record),
        record.id,
        String(Date.parse(record.queuedAt)),
      );
      return orderOf(existing === null ? record : (JSON.parse(existing) as RefundRecord));
    },

    get,

    async list(filter) {
      const ids = await redis.zrange(indexKey, 0, -1);
      return (await getMany(ids)).filter((r) => matches(r, filter)).sort(byQueuedAt);
    },

    async pending() {
      const ids = await redis.smembers(pendingKey);
      return (await getMany(ids)).filter(isPending).sort(byQueuedAt);
    },

    async claim(id, ttlMs): Promise<RefundClaim | undefined> {
      const owner = randomUUID();
      const taken = await redis.set(lockKey(id), owner, 'PX', ttlMs, 'NX');
      if (taken !== 'OK') return undefined;
      const release = async () => {
        await commands.refundRelease(1, lockKey(id), owner);
      };
      const record = await get(id);
      if (!record) {
        await release();
        return undefined;
      }
      return {
        record,
        async save(next) {
          const saved = await commands.refundSave(
            3,
            lockKey(id),
            orderKey(id),
            pendingKey,
            owner,
            JSON.stringify(next),
            id,
            isPending(next) ? '1' : '0',
            String(ttlMs),
          );
          if (saved !== 1) throw new LockLostError(`lock of refund ${id} was lost`);
        },
        release,
      };
    },

    requeue(id) {
      return requeueFailed(queue, id, new Date());
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
  return queue;
}
