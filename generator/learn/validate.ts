import { baselineScores } from './baselines.ts';
import { spearman } from './metrics.ts';
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
  /** The author-prior baseline on the same block. */
  readonly authorPrior: number;
}

/**
 * Rolling validation inside one (training) file: for each block, trains on the earlier rows only and
 * scores the block. Used to choose features and settings without ever reading a test file.
 */
export function rollingValidation(
  all: readonly LabelledRow[],
  options: Omit<TrainOptions, 'now' | 'source'> = {},
): { blocks: BlockResult[]; mean: number; meanComments: number; meanAuthorPrior: number } {
  const rows = byTime(all);
  const blocks = VALIDATION_BLOCKS.map(({ from, to }) => {
    const a = Math.floor(rows.length * from);
    const b = Math.floor(rows.length * to);
    const fit = rows.slice(0, a);
    const block = rows.slice(a, b);
    const last = fit[fit.length - 1] as LabelledRow;
    const model = trainModel(fit, { ...options, source: 'file', now: new Date(last.createdAt) });
    const p = predictRows(model, block);
    const up = block.map((r) => Math.log1p(r.upvotes));
    return {
      from: (block[0] as LabelledRow).createdAt,
      to: (block[block.length - 1] as LabelledRow).createdAt,
      fitRows: fit.length,
      rows: block.length,
      spearman: spearman(
        p.map((x) => x.logUp),
        up,
      ),
      spearmanComments: spearman(
        p.map((x) => x.logCom),
        block.map((r) => Math.log1p(r.comments)),
      ),
      authorPrior: spearman(baselineScores('author-prior', fit, block).up, up),
    };
  });
  const mean = (f: (b: BlockResult) => number) => blocks.reduce((s, b) => s + f(b), 0) / blocks.length;
  return {
    blocks,
    mean: mean((b) => b.spearman),
    meanComments: mean((b) => b.spearmanComments),
    meanAuthorPrior: mean((b) => b.authorPrior),
  };
}
