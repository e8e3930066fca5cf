import { canonicalJson } from '../../core/canonical-json.ts';
import { recentDigests } from '../../core/content/digest-store.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { historyResponse } from '../../core/envelopes/history.ts';
import { HISTORY_BOUNDS } from '../../core/limits.ts';
import type { RouteDef } from '../../core/routes.ts';
import { HistoryQuery } from '../../core/schemas/envelope.ts';
import type { EdgeContext } from '../env.ts';
import { invalidInput } from '../errors.ts';
import { type Order, sellHttp } from './sale.ts';
import type { Shop } from './shop.ts';

/** What the history route (and its MCP tool) reads digests with. */
export interface HistoryDeps {
  readonly route: RouteDef;
  readonly ctx: PublicContext;
  readonly contentDir: string;
  readonly now: () => number;
}

/** The query as zod sees it: one value per parameter, repeated parameters kept as arrays (and refused). */
function queryObject(c: EdgeContext): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries()))
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  return out;
}

/** What a validated history query buys: the digests of its window, read from content/ (the widest window's hours). */
export function historyOrder(deps: HistoryDeps, query: HistoryQuery): Order {
  return {
    route: deps.route,
    fingerprint: `${deps.route.id} ${canonicalJson(query)}`,
    failure: 'digests unavailable',
    async work() {
      const now = new Date(deps.now());
      const digests = await recentDigests(deps.contentDir, now, HISTORY_BOUNDS.max + 1);
      return historyResponse(deps.ctx, digests, query, now);
    },
  };
}

/**
 * `GET /api/{platform}/digests` (paid): HEAD gets the 402 at once (never reads, never settles); the
 * query is validated before any payment talk (400 with details); then the sale (`sale.ts`) of
 * `historyOrder`.
 */
export function historyHandler(deps: HistoryDeps & { shop: Shop | Promise<Shop> }) {
  return async function history(c: EdgeContext): Promise<Response> {
    const shop = await deps.shop;
    if (c.req.method === 'HEAD') throw shop.x402.challenge(deps.route);
    const parsed = HistoryQuery.safeParse(queryObject(c));
    if (!parsed.success) throw invalidInput(parsed.error.issues, 'query');
    return sellHttp(c, shop, historyOrder(deps, parsed.data));
  };
}
