import type { MetricSet } from '../../core/advisor/model.ts';
import { BASELINE_NAMES, type BaselineName, baselineScores, type Scores } from './baselines.ts';
import { cohortNdcg, pairwiseAccuracy, spearman } from './metrics.ts';
import type { LabelledRow } from './rows.ts';

/** Posts without a community share this key in the same-community pair metric. */
export const UNKNOWN_COMMUNITY = '(unknown)';

/** The metrics of one scorer on labelled rows: ρ on both targets, pairwise and NDCG on upvotes. */
export function metricSet(rows: readonly LabelledRow[], scores: Scores): MetricSet {
  const up = rows.map((r) => Math.log1p(r.upvotes));
  const com = rows.map((r) => Math.log1p(r.comments));
  const items = rows.map((r, i) => ({
    predicted: scores.up[i] as number,
    actual: up[i] as number,
    group: r.submolt ?? UNKNOWN_COMMUNITY,
    createdMs: Date.parse(r.createdAt),
  }));
  const pairs = pairwiseAccuracy(items);
  const ndcg = cohortNdcg(items);
  return {
    spearman: spearman(scores.up, up),
    spearmanComments: spearman(scores.com, com),
    pairwise: pairs.accuracy,
    pairs: pairs.pairs,
    ndcg10: ndcg.ndcg,
    cohorts: ndcg.cohorts,
  };
}

/** The model's metrics beside every baseline's, and the best baseline by Spearman ρ on upvotes. */
export function evaluateScores(
  test: readonly LabelledRow[],
  input: { model: Scores; train: readonly LabelledRow[] },
): {
  model: MetricSet;
  baselines: Record<BaselineName, MetricSet>;
  bestBaseline: BaselineName;
  baseline: MetricSet;
} {
  const baselines = Object.fromEntries(
    BASELINE_NAMES.map((name) => [name, metricSet(test, baselineScores(name, input.train, test))]),
  ) as Record<BaselineName, MetricSet>;
  let bestBaseline: BaselineName = 'constant';
  for (const name of BASELINE_NAMES)
    if (baselines[name].spearman > baselines[bestBaseline].spearman) bestBaseline = name;
  return { model: metricSet(test, input.model), baselines, bestBaseline, baseline: baselines[bestBaseline] };
}
