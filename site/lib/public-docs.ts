import type { PublicContext } from '../../core/envelopes/context.ts';
import { DEMO_PAYMENT_TERMS, type PaymentTerms } from '../../core/payment.ts';
import { siteConfig } from './build-config.ts';

/** Where this build says the service lives: the base URL and platform segment of the configuration. */
export const publicContext: PublicContext = { baseUrl: siteConfig.baseUrl, platform: siteConfig.platform };

/**
 * The payment terms the documents advertise. The configuration has no payee yet, so these are the demo
 * terms (USDC on Base mainnet, placeholder payee); the documents say so.
 */
export const paymentTerms: PaymentTerms = DEMO_PAYMENT_TERMS;

/** A JSON body as a static file: two-space indented, final newline, keys in the builders' order. */
export function jsonFile(body: unknown): Response {
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/** A text body as a static file with its media type. */
export function textFile(body: string, contentType: string): Response {
  return new Response(body, { headers: { 'Content-Type': `${contentType}; charset=utf-8` } });
}
