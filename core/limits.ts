/**
 * A rate limit as the contract words it: at most `max` requests per `windowSeconds`. Enforced as a
 * fixed window, except `general` and `burst`, which are enforced together as GENERAL_BUCKET.
 */
export interface RateLimit {
  /** Stable name, used as the store key prefix and in documents. */
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  /** Who shares the window. */
  readonly scope: 'ip' | 'key';
  /** How the contract words it. */
  readonly description: string;
}

/** Every limit of the contract (Limits), declared once. */
export const LIMITS = {
  latest: {
    name: 'latest',
    max: 5,
    windowSeconds: 60,
    scope: 'ip',
    description: 'latest digest route: 5 requests per minute per IP',
  },
  sample: {
    name: 'sample',
    max: 1,
    windowSeconds: 20 * 60,
    scope: 'ip',
    description: 'sample route: 1 request per 20 minutes per IP',
  },
  /** Read with `burst` as one token bucket: see GENERAL_BUCKET. */
  general: {
    name: 'general',
    max: 10,
    windowSeconds: 1,
    scope: 'ip',
    description: 'general: 10 requests per second',
  },
  /** Read with `general` as one token bucket: see GENERAL_BUCKET. */
  burst: {
    name: 'burst',
    max: 50,
    windowSeconds: 10,
    scope: 'ip',
    description: 'burst: 50 requests per 10 seconds',
  },
  advisorKey: {
    name: 'advisor-key',
    max: 2,
    windowSeconds: 24 * 60 * 60,
    scope: 'key',
    description: 'advisor free-tier key: 2 requests per day',
  },
} as const satisfies Record<string, RateLimit>;

/** A token bucket per client: refills at `ratePerSecond` tokens a second and holds at most `burst`. */
export interface TokenBucket {
  /** Stable name, used as the store key prefix. */
  readonly name: string;
  readonly ratePerSecond: number;
  /** Most tokens held: the requests a client with a full bucket may send at once. */
  readonly burst: number;
  /** Who shares the bucket. */
  readonly scope: 'ip';
  /** How the contract words it. */
  readonly description: string;
}

/**
 * The contract's "general: 10 requests per second" and "burst: 50 requests per 10 seconds" read as
 * gateways read such a pair (nginx `rate=10r/s burst=50`): ONE bucket per IP that refills at 10
 * tokens a second and holds at most 50, so a client may send 50 requests at once and then 10 a second.
 */
export const GENERAL_BUCKET = {
  name: LIMITS.general.name,
  ratePerSecond: LIMITS.general.max / LIMITS.general.windowSeconds,
  burst: LIMITS.burst.max,
  scope: 'ip',
  description: `${LIMITS.general.description}; ${LIMITS.burst.description} (one token bucket)`,
} as const satisfies TokenBucket;

/** Bounds of the history route's `hours` and `limit` query parameters. */
export const HISTORY_BOUNDS = { min: 1, max: 24, default: 24 } as const;

/** How many topics the brief keeps (contract: the top 3). */
export const BRIEF_TOPICS = 3;

/** A digest must be at least this old to be served by the sample route. */
export const SAMPLE_MIN_AGE_HOURS = 18;

/** How often a digest is published, in hours. */
export const CADENCE_HOURS = 1;
