import { addHours, hoursBetween, lastCompleteHour } from '../core/hours.ts';

/** Most hours one backfill range may span (the generator's own limit: a week). */
export const MAX_BACKFILL_HOURS = 24 * 7;

/** What one run asks the generator for. */
export interface HourPlan {
  /** Hours generated one by one (re-generated even when present), after the backfill. */
  readonly generate: readonly Date[];
  /**
   * A range backfilled first, which publishes only the hours that have no digest yet,
   * oldest first, so each hour is built with the hours before it in place (narratives carry over).
   */
  readonly backfill: { readonly from: Date; readonly to: Date } | null;
}

/** A plan that cannot run; the message names the flag. */
export class PlanError extends Error {
  override readonly name = 'PlanError';
}

/**
 * Decides which hours a run publishes. With no explicit hours or range: the last complete hour at
 * `now`, after a backfill of the missing ones among the `window − 1` hours before it. Explicit
 * `hours` and a `from`–`to` range replace that default (a manual dispatch).
 */
export function planHours(input: {
  now: Date;
  window: number;
  hours?: readonly Date[];
  from?: Date;
  to?: Date;
}): HourPlan {
  const last = lastCompleteHour(input.now);
  const hours = [...new Map((input.hours ?? []).map((h) => [h.getTime(), h])).values()].sort(
    (a, b) => a.getTime() - b.getTime(),
  );
  for (const h of hours)
    if (h > last)
      throw new PlanError(
        `--hour ${h.toISOString()} has not ended yet (last complete: ${last.toISOString()})`,
      );
  if ((input.from === undefined) !== (input.to === undefined))
    throw new PlanError('--from and --to go together');
  let backfill: HourPlan['backfill'] = null;
  if (input.from && input.to) {
    if (input.to < input.from) throw new PlanError('--to must not be before --from');
    if (input.to > last)
      throw new PlanError(`--to must be a complete hour (the last one is ${last.toISOString()})`);
    const span = hoursBetween(input.from, input.to).length;
    if (span > MAX_BACKFILL_HOURS)
      throw new PlanError(`--from..--to spans ${span} hours; at most ${MAX_BACKFILL_HOURS} per run`);
    backfill = { from: input.from, to: input.to };
  }
  if (hours.length > 0 || backfill) return { generate: hours, backfill };
  if (!Number.isInteger(input.window) || input.window < 1 || input.window > MAX_BACKFILL_HOURS)
    throw new PlanError(`--window must be a whole number of hours from 1 to ${MAX_BACKFILL_HOURS}`);
  return {
    generate: [last],
    backfill: input.window > 1 ? { from: addHours(last, -(input.window - 1)), to: addHours(last, -1) } : null,
  };
}
