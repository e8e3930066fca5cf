import { API_VERSION } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { paymentRequirements, resourceInfo } from '../envelopes/payment-required.ts';
import { formatUsd, isDemoPayee, PAYMENT_HEADERS, type PaymentTerms, X402_HEADERS } from '../payment.ts';
import { ROUTES, type RouteDef } from '../routes.ts';
import { componentName, componentSchemas } from './json-schemas.ts';
import { PAYMENT_SUMMARY, SERVICE_NAME, SERVICE_SUMMARY } from './service-text.ts';

/** The paid routes, in table order. */
export function paidRoutes(): RouteDef[] {
  return ROUTES.filter((r) => r.access === 'paid');
}

/** What a paid route takes as input (JSON Schema from its declared zod schemas), for agents building requests. */
function inputOf(route: RouteDef) {
  const schemas = componentSchemas();
  const { query, body } = route.request;
  return {
    type: 'http',
    method: route.method,
    ...(query ? { queryParams: schemas[componentName(query)] } : {}),
    ...(body ? { bodyType: 'json', body: schemas[componentName(body)] } : {}),
  };
}

/** `GET /.well-known/x402`: the payment manifest: who is paid, on which network, for which resources. */
export function x402Manifest(ctx: PublicContext, payment: PaymentTerms) {
  return {
    version: 1,
    x402Version: 2,
    name: SERVICE_NAME,
    description: SERVICE_SUMMARY,
    apiVersion: API_VERSION,
    payment: {
      summary: PAYMENT_SUMMARY,
      schemes: ['exact'],
      networks: [payment.network],
      assets: [
        {
          address: payment.asset,
          name: payment.assetName,
          version: payment.assetVersion,
          decimals: payment.decimals,
        },
      ],
      payTo: payment.payTo,
      demo: isDemoPayee(payment),
      headers: {
        challenge: X402_HEADERS.challenge,
        payment: [...PAYMENT_HEADERS],
        receipt: X402_HEADERS.receipt,
      },
    },
    resources: paidRoutes().map((r) => urlOf(ctx, r.id)),
    endpoints: paidRoutes().map((r) => ({
      method: r.method,
      resource: urlOf(ctx, r.id),
      description: r.description,
      mimeType: r.contentType,
      price: formatUsd(r.priceUsd ?? '0'),
      priceUsd: r.priceUsd,
      amount: paymentRequirements(r, payment).amount,
    })),
    discovery: urlOf(ctx, 'x402-resources'),
    openapi: urlOf(ctx, 'openapi'),
    instructions: urlOf(ctx, 'setup-guide'),
  };
}

/**
 * `GET /.well-known/x402-resources.json`: each paid resource with its x402 v2 payment requirements,
 * in the shape of an x402 discovery listing (`items[]` with `resource`, `type`, `accepts`).
 */
export function x402Resources(ctx: PublicContext, payment: PaymentTerms) {
  return {
    x402Version: 2,
    items: paidRoutes().map((r) => ({
      resource: urlOf(ctx, r.id),
      type: 'http',
      x402Version: 2,
      method: r.method,
      description: resourceInfo(ctx, r).description,
      mimeType: r.contentType,
      priceUsd: r.priceUsd,
      accepts: [paymentRequirements(r, payment)],
      metadata: { input: inputOf(r), documentation: urlOf(ctx, 'openapi') },
    })),
  };
}
