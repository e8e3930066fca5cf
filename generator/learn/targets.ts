import { probit } from 'simple-statistics';
import { averageRanks } from './metrics.ts';
import type { LabelledRow } from './rows.ts';

/** Rows of an hour at which its normal scores count in full: an hour of n rows is shrunk by n / (n + this). */
export const SMALL_HOUR_ROWS = 2;

/** The UTC creation hour of a row, as hours since the epoch. */
export function creationHour(row: { createdAt: string }): number {
  return Math.floor(Date.parse(row.createdAt) / 3_600_000);
}

function hourScores(rows: readonly LabelledRow[], value: (r: LabelledRow) => number): Float64Array {
  const out = new Float64Array(rows.length);
  const byHour = new Map<number, number[]>();
  rows.forEach((r, i) => {
    const h = creationHour(r);
    const list = byHour.get(h);
    if (list) list.push(i);
    else byHour.set(h, [i]);
  });
  for (const members of byHour.values()) {
    const n = members.length;
    const ranks = averageRanks(members.map((i) => value(rows[i] as LabelledRow)));
    const shrink = n / (n + SMALL_HOUR_ROWS);
    members.forEach((i, k) => {
      out[i] = probit(((ranks[k] as number) - 0.5) / n) * shrink;
    });
  }
  return out;
}

/**
 * The training targets: each row's upvotes and comments as a normal score within its own creation
 * hour (mid-rank percentile among that hour's rows through the normal quantile function, shrunk
 * towards 0 in hours of few rows). A day of inflated or frozen votes moves every post of the hour
 * alike and so teaches nothing; only the order inside an hour is learned. Pure.
 */
export function hourRelativeTargets(rows: readonly LabelledRow[]): { up: Float64Array; com: Float64Array } {
  return { up: hourScores(rows, (r) => r.upvotes), com: hourScores(rows, (r) => r.comments) };
}
