import { CADENCE_HOURS } from '../limits.ts';
import type { Digest } from '../schemas/digest.ts';
import type { IndexResponse } from '../schemas/envelope.ts';
import type { PublicContext } from './context.ts';
import { apiMeta, attribution } from './meta.ts';

/**
 * `GET /api/{platform}/digests/index` → 200: the current digest's `id` (mirrored as `index` for
 * older pollers), when it was published, the hour it covers, and when the next one is expected:
 * one cadence after this one was published, since each hour is published the same few minutes
 * after it ends.
 */
export function indexResponse(ctx: PublicContext, digest: Digest): IndexResponse {
  const nextExpectedAt = new Date(Date.parse(digest.createdAt) + CADENCE_HOURS * 3_600_000).toISOString();
  return {
    success: true,
    _meta: apiMeta(ctx),
    id: digest.id,
    index: digest.id,
    updatedAt: digest.createdAt,
    publishedAt: digest.createdAt,
    hourStart: digest.hourStart,
    hourEnd: digest.hourEnd,
    cadence: 'PT1H',
    nextExpectedAt,
    _attribution: attribution(ctx),
  };
}
