import { LIMITS } from '../../core/limits.ts';
import type { QuotaWindow, StateStore } from '../state/state.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a quota take answers: allowed with what is left, or refused with how long to wait. */
export type QuotaAnswer =
  | { ok: true; limit: number; remaining: number; resetAt: number }
  | { ok: false; limit: number; retryAfterSeconds: number; resetAt: number };

/** Options of a key quota. */
export interface KeyQuotaOptions {
  /**
   * Where the counters live: the instance's SQLite state, or Redis shared by every instance. Never
   * the per-IP rate-limit store, whose in-process form evicts its oldest clients when full, so a flood
   * from many addresses cannot hand a spent key its calls back.
   */
  state: StateStore;
  /** With Redis: the instance's own state, counted in while `state` is not connected or fails. */
  fallback?: StateStore;
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
 * A per-key daily quota (keys/README.md): a counter per key and UTC day in the state store. A refused
 * take also counts, which changes nothing: the day is over for that key either way.
 */
export function keyQuota(opts: KeyQuotaOptions): KeyQuota {
  const name = opts.name ?? LIMITS.advisorKey.name;
  /** Answers counted in the fallback store (Redis was down), so their release goes there too. */
  const countedLocally = new WeakSet<QuotaAnswer>();
  const windowOf = (keyId: string, resetAt: number): QuotaWindow => ({
    name,
    client: keyId,
    start: resetAt - DAY_MS,
    resetAt,
  });
  const count = async (window: QuotaWindow, now: number): Promise<{ count: number; local: boolean }> => {
    const { state, fallback } = opts;
    if (!fallback) return { count: await state.takeQuota(window, now), local: false };
    if (state.ready()) {
      try {
        return { count: await state.takeQuota(window, now), local: false };
      } catch {
        // Counted in the instance's own state below, as the per-IP limits are while Redis is down.
      }
    }
    return { count: await fallback.takeQuota(window, now), local: true };
  };
  return {
    async take(keyId) {
      const now = opts.now();
      const resetAt = Math.floor(now / DAY_MS) * DAY_MS + DAY_MS;
      const taken = await count(windowOf(keyId, resetAt), now);
      const answer: QuotaAnswer =
        taken.count <= opts.perDay
          ? { ok: true, limit: opts.perDay, remaining: opts.perDay - taken.count, resetAt }
          : {
              ok: false,
              limit: opts.perDay,
              retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
              resetAt,
            };
      if (taken.local) countedLocally.add(answer);
      return answer;
    },
    async release(keyId, taken) {
      const store = countedLocally.has(taken) && opts.fallback ? opts.fallback : opts.state;
      return store.releaseQuota(windowOf(keyId, taken.resetAt), opts.now());
    },
  };
}
