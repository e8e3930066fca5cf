import { API_VERSION, SUNSET_DATE } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { apiMeta, attribution } from '../envelopes/meta.ts';
import { HISTORY_BOUNDS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { mcpFacts } from '../mcp/docs.ts';
import { isDemoPayee, PAYMENT_HEADERS, type PaymentTerms, X402_HEADERS } from '../payment.ts';
import { DEPRECATED_PATHS, MOVED_PREFIXES, RETIRED_PREFIXES } from './moved-routes.ts';
import { allRouteFacts, priceObject, type RouteFacts, SHARED_LIMITS } from './route-facts.ts';
import { PAYMENT_SUMMARY, SERVICE_NAME, SERVICE_SUMMARY, UNTRUSTED_NOTE } from './service-text.ts';

/** One endpoint of the discovery document. */
function endpoint(facts: RouteFacts, payment: PaymentTerms) {
  return {
    id: facts.id,
    method: facts.method,
    path: facts.path,
    url: facts.url,
    description: facts.description,
    contentType: facts.contentType,
    price: facts.priceUsd === null ? null : priceObject(facts.priceUsd, payment),
    limits: facts.limits,
  };
}

/** `GET /discovery`: every endpoint as structured JSON, split free and paid. */
export function discoveryDocument(ctx: PublicContext, payment: PaymentTerms) {
  const facts = allRouteFacts(ctx);
  return {
    success: true as const,
    _meta: apiMeta(ctx),
    name: SERVICE_NAME,
    description: SERVICE_SUMMARY,
    apiVersion: API_VERSION,
    baseUrl: ctx.baseUrl,
    documents: {
      setupGuide: urlOf(ctx, 'setup-guide'),
      openapi: urlOf(ctx, 'openapi'),
      llms: urlOf(ctx, 'llms'),
      llmsFull: urlOf(ctx, 'llms-full'),
      x402: urlOf(ctx, 'x402-manifest'),
      x402Resources: urlOf(ctx, 'x402-resources'),
      agentCard: urlOf(ctx, 'agent-card'),
      changelog: urlOf(ctx, 'changelog'),
      terms: urlOf(ctx, 'terms'),
    },
    payment: {
      summary: PAYMENT_SUMMARY,
      protocol: 'x402',
      x402Version: 2,
      scheme: 'exact',
      network: payment.network,
      asset: payment.asset,
      assetName: payment.assetName,
      decimals: payment.decimals,
      payTo: payment.payTo,
      demo: isDemoPayee(payment),
      headers: {
        challenge: X402_HEADERS.challenge,
        payment: [...PAYMENT_HEADERS],
        receipt: X402_HEADERS.receipt,
      },
    },
    limits: {
      shared: SHARED_LIMITS,
      historyHours: HISTORY_BOUNDS,
      historyLimit: HISTORY_BOUNDS,
      sampleMinAgeHours: SAMPLE_MIN_AGE_HOURS,
      headers: ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
    },
    polling: { route: urlOf(ctx, 'index'), field: 'id', cadence: 'PT1H' },
    mcp: mcpFacts(ctx),
    free: facts.filter((f) => f.access === 'free').map((f) => endpoint(f, payment)),
    paid: facts.filter((f) => f.access === 'paid').map((f) => endpoint(f, payment)),
    moved: {
      sunset: SUNSET_DATE,
      deprecated: DEPRECATED_PATHS.map((d) => ({
        path: d.path,
        status: 301,
        to: d.to.replaceAll('{platform}', ctx.platform),
      })),
      moved: MOVED_PREFIXES.map((m) => ({ prefix: m.prefix, status: 308, rule: m.rule })),
      retired: RETIRED_PREFIXES.map((r) => ({ prefix: r.prefix, status: 410, note: r.note })),
    },
    notice: UNTRUSTED_NOTE,
    _attribution: attribution(ctx),
  };
}
