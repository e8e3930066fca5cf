import { BRIEF_TOPICS } from '../limits.ts';
import { ROUTES, routePath } from '../routes.ts';
import type { BriefData, Digest } from '../schemas/digest.ts';
import type { BriefResponse } from '../schemas/envelope.ts';
import { absoluteUrl, type PublicContext, urlOf } from './context.ts';
import { apiMeta, attribution } from './meta.ts';

/** The brief's `data`: exactly the contract's fields, the top BRIEF_TOPICS topics. */
export function briefData(digest: Digest): BriefData {
  return {
    title: digest.title,
    summary: digest.summary,
    topTopics: digest.topTopics.slice(0, BRIEF_TOPICS),
    overallSentiment: digest.overallSentiment,
    sentimentShift: digest.sentimentShift,
    totalPosts: digest.totalPosts,
    hourStart: digest.hourStart,
    createdAt: digest.createdAt,
  };
}

/** Route id → absolute URL of every route, for the brief's `_meta.endpoints`. */
export function endpointsMap(ctx: PublicContext): Record<string, string> {
  return Object.fromEntries(ROUTES.map((r) => [r.id, absoluteUrl(ctx, routePath(r, ctx.platform))]));
}

/** `GET /api/{platform}/digests/brief` → 200. */
export function briefResponse(ctx: PublicContext, digest: Digest): BriefResponse {
  return {
    success: true,
    _meta: {
      ...apiMeta(ctx),
      endpoints: endpointsMap(ctx),
      docs: urlOf(ctx, 'setup-guide'),
      discovery: urlOf(ctx, 'discovery'),
    },
    data: briefData(digest),
    _notice: {
      type: 'brief',
      message: `A brief of the latest digest. The full digest, with hot discussions and narratives, is free at ${urlOf(ctx, 'latest')}.`,
    },
    _attribution: attribution(ctx),
  };
}
