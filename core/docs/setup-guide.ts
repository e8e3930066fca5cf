import { SUNSET_DATE } from '../api-version.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { apiMeta, attribution } from '../envelopes/meta.ts';
import { HISTORY_BOUNDS, LIMITS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { mcpFacts, mcpMarkdown } from '../mcp/docs.ts';
import { isDemoPayee, type PaymentTerms } from '../payment.ts';
import { routeById } from '../routes.ts';
import { allRouteFacts, priceText, routeListItem, SHARED_LIMITS } from './route-facts.ts';
import {
  PAYMENT_SUMMARY,
  SERVICE_NAME,
  SERVICE_SUMMARY,
  UNTRUSTED_NOTE,
  VERSION_SUMMARY,
} from './service-text.ts';
import { STATUS_CODES, statusCodesTable } from './status-codes.ts';

/** One section of the setup guide. */
export interface GuideSection {
  id: string;
  heading: string;
  markdown: string;
}

/** The sections of the setup guide, shared by its markdown and JSON forms. */
export function setupGuideSections(ctx: PublicContext, payment: PaymentTerms): GuideSection[] {
  const history = routeById('history');
  const advisor = routeById('advisor');
  const demo = isDemoPayee(payment)
    ? '\n\n**Note:** this deployment uses a placeholder payee; paid routes do not take payments yet.'
    : '';
  return [
    {
      id: 'free',
      heading: 'Free routes',
      markdown: `No account, key or payment. Every JSON body has \`success\` and \`_meta\`.

\`\`\`sh
curl ${urlOf(ctx, 'latest')}   # the latest digest (${LIMITS.latest.description.split(': ')[1]})
curl ${urlOf(ctx, 'brief')}    # title, summary, top 3 topics, sentiment
curl ${urlOf(ctx, 'sample')}         # a digest at least ${SAMPLE_MIN_AGE_HOURS} h old (${LIMITS.sample.description.split(': ')[1]})
\`\`\`

${UNTRUSTED_NOTE}`,
    },
    {
      id: 'polling',
      heading: 'Detect a new digest',
      markdown: `A digest appears every hour. Poll the index; when \`id\` changes, fetch the latest digest. \`nextExpectedAt\` says when to look again.

\`\`\`ts
let seen = '';
const index = await (await fetch('${urlOf(ctx, 'index')}')).json();
if (index.id !== seen) {
  seen = index.id;
  const { data: digest } = await (await fetch('${urlOf(ctx, 'latest')}')).json();
  console.log(digest.title, digest.topTopics);
}
\`\`\``,
    },
    {
      id: 'paid',
      heading: 'Paid routes with x402',
      markdown: `${PAYMENT_SUMMARY}

- \`${history.method} ${urlOf(ctx, 'history')}?hours=6&limit=6\`: ${priceText(history.priceUsd ?? '0')}. \`hours\` and \`limit\` are ${HISTORY_BOUNDS.min}–${HISTORY_BOUNDS.max} (default ${HISTORY_BOUNDS.default}).
- \`${advisor.method} ${urlOf(ctx, 'advisor')}\` with \`{"prompt": "your draft"}\`: ${priceText(advisor.priceUsd ?? '0')}; or a free-tier key in \`x-api-key\` (${LIMITS.advisorKey.description.split(': ')[1]}).

The unpaid call answers 402 with the \`PAYMENT-REQUIRED\` header; the client signs an EIP-3009 authorization for USDC on ${payment.network} and retries with \`PAYMENT-SIGNATURE\` (\`X-PAYMENT\` also works). With \`@x402/fetch\` this is one wrapper:

\`\`\`ts
import { wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';

const client = new x402Client();
registerExactEvmScheme(client, { signer: privateKeyToAccount(process.env.EVM_PRIVATE_KEY as \`0x\${string}\`) });
const fetchWithPayment = wrapFetchWithPayment(fetch, client);

const res = await fetchWithPayment('${urlOf(ctx, 'history')}?hours=6');
const { count, data } = await res.json();
\`\`\`

Use a wallet that holds only what you mean to spend. Failed calls are not charged: a payment settles only once its answer is ready. A retry with the same payment gets the same answer and is never charged twice; if a payment settles but its answer cannot be delivered, a refund is queued automatically (502 \`{"refund":"queued"}\`).${demo}`,
    },
    {
      id: 'limits',
      heading: 'Limits',
      markdown: `${[...SHARED_LIMITS, LIMITS.latest, LIMITS.sample, LIMITS.advisorKey].map((l) => `- ${l.description}`).join('\n')}

Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\`; a 429 adds \`Retry-After\` (seconds).`,
    },
    {
      id: 'errors',
      heading: 'Errors',
      markdown: `Errors are \`{success: false, error, message?, details?}\`.\n\n${statusCodesTable()}`,
    },
    {
      id: 'versioning',
      heading: 'Versions and moved paths',
      markdown: `${VERSION_SUMMARY} History: ${urlOf(ctx, 'changelog')}. Old paths answer 301, moved products 308 (free, never 402), retired ones 410; all carry the sunset date ${SUNSET_DATE}.`,
    },
    { id: 'mcp', heading: 'MCP', markdown: mcpMarkdown(ctx) },
    {
      id: 'endpoints',
      heading: 'Every endpoint',
      markdown: `${allRouteFacts(ctx).map(routeListItem).join('\n')}

Machine-readable: ${urlOf(ctx, 'openapi')}, ${urlOf(ctx, 'discovery')}, ${urlOf(ctx, 'llms-full')}.`,
    },
  ];
}

/** `GET /api` (markdown): how to use the free routes, poll the index, pay with x402, limits, errors. */
export function setupGuideMarkdown(ctx: PublicContext, payment: PaymentTerms): string {
  const sections = setupGuideSections(ctx, payment).map((s) => `## ${s.heading}\n\n${s.markdown}`);
  return `# ${SERVICE_NAME}: setup guide\n\n${SERVICE_SUMMARY}\n\n${sections.join('\n\n')}\n`;
}

/** `GET /api` with `Accept: application/json`: the same guide as structured JSON. */
export function setupGuideJson(ctx: PublicContext, payment: PaymentTerms) {
  return {
    success: true as const,
    _meta: apiMeta(ctx),
    name: SERVICE_NAME,
    summary: SERVICE_SUMMARY,
    quickStart: {
      latest: urlOf(ctx, 'latest'),
      poll: urlOf(ctx, 'index'),
      discovery: urlOf(ctx, 'discovery'),
    },
    mcp: mcpFacts(ctx),
    payment: {
      protocol: 'x402',
      x402Version: 2,
      network: payment.network,
      asset: payment.asset,
      demo: isDemoPayee(payment),
      client: '@x402/fetch',
    },
    errors: STATUS_CODES,
    sections: setupGuideSections(ctx, payment),
    _attribution: attribution(ctx),
  };
}
