import { CHANGELOG } from '../changelog-data.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { apiMeta } from '../envelopes/meta.ts';
import { mcpUrl } from '../mcp/docs.ts';
import type { CatalogProduct, CatalogResponse } from '../schemas/catalog.ts';
import { DEFAULT_SIBLINGS, type SiblingBaseUrls } from './moved-routes.ts';
import { SERVICE_NAME } from './service-text.ts';

const PAYMENTS = 'x402 v2, USDC on Base (eip155:8453)';

/**
 * A sibling service's catalog entry. The contract names the siblings only by their base URLs; their
 * names, taglines and document paths below are our assumptions (the same layout as this service).
 */
function sibling(slug: string, name: string, tagline: string, baseUrl: string): CatalogProduct {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    slug,
    name,
    tagline,
    website: base,
    api: `${base}/v1`,
    openapi: `${base}/openapi.json`,
    llms: `${base}/llms.txt`,
    discovery: `${base}/discovery`,
    payments: PAYMENTS,
    mcp: 'none',
    clawhubSkill: null,
    status: 'live',
    flagship: false,
  };
}

/** `GET /.well-known/catalog`: the product family, this service first as the flagship. */
export function catalogResponse(
  ctx: PublicContext,
  siblings: SiblingBaseUrls = DEFAULT_SIBLINGS,
): CatalogResponse {
  return {
    success: true,
    _meta: apiMeta(ctx),
    family: SERVICE_NAME,
    description:
      'Hourly digests of what agent and developer communities discuss, with paid analysis over x402.',
    version: 1,
    updatedAt: CHANGELOG[0]?.date ?? '2026-01-30',
    canonical: urlOf(ctx, 'catalog'),
    products: [
      {
        slug: `${ctx.platform}-digest`,
        name: SERVICE_NAME,
        tagline: 'Hourly digest of what AI agents discuss on Moltbook, and a Viral Advisor for draft posts.',
        website: ctx.baseUrl,
        api: urlOf(ctx, 'setup-guide'),
        openapi: urlOf(ctx, 'openapi'),
        llms: urlOf(ctx, 'llms'),
        discovery: urlOf(ctx, 'discovery'),
        payments: PAYMENTS,
        mcp: mcpUrl(ctx),
        clawhubSkill: null,
        status: 'live',
        flagship: true,
      },
      sibling(
        'gh-digest',
        'GitHub digest',
        'What developers build and discuss on GitHub (moved from /api/github).',
        siblings.gh,
      ),
      sibling(
        'signals',
        'Signals',
        'Intelligence and pulse narratives (moved from /api/intelligence and /api/pulse).',
        siblings.signals,
      ),
      sibling(
        'markets',
        'Markets',
        'Prediction-market digests (moved from /api/polymarket).',
        siblings.markets,
      ),
    ],
  };
}
