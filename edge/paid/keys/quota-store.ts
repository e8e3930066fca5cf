import type { Logger } from '../../logger.ts';
import { fallbackStore } from '../../rate-limit/fallback-store.ts';
import { memoryStore } from '../../rate-limit/memory-store.ts';
import { redisStore } from '../../rate-limit/redis-store.ts';
import type { RateLimitStore } from '../../rate-limit/store.ts';

/**
 * Where the free-tier quotas are counted: a store of their own, never the per-IP rate-limit store,
 * whose in-process form is bounded by traffic and drops its oldest clients when full (so a flood
 * from many addresses would hand a spent key its calls back). Only keys that passed `verify` are ever
 * counted here, so the in-process store is bounded by the number of issued keys (and swept daily as
 * the windows expire), not by traffic: it never evicts. With `shared` (Redis) the quotas are counted
 * there, under the same keys as before and shared by every instance, and while Redis cannot be
 * reached in such an in-process store of their own.
 */
export function quotaStore(
  shared: { url: string; prefix: string } | undefined,
  logger: Logger,
): RateLimitStore {
  const local = memoryStore({ maxKeys: Number.POSITIVE_INFINITY });
  if (!shared) return local;
  return fallbackStore(redisStore({ url: shared.url, prefix: shared.prefix, logger }), local, logger);
}
