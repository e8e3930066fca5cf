import { HOUR_MS } from '../hours.ts';
import { LIMITS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { BASE_MAINNET_USDC, formatUsd, type PaymentTerms } from '../payment.ts';
import { routeById } from '../routes.ts';
import { type Digest, SAMPLE_FIELDS, type SampleDigest } from '../schemas/digest.ts';
import type { SampleResponse } from '../schemas/envelope.ts';
import { type PublicContext, pathOf, urlOf } from './context.ts';
import { apiMeta, attribution } from './meta.ts';

/**
 * Picks the sample digest: the newest one whose `hourEnd` is at least 18 hours before `now`, so the
 * sample rotates hourly as digests age past the threshold; null when none is old enough.
 */
export function pickSampleDigest(digests: readonly Digest[], now: Date): Digest | null {
  const cutoff = now.getTime() - SAMPLE_MIN_AGE_HOURS * HOUR_MS;
  let best: Digest | null = null;
  for (const d of digests) {
    const end = Date.parse(d.hourEnd);
    if (end > cutoff) continue;
    if (best === null || end > Date.parse(best.hourEnd)) best = d;
  }
  return best;
}

/** A digest reduced to the sample's fields (SAMPLE_FIELDS). */
export function sampleDigest(digest: Digest): SampleDigest {
  return Object.fromEntries(SAMPLE_FIELDS.map((field) => [field, digest[field]])) as SampleDigest;
}

/** The part of a limit's description after the scope, e.g. `1 request per 20 minutes per IP`. */
function limitText(description: string): string {
  return description.slice(description.indexOf(':') + 1).trim();
}

/** `GET /api/{platform}/sample` → 200: the sample envelope around an old-enough digest. */
export function sampleResponse(
  ctx: PublicContext,
  digest: Digest,
  payment: Pick<PaymentTerms, 'network'> = BASE_MAINNET_USDC,
): SampleResponse {
  const historyPrice = routeById('history').priceUsd ?? '0';
  return {
    success: true,
    _meta: apiMeta(ctx),
    _notice: {
      type: 'sample',
      message: `A sample digest at least ${SAMPLE_MIN_AGE_HOURS} hours old with a subset of its fields. The latest full digest is free; the last 24 hours cost ${formatUsd(historyPrice)} per request.`,
      rateLimit: limitText(LIMITS.sample.description),
      digestDate: digest.hourStart.slice(0, 10),
    },
    data: sampleDigest(digest),
    _links: { latest: pathOf(ctx, 'latest'), all: pathOf(ctx, 'history') },
    _pricing: {
      latestDigest: 'free',
      allDigests: `${formatUsd(historyPrice)} USDC per request`,
      network: payment.network,
      protocol: 'x402 v2 (exact scheme)',
      documentation: urlOf(ctx, 'setup-guide'),
    },
    _attribution: attribution(ctx),
  };
}
