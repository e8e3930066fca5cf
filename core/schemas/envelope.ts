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
  .loose()
  .describe('Version metadata of every successful JSON body.');
export type ApiMeta = z.infer<typeof ApiMeta>;

/** The brief's `_meta`: ApiMeta plus an `endpoints` map and the `docs` and `discovery` links. */
export const BriefMeta = ApiMeta.extend({
  /** Route name → absolute URL of the routes a brief reader will want next. */
  endpoints: z.record(z.string(), z.url()),
  /** Absolute URL of the setup guide. */
  docs: z.url(),
  /** Absolute URL of the discovery document. */
  discovery: z.url(),
}).describe("The brief's _meta: ApiMeta plus endpoints, docs and discovery.");
export type BriefMeta = z.infer<typeof BriefMeta>;

/** One invalid input: which field and what is wrong with it. */
export const ValidationDetail = z
  .object({ field: z.string(), message: z.string() })
  .strict()
  .describe('One invalid input.');
export type ValidationDetail = z.infer<typeof ValidationDetail>;

/** Every error body (contract: Error body); validation errors also carry `details`. */
export const ErrorBody = z
  .object({
    success: z.literal(false),
    error: z.string().min(1),
    message: z.string().optional(),
    details: z.array(ValidationDetail).optional(),
  })
  .loose()
  .describe('Every error body.');
export type ErrorBody = z.infer<typeof ErrorBody>;

/** `GET /api/forum/digests/latest` → 200. */
export const LatestResponse = z
  .object({ success: z.literal(true), _meta: ApiMeta, data: Digest, _attribution: z.string().optional() })
  .strict()
  .describe('The latest digest.');
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
  .strict()
  .describe('The brief of the latest digest.');
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
  .strict()
  .describe('The sample envelope.');
export type SampleResponse = z.infer<typeof SampleResponse>;

/**
 * `GET /api/forum/digests/index` → 200. The contract fixes only `id`; `index` mirrors it for older
 * pollers, and the rest says when to poll next.
 */
export const IndexResponse = z
  .object({
    success: z.literal(true),
    _meta: ApiMeta,
    id: z.uuid().describe('Id of the current digest; changes whenever a new digest is published. Poll it.'),
    index: z
      .uuid()
      .describe('Same as `id`, for pollers written against the older `{index, updatedAt}` shape.'),
    updatedAt: IsoDateTime.describe('When the current digest was generated (older pollers’ name).'),
    publishedAt: IsoDateTime.describe('When the current digest was generated.'),
    hourStart: IsoDateTime.describe('Start of the hour the current digest covers.'),
    hourEnd: IsoDateTime.describe('End of the hour the current digest covers.'),
    cadence: z.literal('PT1H').describe('Publishing cadence as an ISO-8601 duration.'),
    nextExpectedAt: IsoDateTime.describe('When the next digest is expected.'),
    _attribution: z.string().optional(),
  })
  .strict()
  .describe('The current digest id and when the next is expected.');
export type IndexResponse = z.infer<typeof IndexResponse>;

const bound = z.coerce.number().int().min(H.min).max(H.max).default(H.default);
const bounds = `${H.min}–${H.max}, default ${H.default}`;

/** Query of the paid history route: both integers within HISTORY_BOUNDS, nothing else allowed. */
export const HistoryQuery = z
  .object({
    hours: bound.describe(`How many hours back (${bounds}).`),
    limit: bound.describe(`Maximum digests returned (${bounds}).`),
  })
  .strict()
  .describe('Query of the history route; unknown parameters are rejected.');
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
  .strict()
  .describe('Historical digests, newest hourStart first.');
export type HistoryResponse = z.infer<typeof HistoryResponse>;
