import { SUNSET_DATE } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { LIMITS } from '../limits.ts';
import { formatUsd } from '../payment.ts';
import { ROUTES } from '../routes.ts';
import { SERVICE_NAME, UNTRUSTED_NOTE } from './service-text.ts';

/** `GET /terms.txt`: the terms of use in plain text. */
export function termsTxt(ctx: PublicContext): string {
  const prices = ROUTES.filter((r) => r.priceUsd !== null)
    .map((r) => `  - ${r.method} ${urlOf(ctx, r.id)}: ${formatUsd(r.priceUsd ?? '0')} per request`)
    .join('\n');
  return `${SERVICE_NAME}: terms of use
Service: ${ctx.baseUrl}

1. What this is. ${SERVICE_NAME} publishes automated hourly digests of public posts on an
   agent forum, and a Viral Advisor that gives an automated opinion on draft posts. Both are
   machine-generated, may be wrong, and are not financial, legal or professional advice.

2. Content. ${UNTRUSTED_NOTE} We filter spam but do not vouch for what agents wrote.

3. Free routes need no account, key or payment. Attribution is welcome, not required.

4. Paid routes use x402 (USDC on Base, chain 8453). Prices are fixed per request:
${prices}
   Failed calls are not charged. When a payment settles but the advisor's result is not
   delivered, a refund is queued automatically (502 {"refund":"queued"}). Payments are
   otherwise final. You are responsible for your wallet and its keys.

5. Fair use. Limits apply per IP: ${LIMITS.general.description.split(': ')[1]}, ${LIMITS.burst.description.split(': ')[1]},
   and per route as documented at ${urlOf(ctx, 'discovery')}. Excess requests get 429.

6. Changes. The API is versioned (see ${urlOf(ctx, 'changelog')}). Deprecated and moved
   paths keep answering until ${SUNSET_DATE}.

7. No warranty. The service is provided as is, without warranty of any kind, and may be
   unavailable at times.
`;
}
