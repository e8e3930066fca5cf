import { atomicAmount, type PaymentTerms } from '../payment.ts';
import type { RouteDef } from '../routes.ts';
import { type PublicContext, urlOf } from './context.ts';

/** x402 v2 PaymentRequirements of one `accepts` entry (field notes §3). */
export interface PaymentRequirements {
  scheme: 'exact';
  network: `eip155:${number}`;
  /** Price in atomic units of the asset, e.g. `"20000"` for $0.02 USDC. */
  amount: string;
  asset: `0x${string}`;
  payTo: `0x${string}`;
  maxTimeoutSeconds: number;
  /** EIP-712 domain of the asset. */
  extra: { name: string; version: string };
}

/** What a payment buys: the canonical public URL of the resource. */
export interface ResourceInfo {
  url: string;
  description: string;
  mimeType: string;
}

/** The decoded `PAYMENT-REQUIRED` header of a 402 (x402 v2). */
export interface PaymentRequired {
  x402Version: 2;
  error: string;
  resource: ResourceInfo;
  accepts: PaymentRequirements[];
}

/** The price of a paid route; throws for a free route, which is a programming error. */
function priceOf(route: RouteDef): string {
  if (route.access !== 'paid' || route.priceUsd === null) throw new Error(`route ${route.id} is not paid`);
  return route.priceUsd;
}

/** The x402 v2 payment requirements of a paid route under the given terms. */
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
  return { url: urlOf(ctx, route.id), description: route.description, mimeType: route.contentType };
}

/**
 * The 402 challenge of a paid route: what the edge base64-encodes into `PAYMENT-REQUIRED` and
 * mirrors in the body.
 */
export function paymentRequired(
  ctx: PublicContext,
  route: RouteDef,
  payment: PaymentTerms,
  error = 'Payment required',
): PaymentRequired {
  return {
    x402Version: 2,
    error,
    resource: resourceInfo(ctx, route),
    accepts: [paymentRequirements(route, payment)],
  };
}
