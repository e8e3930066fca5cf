import { Redis } from 'ioredis';
import type { Logger } from '../../logger.ts';
import {
  type ApiKeyStore,
  idOf,
  infoOf,
  issueKey,
  keyId,
  keyMatches,
  looksLikeKey,
  type StoredKey,
} from './key.ts';

/** KEYS: the hash. ARGV: id, time. Sets revokedAt once; answers 1 when the key exists, else 0. */
const REVOKE = `
local json = redis.call('HGET', KEYS[1], ARGV[1])
if not json then return 0 end
local stored = cjson.decode(json)
if not stored.revokedAt then
  stored.revokedAt = ARGV[2]
  redis.call('HSET', KEYS[1], ARGV[1], cjson.encode(stored))
end
return 1`;

/** Options of the Redis key store. */
export interface RedisKeyStoreOptions {
  url: string;
  /** Prepended to the store's one key: `<prefix>apikeys`. */
  prefix: string;
  /** Where connection errors are reported (once per distinct error). */
  logger?: Logger;
}

/**
 * API keys in Redis, shared by every instance: one hash `<prefix>apikeys`, field = key id, value =
 * the stored key as JSON (hash only, never the key). Issue and revoke are single atomic commands, so
 * they take effect on every instance at once.
 */
export function redisKeyStore(opts: RedisKeyStoreOptions): ApiKeyStore {
  const redis = new Redis(opts.url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (attempt) => Math.min(100 * 2 ** Math.min(attempt, 5), 2_000),
  });
  let lastError = '';
  redis.on('error', (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    opts.logger?.warn('key store: redis error', { error: error.message });
  });
  redis.on('ready', () => {
    lastError = '';
  });
  const hash = `${opts.prefix}apikeys`;

  return {
    async issue(label) {
      for (;;) {
        const { stored, key } = issueKey(label, new Date());
        if ((await redis.hsetnx(hash, stored.id, JSON.stringify(stored))) === 1)
          return { id: stored.id, key };
      }
    },

    async revoke(idOrKey) {
      const text = idOrKey.trim();
      const id = idOf(text);
      if (looksLikeKey(text)) {
        const json = await redis.hget(hash, id);
        if (json === null || !keyMatches(JSON.parse(json) as StoredKey, text)) return false;
      }
      return (await redis.eval(REVOKE, 1, hash, id, new Date().toISOString())) === 1;
    },

    async list() {
      const all = await redis.hvals(hash);
      return all
        .map((json) => infoOf(JSON.parse(json) as StoredKey))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async verify(key) {
      if (!looksLikeKey(key)) return undefined;
      const json = await redis.hget(hash, keyId(key));
      if (json === null) return undefined;
      const stored = JSON.parse(json) as StoredKey;
      if (stored.revokedAt !== undefined || !keyMatches(stored, key)) return undefined;
      return { id: stored.id };
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
