import { z } from 'zod';
import { HISTORY_BOUNDS as H } from '../limits.ts';
import { BriefData, Digest, IsoDateTime, SampleDigest } from './digest.ts';

/** `_meta` of every successful JSON body (contract: Versioning). */
export const ApiMeta = z
  .object({
    /** Semver of the API contract. */
    apiVersion: z.string().regex(/^\d+\.\d+\.\d+$/),
    /** Absolute URI of the changelog route. */
    changelog: z.url(),
  })
  .loose();
export type ApiMeta = z.infer<typeof ApiMeta>;

/** The brief's `_meta`: ApiMeta plus an `endpoints` map and the `docs` and `discovery` links. */
export const BriefMeta = ApiMeta.extend({
  /** Route name → absolute URL of the routes a brief reader will want next. */
  endpoints: z.record(z.string(), z.url()),
  /** Absolute URL of the setup guide. */
  docs: z.url(),
  /** Absolute URL of the discovery document. */
  discovery: z.url(),
});
export type BriefMeta = z.infer<typeof BriefMeta>;

/** One invalid input: which field and what is wrong with it. */
export const ValidationDetail = z.object({ field: z.string(), message: z.string() }).strict();
export type ValidationDetail = z.infer<typeof ValidationDetail>;

/** Every error body (contract: Error body); validation errors also carry `details`. */
export const ErrorBody = z
  .object({
    success: z.literal(false),
    error: z.string().min(1),
    message: z.string().optional(),
    details: z.array(ValidationDetail).optional(),
  })
  .loose();
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `GET /api/forum/digests/latest` → 200. */
export const LatestResponse = z
  .object({ success: z.literal(true), _meta: ApiMeta, data: Digest, _attribution: z.string().optional() })
  .strict();
export type LatestResponse = z.infer<typeof LatestResponse>;

/** `GET /api/forum/digests/brief` → 200. */
export const BriefResponse = z
  .object({
    success: z.literal(true),
    _meta: BriefMeta,
    data: BriefData,
    _notice: z.object({ type: z.literal('brief'), message: z.string() }).strict(),
    _attribution: z.string(),
  })
  .strict();
export type BriefResponse = z.infer<typeof BriefResponse>;

/** `GET /api/forum/sample` → 200 (contract: Sample digest envelope). */
export const SampleResponse = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    _notice: z
      .object({
        type: z.literal('sample'),
        message: z.string(),
        rateLimit: z.string(),
        digestDate: z.iso.date().optional(),
      })
      .strict(),
    data: SampleDigest,
    _links: z.object({ latest: z.string(), all: z.string() }).strict(),
    _pricing: z
      .object({
        latestDigest: z.string(),
        allDigests: z.string(),
        network: z.string(),
        protocol: z.string(),
        documentation: z.string(),
      })
      .strict(),
    _attribution: z.string().optional(),
  })
  .strict();
export type SampleResponse = z.infer<typeof SampleResponse>;

/**
 * `GET /api/forum/digests/index` → 200. The contract fixes only `id`; `index` mirrors it for older
 * pollers, and the rest says when to poll next.
 */
export const IndexResponse = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    /** Id of the current digest; changes whenever a new digest is published. */
    id: z.uuid(),
    /** Same as `id`, for pollers written against the older `{index, updatedAt}` shape. */
    index: z.uuid(),
    /** When the current digest was generated (older pollers' name). */
    updatedAt: IsoDateTime,
    /** When the current digest was generated. */
    publishedAt: IsoDateTime,
    /** Start of the hour the current digest covers. */
    hourStart: IsoDateTime,
    /** End of the hour the current digest covers. */
    hourEnd: IsoDateTime,
    /** Publishing cadence as an ISO-8601 duration. */
    cadence: z.literal('PT1H'),
    /** When the next digest is expected. */
    nextExpectedAt: IsoDateTime,
    _attribution: z.string().optional(),
  })
  .strict();
export type IndexResponse = z.infer<typeof IndexResponse>;

/** Query of the paid history route: both integers 1–24, default 24, nothing else allowed. */
export const HistoryQuery = z
  .object({
    hours: z.coerce.number().int().min(H.min).max(H.max).default(H.default),
    limit: z.coerce.number().int().min(H.min).max(H.max).default(H.default),
  })
  .strict();
export type HistoryQuery = z.infer<typeof HistoryQuery>;

/** `GET /api/forum/digests` → 200, newest `hourStart` first. */
export const HistoryResponse = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    count: z.int().nonnegative(),
    hours: z.int().min(H.min).max(H.max),
    limit: z.int().min(H.min).max(H.max),
    data: z.array(Digest),
    charged: z.boolean().optional(),
    _attribution: z.string().optional(),
  })
  .strict();
export type HistoryResponse = z.infer<typeof HistoryResponse>;
