import { addHours } from '../core/hours.ts';

/** How `npm start` fills an empty content folder: a little first, to serve soon, the rest after. */
export interface DemoPlan {
  /** Hours published before the first build (newest hours, oldest first). */
  readonly first: number;
  /** First and last hour of the background backfill (older hours, oldest first); undefined when none. */
  readonly rest: { readonly from: Date; readonly to: Date } | undefined;
  /** Hours published again after the backfill, oldest first, so they are read against their history. */
  readonly redo: readonly Date[];
}

/**
 * Splits a demo of `total` hours ending at `last` (the last complete hour): the newest `first` hours are
 * published before the site is first built and served; the older ones are backfilled in the background,
 * then the first ones are published again so their narratives and tone compare with the hours before.
 */
export function demoPlan(last: Date, total: number, first: number): DemoPlan {
  const head = Math.max(1, Math.min(first, total));
  const older = total - head;
  const firstOfHead = addHours(last, -(head - 1));
  return {
    first: head,
    rest: older > 0 ? { from: addHours(last, -(total - 1)), to: addHours(firstOfHead, -1) } : undefined,
    redo: older > 0 ? Array.from({ length: head }, (_, i) => addHours(firstOfHead, i)) : [],
  };
}
