import type { Logger } from '../logger.ts';
import type { RateLimitStore, StoreStatus } from './store.ts';

/** A shared store that can say, without a round trip, whether it is connected. */
export interface ShareableStore extends RateLimitStore {
  ready(): boolean;
}

/**
 * The shared store while it answers, the per-instance store while it does not. Decided behaviour
 * when Redis is down: keep limiting, per instance (each instance enforces the contract's limits on
 * its own, so N instances let through up to N× in total), log the switch once each way, and report
 * `degraded` in /health. Requests never wait for Redis to come back.
 */
export function fallbackStore(
  primary: ShareableStore,
  fallback: RateLimitStore,
  logger: Logger,
): RateLimitStore {
  let usingFallback = false;
  const switchTo = (fallbackNow: boolean, reason?: string) => {
    if (fallbackNow === usingFallback) return;
    usingFallback = fallbackNow;
    if (fallbackNow) logger.warn('rate-limit store unreachable: limiting per instance', { reason });
    else logger.info('rate-limit store reachable again: limits shared');
  };

  /** Runs `call` on the shared store while it answers, else (or when it fails) on the per-instance one. */
  const onActive = async <T>(call: (store: RateLimitStore) => T | Promise<T>): Promise<T> => {
    if (primary.ready()) {
      try {
        const answer = await call(primary);
        switchTo(false);
        return answer;
      } catch (error) {
        switchTo(true, (error as Error).message);
      }
    } else switchTo(true, 'not connected');
    return call(fallback);
  };

  return {
    hit: (counters, buckets, now) => onActive((store) => store.hit(counters, buckets, now)),
    async status(): Promise<StoreStatus> {
      const shared = await primary.status();
      return shared.reachable ? shared : { ...shared, fallback: 'memory' };
    },
    async close() {
      await Promise.all([primary.close(), fallback.close()]);
    },
  };
}
