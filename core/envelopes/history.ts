import { HOUR_MS } from '../hours.ts';
import type { Digest } from '../schemas/digest.ts';
import type { HistoryQuery, HistoryResponse } from '../schemas/envelope.ts';
import type { PublicContext } from './context.ts';
import { apiMeta, attribution } from './meta.ts';

/**
 * The digests of the last `hours` hours at `now`: those whose hour has ended by `now` and ended
 * less than `hours` hours ago, so `hours: 1` returns the latest completed hour.
 */
export function digestsWithin(digests: readonly Digest[], hours: number, now: Date): Digest[] {
  const end = now.getTime();
  const start = end - hours * HOUR_MS;
  return digests.filter((d) => {
    const hourEnd = Date.parse(d.hourEnd);
    return hourEnd > start && hourEnd <= end;
  });
}

/**
 * `GET /api/{platform}/digests` → 200: the digests within `hours` back from `now`, newest
 * `hourStart` first, at most `limit`. `query` is the parsed HistoryQuery (bounds already checked).
 */
export function historyResponse(
  ctx: PublicContext,
  digests: readonly Digest[],
  query: HistoryQuery,
  now: Date,
): HistoryResponse {
  const data = digestsWithin(digests, query.hours, now)
    .sort((a, b) => Date.parse(b.hourStart) - Date.parse(a.hourStart))
    .slice(0, query.limit);
  return {
    success: true,
    _meta: apiMeta(ctx),
    count: data.length,
    hours: query.hours,
    limit: query.limit,
    data,
    _attribution: attribution(ctx),
  };
}
