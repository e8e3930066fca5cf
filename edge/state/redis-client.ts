import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger.ts';

/** KEYS: lock. ARGV: owner. Deletes the lock only when it is still the owner's; 1 when deleted. */
export const UNLOCK_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** Where `openRedis` logs: `error` once per distinct connection error, `reconnected` when ready after one. */
export interface RedisLog {
  readonly logger?: Logger;
  readonly error: string;
  readonly reconnected?: string;
}

/** An ioredis client, and its last connection error since it was last ready ('' when none). */
export interface RedisClient {
  readonly redis: Redis;
  lastError(): string;
}

/**
 * The edge's ioredis client: 2 s connect and command time limits, one retry per command (each
 * overridable by `options`), and reconnection with a backoff capped at 2 s. It always listens for
 * 'error': without a listener ioredis' error events would crash the process.
 */
export function openRedis(url: string, options: RedisOptions = {}, log?: RedisLog): RedisClient {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
    ...options,
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    log?.logger?.warn(log.error, { error: error.message });
  });
  redis.on('ready', () => {
    if (lastError !== '' && log?.reconnected) log.logger?.info(log.reconnected);
    lastError = '';
  });
  return { redis, lastError: () => lastError };
}
