import type { StoredKey } from '../keys/key.ts';
import type { Logger } from '../logger.ts';
import type { SettlementRecord } from '../paid/settlement-log.ts';
import { counterKey } from '../rate-limit/store.ts';
import { byQueuedAt, isPending, type RefundRecord } from '../refunds/order.ts';
import { openRedis, UNLOCK_SCRIPT } from './redis-client.ts';
import type { QuotaWindow, StateStore } from './state.ts';

/** KEYS: key hash. ARGV: id, time. Sets revokedAt once; 1 when the key exists. */
const REVOKE_KEY = `
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local stored = cjson.decode(json)
if not stored.revokedAt then
  stored.revokedAt = ARGV[2]
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(stored))
end
return 1`;

/** KEYS: counter. ARGV: ms until the window ends. The new count. */
const TAKE_QUOTA = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** KEYS: counter. One count back when there is one (keeps the expiry); 1 when given back. */
const RELEASE_QUOTA = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0') or 0
if count <= 0 then return 0 end
redis.call('DECR', KEYS[1])
return 1`;

/** KEYS: order, pending set, index. ARGV: record JSON, id, score. nil when created, else the existing JSON. */
const INSERT_REFUND = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX') then
  redis.call('SADD', KEYS[2], ARGV[2])
  redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
  return false
end
return redis.call('GET', KEYS[1])`;

/** KEYS: lock, order. ARGV: owner, ttl. Takes the lock of an existing order; 1 when taken. */
const LOCK_REFUND = `
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return 1 end
return 0`;

/** KEYS: lock, order, pending set. ARGV: owner, record JSON, id, 1 when still pending, ttl. */
const SAVE_REFUND = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
if ARGV[4] == '1' then redis.call('SADD', KEYS[3], ARGV[3]) else redis.call('SREM', KEYS[3], ARGV[3]) end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/** KEYS: lock, order, pending set, index. ARGV: owner, id. Deletes the order while the lock is the owner's. */
const DELETE_REFUND = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[2], KEYS[1])
redis.call('SREM', KEYS[3], ARGV[2])
redis.call('ZREM', KEYS[4], ARGV[2])
return 1`;

interface Scripts {
  revokeKey(n: 1, ...args: string[]): Promise<number>;
  takeQuota(n: 1, ...args: string[]): Promise<number>;
  releaseQuota(n: 1, ...args: string[]): Promise<number>;
  insertRefund(n: 3, ...args: string[]): Promise<string | null>;
  lockRefund(n: 2, ...args: string[]): Promise<number>;
  saveRefund(n: 3, ...args: string[]): Promise<number>;
  deleteRefund(n: 4, ...args: string[]): Promise<number>;
  unlockRefund(n: 1, ...args: string[]): Promise<number>;
}

/** Options of the Redis state. */
export interface RedisStateOptions {
  url: string;
  /** Prepended to every key (`RATE_LIMIT_PREFIX`). */
  prefix: string;
  /** Where connection errors are reported (once per distinct error). */
  logger?: Logger;
}

/**
 * The edge's state in Redis, shared by every instance, in the key layout earlier versions used (so a
 * deployment's data stays where it is). Every multi-key write is one Lua script, so it is atomic.
 */
export function redisState(opts: RedisStateOptions): StateStore {
  const { redis } = openRedis(opts.url, {}, { logger: opts.logger, error: 'state: redis error' });
  const scripts = {
    revokeKey: REVOKE_KEY,
    takeQuota: TAKE_QUOTA,
    releaseQuota: RELEASE_QUOTA,
    insertRefund: INSERT_REFUND,
    lockRefund: LOCK_REFUND,
    saveRefund: SAVE_REFUND,
    deleteRefund: DELETE_REFUND,
    unlockRefund: UNLOCK_SCRIPT,
  };
  for (const [name, lua] of Object.entries(scripts)) redis.defineCommand(name, { lua });
  const run = redis as unknown as Scripts;

  const p = opts.prefix;
  const keysHash = `${p}apikeys`;
  const quotaKey = (w: QuotaWindow) => `${p}${counterKey(w)}`;
  const order = (id: string) => `${p}refund:order:${id}`;
  const lock = (id: string) => `${p}refund:lock:${id}`;
  const pendingSet = `${p}refund:pending`;
  const index = `${p}refund:index`;
  const stream = `${p}settlements`;

  const records = async (ids: string[]): Promise<RefundRecord[]> => {
    if (ids.length === 0) return [];
    const values = await redis.mget(...ids.map(order));
    return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as RefundRecord);
  };

  return {
    where: `redis ${p}`,
    ready: () => redis.status === 'ready',

    async insertKey(key) {
      return (await redis.hsetnx(keysHash, key.id, JSON.stringify(key))) === 1;
    },
    async getKey(id) {
      const json = await redis.hget(keysHash, id);
      return json === null ? undefined : (JSON.parse(json) as StoredKey);
    },
    async listKeys() {
      return (await redis.hvals(keysHash))
        .map((json) => JSON.parse(json) as StoredKey)
        .sort((a, b) =>
          a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1,
        );
    },
    async revokeKey(id, at) {
      return (await run.revokeKey(1, keysHash, id, at)) === 1;
    },

    async takeQuota(w, now) {
      return Number(await run.takeQuota(1, quotaKey(w), String(Math.max(1, w.resetAt - now))));
    },
    async releaseQuota(w) {
      return (await run.releaseQuota(1, quotaKey(w))) === 1;
    },

    async insertRefund(record) {
      const existing = await run.insertRefund(
        3,
        order(record.id),
        pendingSet,
        index,
        JSON.stringify(record),
        record.id,
        String(Date.parse(record.queuedAt)),
      );
      return existing === null ? undefined : (JSON.parse(existing) as RefundRecord);
    },
    async getRefund(id) {
      const json = await redis.get(order(id));
      return json === null ? undefined : (JSON.parse(json) as RefundRecord);
    },
    async listRefunds(states) {
      const pendingOnly = states?.every((s) => s === 'queued' || s === 'signed');
      const ids = pendingOnly ? await redis.smembers(pendingSet) : await redis.zrange(index, 0, -1);
      const all = await records(ids);
      return (states ? all.filter((r) => states.includes(r.state)) : all).sort(byQueuedAt);
    },
    async lockRefund(id, owner, ttlMs) {
      return (await run.lockRefund(2, lock(id), order(id), owner, String(ttlMs))) === 1;
    },
    async saveRefund(id, owner, record, ttlMs) {
      const saved = await run.saveRefund(
        3,
        lock(id),
        order(id),
        pendingSet,
        owner,
        JSON.stringify(record),
        id,
        isPending(record) ? '1' : '0',
        String(ttlMs),
      );
      return saved === 1;
    },
    async deleteRefund(id, owner) {
      return (await run.deleteRefund(4, lock(id), order(id), pendingSet, index, owner, id)) === 1;
    },
    async unlockRefund(id, owner) {
      await run.unlockRefund(1, lock(id), owner);
    },

    async appendSettlement(record) {
      await redis.xadd(stream, '*', 'record', JSON.stringify(record));
    },
    async listSettlements() {
      const entries = await redis.xrange(stream, '-', '+');
      return entries.map(
        ([, fields]) => JSON.parse(fields[fields.indexOf('record') + 1] ?? 'null') as SettlementRecord,
      );
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
