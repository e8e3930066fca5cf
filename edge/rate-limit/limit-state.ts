import type { RateLimit, TokenBucket } from '../../core/limits.ts';
import { nextTokenAt, tokensLeft } from './gcra.ts';
import type { BucketAnswer } from './store.ts';

/** One limit's state after counting a request, as the RateLimit-* headers and a 429 report it. */
export interface LimitState {
  readonly name: string;
  /** `RateLimit-Limit`: a window's `max`, a bucket's `burst`. */
  readonly max: number;
  /** `RateLimit-Remaining`: requests left in the window, whole tokens left in the bucket. */
  readonly remaining: number;
  /** `RateLimit-Reset` (ms since epoch): when the window ends, when the bucket is full again. */
  readonly resetAt: number;
  readonly exceeded: boolean;
  /** When a refused request would pass (what `Retry-After` counts down to). */
  readonly retryAt: number;
}

/** The state of a fixed-window limit after `count` requests in the window ending at `resetAt`. */
export function windowState(limit: RateLimit, count: number, resetAt: number): LimitState {
  return {
    name: limit.name,
    max: limit.max,
    remaining: Math.max(0, limit.max - count),
    resetAt,
    exceeded: count > limit.max,
    retryAt: resetAt,
  };
}

/** Milliseconds between two tokens of a bucket. */
export function intervalMs(bucket: TokenBucket): number {
  return 1000 / bucket.ratePerSecond;
}

/** The state of a token bucket after a take the store answered at `now`. */
export function bucketState(bucket: TokenBucket, answer: BucketAnswer, now: number): LimitState {
  const interval = intervalMs(bucket);
  return {
    name: bucket.name,
    max: bucket.burst,
    remaining: tokensLeft(answer.fullAt, now, interval, bucket.burst),
    resetAt: Math.max(now, answer.fullAt),
    exceeded: !answer.conforms,
    retryAt: answer.conforms ? now : nextTokenAt(answer.fullAt, interval, bucket.burst),
  };
}

/**
 * Of two states, the one the RateLimit-* headers report: an exceeded one over one that is not; of two
 * exceeded, the one that frees last (the wait that actually applies); otherwise the one with fewer
 * requests left (ties: the later reset, else `a`).
 */
export function tighter(a: LimitState, b: LimitState): LimitState {
  if (a.exceeded !== b.exceeded) return a.exceeded ? a : b;
  if (a.exceeded) return b.retryAt > a.retryAt ? b : a;
  return b.remaining < a.remaining || (b.remaining === a.remaining && b.resetAt > a.resetAt) ? b : a;
}

/** Seconds from `now` until `at`, at least 1 (what Retry-After says). */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/** The contract's RateLimit-* headers for a state; `RateLimit-Reset` is a Unix timestamp in seconds. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    'RateLimit-Limit': String(state.max),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(Math.ceil(state.resetAt / 1000)),
  };
}
