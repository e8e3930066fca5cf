import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { validateAdvisorRequest } from '../../core/advisor/request.ts';
import { recentDigests } from '../../core/content/digest-store.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { errorBody } from '../../core/envelopes/errors.ts';
import { addHours, floorHour, HOUR_MS } from '../../core/hours.ts';
import {
  ARCHIVE_DEFAULT_HOURS,
  ARCHIVE_MAX_HOURS,
  type NarrativeInput,
  narrativeOf,
  type SearchInput,
  searchDigests,
} from '../../core/mcp/archive.ts';
import { MCP_TOOLS, type McpToolName, type McpToolSpec, toolDescription } from '../../core/mcp/tools.ts';
import { ROUTE, type RouteDef, type RouteId, routePath } from '../../core/routes.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import type { HistoryQuery } from '../../core/schemas/envelope.ts';
import type { EdgeContext } from '../env.ts';
import { EdgeError, invalidInput, unavailable } from '../errors.ts';
import { hungUp } from '../hang-up.ts';
import { apiKeyOf, keyCallFailed } from '../keys/free-tier.ts';
import type { Logger } from '../logger.ts';
import { type AdviseFn, adviceEnvelope, advisorOrder } from '../paid/advisor.ts';
import { clientGone } from '../paid/answers.ts';
import { historyOrder } from '../paid/history.ts';
import { sell } from '../paid/sale.ts';
import type { Shop } from '../paid/shop.ts';
import { missingFile } from '../routes/free-files.ts';
import type { DistMap, StaticFile } from '../static/dist-map.ts';
import { paidAnswer, toolAnswer, toolError } from './results.ts';
import { toolPayment, toolTill } from './till.ts';

/** What the MCP tools read and sell with: the edge's own site, content, shop and limits. */
export interface McpDeps {
  readonly ctx: PublicContext;
  readonly dist: () => DistMap;
  readonly contentDir: string;
  readonly shop: Shop | Promise<Shop>;
  readonly advise?: AdviseFn;
  readonly now: () => number;
  readonly logger: Logger;
  /** Counts a call against the own limits of the route it mirrors (latest, sample); throws the 429. */
  readonly limit: (c: EdgeContext, route: RouteDef) => Promise<void>;
}

/** One tool call: the MCP HTTP request it came in, its arguments and its `_meta`. */
export interface ToolCall {
  readonly c: EdgeContext;
  readonly args: unknown;
  readonly meta: Record<string, unknown> | undefined;
}

/** Runs one tool call to its result; never throws (errors are tool results with `isError`). */
export type ToolRunner = (call: ToolCall) => Promise<CallToolResult>;

const decoder = new TextDecoder();

/** A tool's arguments checked against its input schema: 400's body with `details` otherwise. */
function argumentsOf<T>(tool: McpToolSpec, args: unknown): T {
  const parsed = tool.input.safeParse(args ?? {});
  if (!parsed.success) throw invalidInput(parsed.error.issues, 'arguments');
  return parsed.data as T;
}

/** The runners of every tool of the table (`core/mcp/tools.ts`), by name. */
export function toolRunners(deps: McpDeps): ReadonlyMap<string, ToolRunner> {
  const platform = deps.ctx.platform;
  const parsedFiles = new WeakMap<StaticFile, { value: Record<string, unknown>; json: string }>();

  /** A free route's answer: its built file, the very bytes REST serves, parsed once per build. */
  const routeAnswer = (route: RouteDef): CallToolResult => {
    const file = deps.dist().files.get(routePath(route, platform));
    if (!file) throw missingFile(route);
    let parsed = parsedFiles.get(file);
    if (!parsed) {
      const json = decoder.decode(file.body);
      parsed = { value: JSON.parse(json) as Record<string, unknown>, json };
      parsedFiles.set(file, parsed);
    }
    return toolAnswer(parsed.value, parsed.json);
  };

  const fromRoute =
    (id: RouteId): ((call: ToolCall, tool: McpToolSpec) => Promise<CallToolResult>) =>
    async ({ c, args }, tool) => {
      argumentsOf(tool, args);
      const route = ROUTE[id];
      await deps.limit(c, route);
      return routeAnswer(route);
    };

  const search = async ({ args }: ToolCall, tool: McpToolSpec): Promise<CallToolResult> => {
    const input = argumentsOf<SearchInput>(tool, args);
    const to = floorHour(input.to === undefined ? new Date(deps.now()) : new Date(input.to));
    const from =
      input.from === undefined ? addHours(to, -ARCHIVE_DEFAULT_HOURS) : floorHour(new Date(input.from));
    const span = (to.getTime() - from.getTime()) / HOUR_MS;
    if (span < 1 || span > ARCHIVE_MAX_HOURS) {
      const message = `must be at least 1 and at most ${ARCHIVE_MAX_HOURS} hours before \`to\``;
      throw new EdgeError(
        400,
        errorBody('Validation failed', `Invalid arguments: from ${message}`, [{ field: 'from', message }]),
      );
    }
    const digests = await recentDigests(deps.contentDir, addHours(to, -1), span);
    const result = searchDigests(deps.ctx, digests, { from, to, query: input.query });
    return toolAnswer(result);
  };

  const narrative = async ({ args }: ToolCall, tool: McpToolSpec): Promise<CallToolResult> => {
    const input = argumentsOf<NarrativeInput>(tool, args);
    const digests = await recentDigests(deps.contentDir, new Date(deps.now()), input.hours);
    const result = narrativeOf(deps.ctx, digests, input.id);
    if (result.hours.length === 0)
      throw new EdgeError(
        404,
        errorBody(
          'narrative not found',
          `No narrative "${input.id}" in the last ${input.hours} hours; search_digests lists the narratives of each hour with their ids.`,
        ),
      );
    return toolAnswer(result);
  };

  const history = async ({ c, args, meta }: ToolCall, tool: McpToolSpec): Promise<CallToolResult> => {
    const query = argumentsOf<HistoryQuery>(tool, args);
    const route = ROUTE.history;
    const order = historyOrder({ route, ctx: deps.ctx, contentDir: deps.contentDir, now: deps.now }, query);
    const sold = await sell(
      toolTill(c, route, platform, tool.name, toolPayment(meta)),
      await deps.shop,
      order,
    );
    return paidAnswer(sold.body, sold.headers);
  };

  /** A free-tier key's call (the MCP request's `x-api-key`): the REST route's quota and give-back rules. */
  const withKey = async (c: EdgeContext, shop: Shop, advise: AdviseFn, request: AdvisorRequest) => {
    if (!(await shop.free.grant(c))) throw shop.x402.challenge(ROUTE.advisor);
    let data: unknown;
    try {
      data = await advise(request);
    } catch (error) {
      shop.logger.error('advisor computation failed (free-tier key, MCP)', {
        error: (error as Error).message,
      });
      throw keyCallFailed(await shop.free.giveBack(c));
    }
    if (hungUp(c)) {
      await shop.free.giveBack(c);
      throw clientGone("this call did not count against the key's daily quota.");
    }
    const { _attribution, ...rest } = adviceEnvelope(deps.ctx, data);
    return toolAnswer({ ...rest, charged: false, _attribution });
  };

  const advisor = async ({ c, args, meta }: ToolCall, tool: McpToolSpec): Promise<CallToolResult> => {
    const checked = validateAdvisorRequest(args ?? {});
    if (!checked.ok) throw new EdgeError(checked.status, checked.body);
    const route = ROUTE.advisor;
    const shop = await deps.shop;
    const payment = toolPayment(meta);
    // A payment wins over a key; payments off, a payment gets the 402 (a key is still served).
    if (payment === undefined ? apiKeyOf(c) === '' : shop.x402.mode === 'challenge-only')
      throw shop.x402.challenge(route);
    const advise = deps.advise;
    if (!advise)
      throw unavailable('The advisor is not configured on this instance; nothing was charged or counted.');
    if (payment === undefined) return withKey(c, shop, advise, checked.request);
    const order = advisorOrder({ route, ctx: deps.ctx, shop }, advise, checked.request);
    const sold = await sell(toolTill(c, route, platform, tool.name, payment), shop, order);
    return paidAnswer(sold.body, sold.headers);
  };

  const runs: Record<McpToolName, (call: ToolCall, tool: McpToolSpec) => Promise<CallToolResult>> = {
    get_latest_digest: fromRoute('latest'),
    get_digest_brief: fromRoute('brief'),
    get_digest_index: fromRoute('index'),
    get_sample_digest: fromRoute('sample'),
    get_changelog: fromRoute('changelog'),
    search_digests: search,
    get_narrative: narrative,
    get_digest_history: history,
    advise_post: advisor,
  };
  return new Map(
    MCP_TOOLS.map((tool) => {
      const run = runs[tool.name];
      const named = { name: tool.name, description: toolDescription(tool) };
      const runner: ToolRunner = async (call) => {
        try {
          return await run(call, tool);
        } catch (error) {
          return toolError(error, named, deps.logger);
        }
      };
      return [tool.name, runner] as const;
    }),
  );
}
