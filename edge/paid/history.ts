import { canonicalJson } from '../../core/canonical-json.ts';
import { readDigest } from '../../core/content/digest-store.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { historyResponse } from '../../core/envelopes/history.ts';
import { addHours, floorHour } from '../../core/hours.ts';
import { HISTORY_BOUNDS } from '../../core/limits.ts';
import type { RouteDef } from '../../core/routes.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import { HistoryQuery } from '../../core/schemas/envelope.ts';
import type { EdgeContext } from '../env.ts';
import { invalidInput } from '../errors.ts';
import { sellHttp } from './sale.ts';
import type { Shop } from './shop.ts';

/** The query as zod sees it: one value per parameter, repeated parameters kept as arrays (and refused). */
function queryObject(c: EdgeContext): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries()))
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  return out;
}

/** The digests of the hours that can fall within the widest `hours` window at `now`. */
async function recentDigests(contentDir: string, now: Date): Promise<Digest[]> {
  const newest = floorHour(now);
  const hours = Array.from({ length: HISTORY_BOUNDS.max + 1 }, (_, i) => addHours(newest, -i));
  const read = await Promise.all(hours.map((h) => readDigest(contentDir, h)));
  return read.filter((d): d is Digest => d !== undefined);
}

/**
 * `GET /api/{platform}/digests` (paid): HEAD gets the 402 at once (never reads, never settles); the
 * query is validated before any payment talk (400 with details); then the sale (`sale.ts`), whose
 * work is reading the digests of the window from content/.
 */
export function historyHandler(deps: {
  route: RouteDef;
  ctx: PublicContext;
  shop: Shop | Promise<Shop>;
  contentDir: string;
  now: () => number;
}) {
  return async function history(c: EdgeContext): Promise<Response> {
    const shop = await deps.shop;
    if (c.req.method === 'HEAD') throw shop.x402.challenge(deps.route);
    const parsed = HistoryQuery.safeParse(queryObject(c));
    if (!parsed.success) throw invalidInput(parsed.error.issues, 'query');
    const query = parsed.data;
    return sellHttp(c, shop, {
      route: deps.route,
      fingerprint: `${deps.route.id} ${canonicalJson(query)}`,
      failure: 'digests unavailable',
      async work() {
        const now = new Date(deps.now());
        return historyResponse(deps.ctx, await recentDigests(deps.contentDir, now), query, now);
      },
    });
  };
}
