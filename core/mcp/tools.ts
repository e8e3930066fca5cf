import { z } from 'zod';
import { HISTORY_BOUNDS, LIMITS, SAMPLE_MIN_AGE_HOURS } from '../limits.ts';
import { formatUsd } from '../payment.ts';
import { ROUTE, type RouteId, routePath } from '../routes.ts';
import { AdvisorRequest } from '../schemas/advisor.ts';
import { HistoryQuery } from '../schemas/envelope.ts';
import { NarrativeInput, NarrativeResult, SearchInput, SearchResult } from './archive.ts';

/** Path of the MCP endpoint (Streamable HTTP, stateless). */
export const MCP_PATH = '/mcp';

const H = HISTORY_BOUNDS;

/** Input of a tool that takes nothing. */
const NoInput = z.object({}).strict().describe('No arguments.');

/** One MCP tool: its name, what it returns, its schemas, and the REST route it mirrors (price and limits). */
export interface McpToolSpec {
  readonly name: string;
  readonly title: string;
  /** The REST route whose answer, price and limits the tool shares; null for archive tools of their own. */
  readonly route: RouteId | null;
  /** What the tool returns (the price is added from the route table by `toolDescription`). */
  readonly returns: string;
  /** Arguments (input shape). */
  readonly input: z.ZodType;
  /** `structuredContent` of a successful call (output shape). */
  readonly output: z.ZodType;
}

/** A route's answer schema (every tool route declares one). */
function responseOf(id: RouteId): z.ZodType {
  const schema = ROUTE[id].response;
  if (schema === null) throw new Error(`route ${id} declares no response schema`);
  return schema;
}

/** Every MCP tool, in the order `tools/list` gives them. */
export const MCP_TOOLS = [
  {
    name: 'get_latest_digest',
    title: 'Latest digest',
    route: 'latest',
    returns: `The most recent completed hourly digest (the same JSON as GET ${routePath(ROUTE.latest)}).`,
    input: NoInput,
    output: responseOf('latest'),
  },
  {
    name: 'get_digest_brief',
    title: 'Digest brief',
    route: 'brief',
    returns: 'A short brief of the latest digest: title, summary, top topics, sentiment.',
    input: NoInput,
    output: responseOf('brief'),
  },
  {
    name: 'get_digest_index',
    title: 'Digest index',
    route: 'index',
    returns: 'The id of the current digest and when the next is expected; poll it to detect a new digest.',
    input: NoInput,
    output: responseOf('index'),
  },
  {
    name: 'get_sample_digest',
    title: 'Sample digest',
    route: 'sample',
    returns: `A sample digest at least ${SAMPLE_MIN_AGE_HOURS} hours old.`,
    input: NoInput,
    output: responseOf('sample'),
  },
  {
    name: 'get_changelog',
    title: 'API changelog',
    route: 'changelog',
    returns: 'The version history of the API, newest first.',
    input: NoInput,
    output: responseOf('changelog'),
  },
  {
    name: 'search_digests',
    title: 'Search the archive',
    route: null,
    returns:
      'Hours of the digest archive over a time range (at most a week) whose story labels, titles or narratives contain the words, newest first, with links to the hour pages and the posts.',
    input: SearchInput,
    output: SearchResult,
  },
  {
    name: 'get_narrative',
    title: 'One narrative',
    route: null,
    returns: "One narrative's hours (status and share each hour) and the posts of its stories, with links.",
    input: NarrativeInput,
    output: NarrativeResult,
  },
  {
    name: 'get_digest_history',
    title: 'Digest history',
    route: 'history',
    returns: `The full digests of the last \`hours\` (${H.min}–${H.max}), at most \`limit\` (${H.min}–${H.max}), newest first (the same JSON as GET ${routePath(ROUTE.history)}).`,
    input: HistoryQuery,
    output: responseOf('history'),
  },
  {
    name: 'advise_post',
    title: 'Viral Advisor',
    route: 'advisor',
    returns: `The Viral Advisor on a draft post: predicted engagement, virality score, rewrites and similar posts (the same JSON as POST ${routePath(ROUTE.advisor)}). A free-tier key in the x-api-key header of the MCP request allows ${LIMITS.advisorKey.max} calls a day, shared with the REST route.`,
    input: AdvisorRequest,
    output: responseOf('advisor'),
  },
] as const satisfies readonly McpToolSpec[];

/** Name of a declared tool. */
export type McpToolName = (typeof MCP_TOOLS)[number]['name'];

/** The price of a tool in USD (a decimal string) from its route, or null when free. */
export function toolPriceUsd(tool: McpToolSpec): string | null {
  return tool.route === null ? null : ROUTE[tool.route].priceUsd;
}

/** A tool's description: what it returns and what it costs (from the route table). */
export function toolDescription(tool: McpToolSpec): string {
  const price = toolPriceUsd(tool);
  return price === null
    ? `${tool.returns} Free.`
    : `${tool.returns} Paid: ${formatUsd(price)} per call in USDC with x402 (send the payment in _meta["x402/payment"]; a call without it returns the payment requirements). A failed call is not charged.`;
}

/** The x402 resource URL of a paid tool, as x402's MCP transport names it. */
export function toolResourceUrl(name: string): string {
  return `mcp://tool/${name}`;
}
