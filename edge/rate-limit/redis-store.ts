import type { Logger } from '../logger.ts';
import { openRedis } from '../state/redis-client.ts';
import { SLACK_MS } from './gcra.ts';
import {
  type BucketAnswer,
  type BucketHit,
  bucketKey,
  type CounterHit,
  counterKey,
  type RateLimitStore,
  type StoreStatus,
} from './store.ts';

/**
 * One request's limits in one atomic step. KEYS: the counters, then the buckets. ARGV: now (ms), the
 * number of counters, each counter's TTL (ms), then each bucket's interval (ms) and burst. A counter
 * gets its expiry with its first INCR, so it is never left without one; a bucket runs gcra.ts's step
 * (no key: full) and its key expires when it is full again. Answers each count, then per bucket 1/0
 * (token taken) and its time as a string (Redis would truncate a Lua number to an integer).
 */
export const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local counters = tonumber(ARGV[2])
local out = {}
for i = 1, counters do
  local count = redis.call('INCR', KEYS[i])
  if count == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[2 + i]) end
  out[#out + 1] = count
end
local arg = 3 + counters
for i = counters + 1, #KEYS do
  local interval = tonumber(ARGV[arg])
  local burst = tonumber(ARGV[arg + 1])
  arg = arg + 2
  local tat = tonumber(redis.call('GET', KEYS[i]) or '0') or 0
  if tat < now then tat = now end
  local nextTat = tat + interval
  if nextTat - now > burst * interval + ${SLACK_MS} then
    out[#out + 1] = 0
    out[#out + 1] = string.format('%.3f', tat)
  else
    local ttl = math.max(1, math.ceil(nextTat - now))
    redis.call('SET', KEYS[i], string.format('%.3f', nextTat), 'PX', ttl)
    out[#out + 1] = 1
    out[#out + 1] = string.format('%.3f', nextTat)
  end
end
return out`;

interface WithHit {
  rateLimitHit(numKeys: number, ...keysAndArgs: Array<string | number>): Promise<Array<number | string>>;
}

/** Options of the Redis store. */
export interface RedisStoreOptions {
  readonly url: string;
  /** Prepended to every key (`murmur:rl:` by default). */
  readonly prefix: string;
  readonly logger: Logger;
}

/** The Redis store, plus whether it can take a command right now. */
export interface RedisStore extends RateLimitStore {
  /** True while the connection is up; commands are not queued while it is not. */
  ready(): boolean;
}

/** Counters in Redis, shared by every edge instance, one round trip per request. */
export function redisStore(options: RedisStoreOptions): RedisStore {
  const { redis, lastError } = openRedis(
    options.url,
    // Nothing queued while disconnected and a slow Redis counts as down: an outage never holds requests.
    { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 1_000, commandTimeout: 500 },
    { logger: options.logger, error: 'redis error', reconnected: 'redis reconnected' },
  );
  redis.defineCommand('rateLimitHit', { lua: HIT_SCRIPT });
  const commands = redis as unknown as WithHit;

  return {
    ready: () => redis.status === 'ready',
    async hit(counters: readonly CounterHit[], buckets: readonly BucketHit[], now: number) {
      const keys: string[] = [];
      const args: number[] = [now, counters.length];
      for (const c of counters) {
        keys.push(`${options.prefix}${counterKey(c)}`);
        args.push(Math.max(1, Math.ceil(c.resetAt - now)));
      }
      for (const b of buckets) {
        keys.push(`${options.prefix}${bucketKey(b)}`);
        args.push(b.intervalMs, b.burst);
      }
      const out = await commands.rateLimitHit(keys.length, ...keys, ...args);
      const counts = out.slice(0, counters.length).map(Number);
      const answers: BucketAnswer[] = [];
      for (let i = counters.length; i < out.length; i += 2) {
        answers.push({ conforms: Number(out[i]) === 1, fullAt: Number(out[i + 1]) });
      }
      return { counts, buckets: answers };
    },
    async status(): Promise<StoreStatus> {
      if (redis.status !== 'ready') {
        return { store: 'redis', reachable: false, detail: lastError() || `connection ${redis.status}` };
      }
      try {
        await redis.ping();
        return { store: 'redis', reachable: true };
      } catch (error) {
        return { store: 'redis', reachable: false, detail: (error as Error).message };
      }
    },
    async close() {
      redis.disconnect(false);
    },
  };
}
