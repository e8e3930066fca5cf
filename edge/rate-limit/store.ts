/** One fixed-window counter to bump: limit, client, window start, and when the window ends (ms since epoch). */
export interface CounterHit {
  readonly name: string;
  readonly client: string;
  readonly start: number;
  readonly resetAt: number;
}

/** One token to take from a client's token bucket: limit, client, ms between two tokens, most it holds. */
export interface BucketHit {
  readonly name: string;
  readonly client: string;
  readonly intervalMs: number;
  readonly burst: number;
}

/** Where a shared store files a counter: limit, client and window start. */
export function counterKey(hit: CounterHit): string {
  return `${hit.name}:${hit.client}:${hit.start}`;
}

/** Where a shared store files a bucket: limit and client. */
export function bucketKey(hit: BucketHit): string {
  return `${hit.name}:${hit.client}`;
}

/** A token bucket after a take (GCRA, see gcra.ts). */
export interface BucketAnswer {
  /** True when a token was taken; false when the bucket was empty (then nothing is taken). */
  readonly conforms: boolean;
  /** When the bucket is full again (ms since epoch, the GCRA's theoretical arrival time); ≤ now when full. */
  readonly fullAt: number;
}

/** What the store answers for one request: the counters' new counts and the buckets' states, in order. */
export interface StoreAnswer {
  readonly counts: readonly number[];
  readonly buckets: readonly BucketAnswer[];
}

/** Whether the store answers, for /health. */
export interface StoreStatus {
  /** `memory` or `redis`. */
  readonly store: string;
  readonly reachable: boolean;
  /** Set while limits are kept per instance because the shared store is down. */
  readonly fallback?: 'memory';
  readonly detail?: string;
}

/** Where limit state lives: memory-store.ts (one process) or redis-store.ts (every instance). */
export interface RateLimitStore {
  /**
   * Counts one request: one more in each counter (created to expire at its `resetAt`), one token from
   * each bucket, atomically per key. May answer synchronously (the in-process store does).
   */
  hit(
    counters: readonly CounterHit[],
    buckets: readonly BucketHit[],
    now: number,
  ): StoreAnswer | Promise<StoreAnswer>;
  status(): Promise<StoreStatus>;
  close(): Promise<void>;
}
