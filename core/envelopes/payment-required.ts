import type { PaymentRequirements, ResourceInfo } from '@x402/core/types';
import { atomicAmount, type PaymentTerms } from '../payment.ts';
import type { RouteDef } from '../routes.ts';
import { type PublicContext, urlOf } from './context.ts';

// What documents (OpenAPI, llms.txt, the x402 manifests) say a paid route asks for, in the x402
// package's own types. The edge does not use this: its 402 is built by x402's resource server
// (`edge/paid/x402.ts`), and `test/payments/payments.test.ts` checks that both agree.

/** The price of a paid route; throws for a free route, which is a programming error. */
function priceOf(route: RouteDef): string {
  if (route.access !== 'paid' || route.priceUsd === null) throw new Error(`route ${route.id} is not paid`);
  return route.priceUsd;
}

/** The x402 v2 payment requirements of a paid route under the given terms (one `accepts` entry). */
export function paymentRequirements(route: RouteDef, payment: PaymentTerms): PaymentRequirements {
  return {
    scheme: 'exact',
    network: payment.network,
    amount: atomicAmount(priceOf(route), payment.decimals),
    asset: payment.asset,
    payTo: payment.payTo,
    maxTimeoutSeconds: payment.maxTimeoutSeconds,
    extra: { name: payment.assetName, version: payment.assetVersion },
  };
}

/** The resource a paid route sells, at the canonical public address. */
export function resourceInfo(ctx: PublicContext, route: RouteDef): ResourceInfo {
  priceOf(route);
  return { url: urlOf(ctx, route.id), description: route.description, mimeType: route.contentType };
}
