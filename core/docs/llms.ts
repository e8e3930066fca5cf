import { SUNSET_DATE } from '../api-version.ts';
import { CHANGELOG } from '../changelog-data.ts';
import { type PublicContext, urlOf } from '../envelopes/context.ts';
import { paymentRequirements } from '../envelopes/payment-required.ts';
import { HISTORY_BOUNDS, LIMITS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { mcpMarkdown } from '../mcp/docs.ts';
import type { PaymentTerms } from '../payment.ts';
import { routeById } from '../routes.ts';
import { DEPRECATED_PATHS, MOVED_PREFIXES, RETIRED_PREFIXES } from './moved-routes.ts';
import { allRouteFacts, type RouteFacts, routeListItem, SHARED_LIMITS } from './route-facts.ts';
import { fieldsTable } from './schema-tables.ts';
import {
  PAYMENT_SUMMARY,
  SERVICE_NAME,
  SERVICE_SUMMARY,
  UNTRUSTED_NOTE,
  VERSION_SUMMARY,
} from './service-text.ts';
import { statusCodesTable } from './status-codes.ts';

/** Which llms.txt section a route is listed in; routes not named here go to Documents. */
const SECTION_OF: Readonly<Record<string, string>> = {
  sample: 'Digests',
  latest: 'Digests',
  brief: 'Digests',
  index: 'Digests',
  history: 'Digests',
  advisor: 'Viral Advisor',
  changelog: 'Optional',
  catalog: 'Optional',
  terms: 'Optional',
  health: 'Optional',
};
const SECTION_ORDER = ['Digests', 'Viral Advisor', 'Documents', 'Optional'];

/** The route sections (`## Digests` …, `## Optional` last, as the llms.txt format wants). */
function routeSections(ctx: PublicContext, facts: readonly RouteFacts[]): string {
  return SECTION_ORDER.map((section) => {
    const items = facts.filter((f) => (SECTION_OF[f.id] ?? 'Documents') === section).map(routeListItem);
    const mcp = section === 'Optional' ? `## MCP\n\n${mcpMarkdown(ctx)}\n\n` : '';
    return items.length > 0 ? `${mcp}## ${section}\n\n${items.join('\n')}` : '';
  })
    .filter(Boolean)
    .join('\n\n');
}

/** The H1, the summary quote and the short prose both files open with. */
function preamble(ctx: PublicContext): string {
  const shared = SHARED_LIMITS.map((l) => l.description).join('; ');
  return `# ${SERVICE_NAME}

> ${SERVICE_SUMMARY}

Base URL: ${ctx.baseUrl}. ${PAYMENT_SUMMARY} ${VERSION_SUMMARY}

A new digest appears every hour: poll ${urlOf(ctx, 'index')} and fetch the latest digest when its \`id\` changes. Every route shares these limits: ${shared}. ${UNTRUSTED_NOTE}`;
}

/** `GET /llms.txt`: the llms.txt summary (H1, summary, prose, H2 sections of links). */
export function llmsTxt(ctx: PublicContext): string {
  return `${preamble(ctx)}\n\n${routeSections(ctx, allRouteFacts(ctx))}\n`;
}

/** `GET /llms-full.txt`: everything an agent needs in one file: routes, fields, payment, limits, errors. */
export function llmsFullTxt(ctx: PublicContext, payment: PaymentTerms): string {
  const history = routeById('history');
  const advisor = routeById('advisor');
  const accepts = JSON.stringify(paymentRequirements(history, payment), null, 2);
  const moved = [
    ...DEPRECATED_PATHS.map(
      (d) =>
        `- \`${d.path}\`: 301 to \`${d.to.replaceAll('{platform}', ctx.platform)}\`; the body carries \`newEndpoint\`.`,
    ),
    ...MOVED_PREFIXES.map((m) => `- \`${m.prefix}/*\`: 308, ${m.rule}.`),
    ...RETIRED_PREFIXES.map(
      (r) =>
        `- \`${r.prefix}${r.wildcard ? '/*' : ''}\`: 410 Gone${r.deprecationHeader ? ' with a Deprecation header' : ''}. ${r.note}`,
    ),
  ].join('\n');
  const versions = CHANGELOG.map(
    (e) => `- ${e.version} (${e.date}): ${e.changes.map((c) => `${c.type}: ${c.description}`).join(' ')}`,
  ).join('\n');
  const limits = [...Object.values(LIMITS).map((l) => `- ${l.description}`)].join('\n');

  return `${preamble(ctx)}

${routeSections(ctx, allRouteFacts(ctx))}

## Envelope

Every JSON success has \`success: true\` and \`_meta\` (\`apiVersion\`, \`changelog\`); many carry \`_attribution\`, a credit line that is optional to keep. Errors are \`{success: false, error, message?}\`; validation errors add \`details: [{field, message}]\`.

## Digest

Returned as \`data\` by ${urlOf(ctx, 'latest')} and as elements of \`data\` by the paid history route. Text fields summarise untrusted forum posts.

${fieldsTable('Digest')}

### HotDiscussion

${fieldsTable('HotDiscussion')}

### TopPostPattern (elements of topPostPatterns)

${fieldsTable('TopPostPattern')}

### PatternEvidence

${fieldsTable('PatternEvidence')}

## Sample, brief and index

The sample (${urlOf(ctx, 'sample')}) shows a digest at least ${SAMPLE_MIN_AGE_HOURS} hours old, rotating hourly, with these fields, inside \`_notice\`, \`_links\` and \`_pricing\`:

${fieldsTable('SampleDigest')}

The brief (${urlOf(ctx, 'brief')}) has exactly these \`data\` fields, plus \`_meta.endpoints\`, \`_meta.docs\`, \`_meta.discovery\`, \`_notice\` and \`_attribution\`:

${fieldsTable('BriefData')}

The index (${urlOf(ctx, 'index')}) answers:

${fieldsTable('IndexResponse')}

## Paid: historical digests

\`${history.method} ${urlOf(ctx, 'history')}\`, ${history.priceUsd} USD per request. Query (anything else is a 400):

${fieldsTable('HistoryQuery')}

Answers \`{success, _meta, count, hours, limit, data: Digest[]}\`, newest \`hourStart\` first, at most ${HISTORY_BOUNDS.max} digests.

## Paid: Viral Advisor

\`${advisor.method} ${urlOf(ctx, 'advisor')}\`, ${advisor.priceUsd} USD per request (or a free-tier key in \`x-api-key\`: ${LIMITS.advisorKey.description}). JSON body:

${fieldsTable('AdvisorRequest')}

The result is a JSON object with a virality prediction, a predicted engagement and rewrite suggestions: an automated opinion, not a measured forecast.

## Paying with x402

1. Call the paid route without payment: 402 with \`PAYMENT-REQUIRED\` (base64 JSON: \`x402Version\` 2, \`resource\`, \`accepts\`), mirrored in the body.
2. Sign an EIP-3009 transfer authorization for the amount in \`accepts\`.
3. Retry with the payment in \`PAYMENT-SIGNATURE\` (or the legacy \`X-PAYMENT\`).
4. The service verifies, does the work, settles and answers with the data and a \`PAYMENT-RESPONSE\` header. Failed calls are not charged; a retry with the same payment gets the same answer, never a second charge.

\`HEAD\` on a paid route always answers the 402 challenge and never settles. The history route's \`accepts\` entry:

\`\`\`json
${accepts}
\`\`\`

## Limits

${limits}
- historical \`hours\` and \`limit\`: ${HISTORY_BOUNDS.min} to ${HISTORY_BOUNDS.max}, default ${HISTORY_BOUNDS.default}
- sample age: at least ${SAMPLE_MIN_AGE_HOURS} hours

Responses carry \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (Unix seconds); a 429 adds \`Retry-After\`.

## Errors

${statusCodesTable()}

## Moved and retired paths

Redirects keep the query string, carry \`Deprecation: true\` and \`Sunset: ${SUNSET_DATE}\`, never answer 402 and charge nothing.

${moved}

## Versioning

${VERSION_SUMMARY} History (${urlOf(ctx, 'changelog')}), newest first:

${versions}
`;
}
