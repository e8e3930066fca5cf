import { SUNSET_DATE } from '../api-version.ts';
import { HISTORY_BOUNDS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';

/** Every status the service answers besides 200, with when (contract: Errors). */
export const STATUS_CODES: ReadonlyArray<{ status: number; condition: string }> = [
  { status: 301, condition: 'Deprecated path; the body carries `newEndpoint`.' },
  {
    status: 308,
    condition: `Product moved to a sibling service; follow the redirect (free, guaranteed until ${SUNSET_DATE}).`,
  },
  {
    status: 400,
    condition: `Invalid query or body: out of range (hours and limit are ${HISTORY_BOUNDS.min}–${HISTORY_BOUNDS.max}), wrong type or unknown parameter; \`details\` lists \`field\` and \`message\`.`,
  },
  {
    status: 402,
    condition:
      'Payment required on a paid route; the PAYMENT-REQUIRED header holds the challenge. HEAD always gets it.',
  },
  {
    status: 404,
    condition: `No data: no completed digest (latest, brief: \`error\` is "no digests available"), or no digest at least ${SAMPLE_MIN_AGE_HOURS} hours old (sample).`,
  },
  {
    status: 405,
    condition:
      'Method not allowed; `Allow` lists the methods of the path. Never for HEAD on a paid route, which always gets the 402 challenge.',
  },
  { status: 410, condition: 'Retired route (bundle, tokens).' },
  { status: 429, condition: 'Rate limited; `Retry-After` gives the seconds to wait.' },
  { status: 500, condition: 'Server error; nothing is charged.' },
  {
    status: 502,
    condition:
      'Advisor: payment settled but the analysis failed; a refund is queued automatically (body `{"refund":"queued"}`; other non-2xx responses say so with `x-refund-queued: 1`).',
  },
];

/** The status codes as a markdown table. */
export function statusCodesTable(): string {
  return [
    '| status | when |',
    '|---|---|',
    ...STATUS_CODES.map((s) => `| ${s.status} | ${s.condition} |`),
  ].join('\n');
}
