import { absoluteUrl, type PublicContext } from '../envelopes/context.ts';
import { LIMITS, type RateLimit } from '../limits.ts';
import { atomicAmount, formatUsd, type PaymentTerms } from '../payment.ts';
import { ROUTES, type RouteDef, routePath } from '../routes.ts';

/** Limits every route shares besides its own (contract: Limits, general and burst). */
export const SHARED_LIMITS: readonly RateLimit[] = [LIMITS.general, LIMITS.burst];

/** A route as every document presents it. */
export interface RouteFacts {
  id: string;
  method: RouteDef['method'];
  path: string;
  url: string;
  access: RouteDef['access'];
  /** USD price per request for paid routes, null when free. */
  priceUsd: string | null;
  /** Route-specific limits (the shared ones are listed once per document). */
  limits: RateLimit[];
  contentType: string;
  description: string;
}

/** The facts of one route for this context. */
export function routeFacts(ctx: PublicContext, route: RouteDef): RouteFacts {
  const path = routePath(route, ctx.platform);
  return {
    id: route.id,
    method: route.method,
    path,
    url: absoluteUrl(ctx, path),
    access: route.access,
    priceUsd: route.priceUsd,
    limits: route.limits.map((l) => ({ ...l })),
    contentType: route.contentType,
    description: route.description,
  };
}

/** Every route's facts, in table order. */
export function allRouteFacts(ctx: PublicContext): RouteFacts[] {
  return ROUTES.map((r) => routeFacts(ctx, r));
}

/** Price as documents show it: `$0.02 USDC per request (x402)`. */
export function priceText(priceUsd: string): string {
  return `${formatUsd(priceUsd)} USDC per request (x402)`;
}

/** A route's price in a structured document. */
export function priceObject(priceUsd: string, payment: PaymentTerms) {
  return {
    usd: priceUsd,
    display: formatUsd(priceUsd),
    amount: atomicAmount(priceUsd, payment.decimals),
    asset: payment.asset,
    assetName: payment.assetName,
    network: payment.network,
  };
}

/**
 * One route as an llms.txt list item: `- [GET /path](url): description Price: … Limit: ….`.
 * Tests parse this exact form.
 */
export function routeListItem(facts: RouteFacts): string {
  const parts = [facts.description];
  if (facts.priceUsd !== null) parts.push(`Price: ${priceText(facts.priceUsd)}.`);
  if (facts.limits.length > 0) parts.push(`Limit: ${facts.limits.map((l) => l.description).join('; ')}.`);
  return `- [${facts.method} ${facts.path}](${facts.url}): ${parts.join(' ')}`;
}
