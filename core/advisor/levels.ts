import { cumulativeStdNormalProbability } from 'simple-statistics';
import type { ModelArtifact } from './model.ts';

/** A predicted count with its 80 % interval. */
export interface PredictedCount {
  readonly expected: number;
  readonly low: number;
  readonly high: number;
}

/** The value at percentile p (0–1) of 101 quantiles, interpolated. */
function valueAt(quantiles: readonly number[], p: number): number {
  const pos = Math.min(100, Math.max(0, p * 100));
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = quantiles[lo] as number;
  return a + ((quantiles[hi] as number) - a) * (pos - lo);
}

/**
 * A predicted within-hour score turned into a count: its percentile (normal distribution) read
 * against the recent engagement levels (log1p quantiles), with the residual 10th–90th percentiles
 * as the interval. Pure.
 */
export function countFromScore(
  levels: readonly number[],
  score: number,
  residual: { q10: number; q90: number },
): PredictedCount {
  const count = (z: number) =>
    Math.max(0, Math.round(Math.expm1(valueAt(levels, cumulativeStdNormalProbability(z)))));
  const expected = count(score);
  return {
    expected,
    low: Math.min(expected, count(score + residual.q10)),
    high: Math.max(expected, count(score + residual.q90)),
  };
}

/** Predicted upvotes and comments of a prediction, read against the artifact's recent levels. */
export function predictedCounts(
  art: ModelArtifact,
  p: { up: number; com: number },
): { upvotes: PredictedCount; comments: PredictedCount } {
  return {
    upvotes: countFromScore(art.levels.upvotes, p.up, {
      q10: art.upvotes.residualQ10,
      q90: art.upvotes.residualQ90,
    }),
    comments: countFromScore(art.levels.comments, p.com, {
      q10: art.comments.residualQ10,
      q90: art.comments.residualQ90,
    }),
  };
}

/**
 * Percentile (0–100) of a value among 101 sorted quantiles, interpolated between neighbours; a value
 * equal to a flat stretch of quantiles (many tied posts) takes the middle of the stretch. Pure.
 */
export function percentileIn(q: readonly number[], value: number): number {
  let first = 0;
  while (first <= 100 && (q[first] as number) < value) first++;
  let last = first - 1;
  while (last < 100 && (q[last + 1] as number) <= value) last++;
  if (last >= first) return (first + last) / 2;
  if (first === 0) return 0;
  if (first > 100) return 100;
  const a = q[first - 1] as number;
  const b = q[first] as number;
  return first - 1 + (value - a) / (b - a);
}
