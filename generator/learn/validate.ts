import { mean as meanOf } from 'simple-statistics';
import { baselineScores } from './baselines.ts';
import { metricSet } from './evaluate-scores.ts';
import { predictRows } from './predict-rows.ts';
import type { LabelledRow } from './rows.ts';
import { byTime, type TrainOptions, trainModel } from './train.ts';

/**
 * The rolling validation blocks model choices are made on, as shares of the (time-sorted) training
 * rows: fit on the rows before `from`, score the rows in [from, to).
 */
export const VALIDATION_BLOCKS = [
  { from: 0.6, to: 0.73 },
  { from: 0.73, to: 0.86 },
  { from: 0.86, to: 1 },
  { from: 0.7, to: 1 },
] as const;

/** One validation block's result. */
export interface BlockResult {
  readonly from: string;
  readonly to: string;
  readonly fitRows: number;
  readonly rows: number;
  readonly spearman: number;
  readonly spearmanComments: number;
  /** Within-hour ρ (upvotes) and same-hour pairwise accuracy; null when the block has no such hour/pair. */
  readonly hourSpearman: number | null;
  readonly hourPairwise: number | null;
  /** The author-prior baseline on the same block: ρ, within-hour ρ, same-hour pairwise. */
  readonly authorPrior: number;
  readonly authorPriorHour: number | null;
  readonly authorPriorPairwise: number | null;
}

/** Means over the blocks (nulls left out). */
export interface ValidationSummary {
  readonly blocks: BlockResult[];
  readonly mean: number;
  readonly meanComments: number;
  readonly meanHour: number | null;
  readonly meanPairwise: number | null;
  readonly meanAuthorPrior: number;
  readonly meanAuthorPriorHour: number | null;
  readonly meanAuthorPriorPairwise: number | null;
}

/**
 * Rolling validation inside one (training) file: for each block, trains on the earlier rows only and
 * scores the block. Used to choose features and settings without ever reading a test file.
 */
export function rollingValidation(
  all: readonly LabelledRow[],
  options: Omit<TrainOptions, 'now' | 'source'> = {},
): ValidationSummary {
  const rows = byTime(all);
  const blocks = VALIDATION_BLOCKS.map(({ from, to }): BlockResult => {
    const a = Math.floor(rows.length * from);
    const b = Math.floor(rows.length * to);
    const fit = rows.slice(0, a);
    const block = rows.slice(a, b);
    const last = fit[fit.length - 1] as LabelledRow;
    const model = trainModel(fit, { ...options, source: 'file', now: new Date(last.createdAt) });
    const p = predictRows(model, block);
    const m = metricSet(block, { up: p.map((x) => x.up), com: p.map((x) => x.com) });
    const prior = metricSet(block, baselineScores('author-prior', fit, block));
    return {
      from: (block[0] as LabelledRow).createdAt,
      to: (block[block.length - 1] as LabelledRow).createdAt,
      fitRows: fit.length,
      rows: block.length,
      spearman: m.spearman,
      spearmanComments: m.spearmanComments,
      hourSpearman: m.hourSpearman,
      hourPairwise: m.hourPairwise,
      authorPrior: prior.spearman,
      authorPriorHour: prior.hourSpearman,
      authorPriorPairwise: prior.hourPairwise,
    };
  });
  const mean = (f: (b: BlockResult) => number | null) => {
    const v = blocks.map(f).filter((x): x is number => x !== null);
    return v.length === 0 ? null : meanOf(v);
  };
  return {
    blocks,
    mean: mean((b) => b.spearman) ?? 0,
    meanComments: mean((b) => b.spearmanComments) ?? 0,
    meanHour: mean((b) => b.hourSpearman),
    meanPairwise: mean((b) => b.hourPairwise),
    meanAuthorPrior: mean((b) => b.authorPrior) ?? 0,
    meanAuthorPriorHour: mean((b) => b.authorPriorHour),
    meanAuthorPriorPairwise: mean((b) => b.authorPriorPairwise),
  };
}
