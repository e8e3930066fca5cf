import { LIMITS } from '../../../core/limits.ts';
import type { RateLimitStore } from '../../rate-limit/store.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a quota take answers: allowed with what is left, or refused with how long to wait. */
export type QuotaAnswer =
  | { ok: true; limit: number; remaining: number; resetAt: number }
  | { ok: false; limit: number; retryAfterSeconds: number; resetAt: number };

/** Options of a key quota. */
export interface KeyQuotaOptions {
  /** The rate-limit store (in-process or Redis): quotas live beside the rate limits. */
  store: RateLimitStore;
  /** Requests per key per UTC day (the contract's advisor key: `LIMITS.advisorKey.max`, 2). */
  perDay: number;
  /** Clock, ms since epoch. */
  now: () => number;
  /** Counter name in the store (default `LIMITS.advisorKey.name`). */
  name?: string;
}

/** A per-key daily quota (see `keyQuota`). */
export interface KeyQuota {
  /** Counts one request of the key in today's UTC window. */
  take(keyId: string): Promise<QuotaAnswer>;
  /**
   * Gives back the request that `taken` (an answer of `take` for this key) counted, in taken's UTC day
   * even when the clock has since moved to the next one (whose counter is never touched). Never below
   * 0. Answers whether a unit was given back; rejects when the store fails.
   */
  release(keyId: string, taken: QuotaAnswer): Promise<boolean>;
}

/**
 * A per-key daily quota: one fixed-window counter per key and UTC day (00:00 to 24:00 UTC, the same
 * window on every instance) in the rate-limit store. `take` counts one request; past `perDay` it
 * refuses until the next UTC midnight (`resetAt`, ms; `retryAfterSeconds` at least 1). A refused take
 * also counts, which changes nothing: the day is over for that key either way. `release` gives a
 * counted request back, for work that failed after its take (failed calls are never charged).
 */
export function keyQuota(opts: KeyQuotaOptions): KeyQuota {
  const name = opts.name ?? LIMITS.advisorKey.name;
  return {
    async take(keyId) {
      const now = opts.now();
      const start = Math.floor(now / DAY_MS) * DAY_MS;
      const resetAt = start + DAY_MS;
      const answer = await opts.store.hit([{ name, client: keyId, start, resetAt }], [], now);
      const count = answer.counts[0] ?? Number.POSITIVE_INFINITY;
      if (count <= opts.perDay)
        return { ok: true, limit: opts.perDay, remaining: opts.perDay - count, resetAt };
      return {
        ok: false,
        limit: opts.perDay,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
        resetAt,
      };
    },
    async release(keyId, taken) {
      const start = taken.resetAt - DAY_MS;
      return opts.store.release({ name, client: keyId, start, resetAt: taken.resetAt }, opts.now());
    },
  };
}
