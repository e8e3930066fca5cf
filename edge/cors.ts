import { PAYMENT_HEADERS, X402_HEADERS } from '../core/payment.ts';

/** Response headers a cross-origin script may read (rate limits, payment, caching). */
export const CORS_EXPOSE = `RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ${X402_HEADERS.challenge}, ${X402_HEADERS.receipt}, ETag, Deprecation, Sunset`;

/** The 204 answer to OPTIONS (a CORS preflight or a plain question): what the path allows. */
export function optionsHeaders(allow: readonly string[]): Record<string, string> {
  return {
    Allow: allow.join(', '),
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': allow.join(', '),
    'Access-Control-Allow-Headers': ['Content-Type', 'If-None-Match', ...PAYMENT_HEADERS].join(', '),
    'Access-Control-Expose-Headers': CORS_EXPOSE,
    'Access-Control-Max-Age': '86400',
  };
}
