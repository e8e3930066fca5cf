import type { Digest } from '../schemas/digest.ts';
import type { LatestResponse } from '../schemas/envelope.ts';
import type { PublicContext } from './context.ts';
import { apiMeta, attribution } from './meta.ts';

/** `GET /api/{platform}/digests/latest` → 200: the digest as `data`. */
export function latestResponse(ctx: PublicContext, digest: Digest): LatestResponse {
  return { success: true, _meta: apiMeta(ctx), data: digest, _attribution: attribution(ctx) };
}
