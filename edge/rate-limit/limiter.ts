import type { RateLimit, TokenBucket } from '../../core/limits.ts';
import type { EdgeContext } from '../env.ts';
import { rateLimited } from '../errors.ts';
import type { Logger } from '../logger.ts';
import {
  bucketState,
  intervalMs,
  type LimitState,
  rateLimitHeaders,
  secondsUntil,
  tighter,
  windowState,
} from './limit-state.ts';
import type { BucketHit, CounterHit, RateLimitStore, StoreAnswer } from './store.ts';
import { windowFor } from './window.ts';

/** Options of the rate limiter. */
export interface RateLimitOptions {
  readonly store: RateLimitStore;
  /** The fixed-window limits of a request path (the route's own: latest, sample). */
  readonly windowsFor: (path: string) => readonly RateLimit[];
  /** The token bucket every request takes from (general + burst). */
  readonly bucket: TokenBucket;
  readonly now: () => number;
  readonly logger: Logger;
}

/** What the limiter decided for one request. */
export interface LimitDecision {
  /** RateLimit-* headers of the tightest limit; null when the store failed and the request goes on. */
  readonly headers: Readonly<Record<string, string>> | null;
  /** Seconds for `Retry-After` when the request is refused; null when it may go on. */
  readonly retryAfterSeconds: number | null;
}

/** Counts requests against the limits. */
export interface RateLimiter {
  /**
   * Counts one request of `client` to `path`: one token from the client's bucket and one in each of
   * the path's fixed windows, in one store call. A promise only when the store answers
   * asynchronously (Redis): with the in-process store a request never waits for a promise.
   * `bucket: false` counts the path's windows only (an MCP tool call mirroring a route: its HTTP
   * request already took its token).
   */
  decide(client: string, path: string, bucket?: boolean): LimitDecision | Promise<LimitDecision>;
}

const LET_THROUGH: LimitDecision = { headers: null, retryAfterSeconds: null };

/**
 * The rate limiter: the RateLimit-* headers of the tightest limit, and a refusal when any limit is
 * exceeded. A failing store lets the request through (logged): a broken counter must not take the
 * site down.
 */
export function rateLimiter(options: RateLimitOptions): RateLimiter {
  const { store, bucket, logger } = options;
  const interval = intervalMs(bucket);

  const storeFailed = (error: unknown): LimitDecision => {
    logger.error('rate-limit store failed; request let through', { error: (error as Error).message });
    return LET_THROUGH;
  };

  const settle = (
    limits: readonly RateLimit[],
    windows: readonly CounterHit[],
    answer: StoreAnswer,
    now: number,
  ): LimitDecision => {
    const bucketAnswer = answer.buckets[0];
    let shown: LimitState | undefined = bucketAnswer ? bucketState(bucket, bucketAnswer, now) : undefined;
    for (let i = 0; i < limits.length; i++) {
      const state = windowState(limits[i] as RateLimit, answer.counts[i] ?? 0, windows[i]?.resetAt ?? now);
      shown = shown ? tighter(shown, state) : state;
    }
    if (!shown) return LET_THROUGH;
    return {
      headers: rateLimitHeaders(shown),
      retryAfterSeconds: shown.exceeded ? secondsUntil(shown.retryAt, now) : null,
    };
  };

  return {
    decide(client, path, takeToken = true) {
      const now = options.now();
      const limits = options.windowsFor(path);
      const windows = limits.length === 0 ? [] : limits.map((l) => windowFor(l, client, now));
      const buckets: BucketHit[] = takeToken
        ? [{ name: bucket.name, client, intervalMs: interval, burst: bucket.burst }]
        : [];
      let answer: StoreAnswer | Promise<StoreAnswer>;
      try {
        answer = store.hit(windows, buckets, now);
      } catch (error) {
        return storeFailed(error);
      }
      if (answer instanceof Promise) return answer.then((a) => settle(limits, windows, a, now), storeFailed);
      return settle(limits, windows, answer, now);
    },
  };
}

/** Applies a decision to a request of the app: throws the 429, or keeps the headers for `reply`. */
export function applyDecision(c: EdgeContext, decision: LimitDecision): undefined {
  if (decision.retryAfterSeconds !== null)
    throw rateLimited(decision.retryAfterSeconds, decision.headers ?? {});
  if (decision.headers) c.set('rateLimitHeaders', decision.headers);
  return undefined;
}
