import type { PublicContext } from '../../core/envelopes/context.ts';
import { BASE_MAINNET_USDC, DEMO_PAYMENT_TERMS, type PaymentTerms } from '../../core/payment.ts';
import { siteConfig } from './build-config.ts';

/** Where this build says the service lives: the base URL and platform segment of the configuration. */
export const publicContext: PublicContext = { baseUrl: siteConfig.baseUrl, platform: siteConfig.platform };

/**
 * The payment terms the documents advertise, as the edge sells: USDC on Base paid to PAY_TO when the
 * build has it (production, or `npm start`'s local dev chain), else the demo terms with the placeholder
 * payee, which the documents then say take no payments.
 */
export const paymentTerms: PaymentTerms = siteConfig.payTo
  ? { ...BASE_MAINNET_USDC, payTo: siteConfig.payTo }
  : DEMO_PAYMENT_TERMS;

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
