import type { MetricSet } from '../../core/advisor/model.ts';
import { BASELINE_NAMES, type BaselineName, baselineScores, type Scores } from './baselines.ts';
import { cohortNdcg, pairwiseAccuracy, sameHourPairwise, spearman, withinHourSpearman } from './metrics.ts';
import type { LabelledRow } from './rows.ts';

/** Posts without a community share this key in the same-community pair metric. */
export const UNKNOWN_COMMUNITY = '(unknown)';

/** The metrics a best baseline is picked on: ρ over all rows, ρ within hours, same-hour pairwise. */
export const HEADLINE_METRICS = ['spearman', 'hourSpearman', 'hourPairwise'] as const;
/** One headline metric. */
export type HeadlineMetric = (typeof HEADLINE_METRICS)[number];

/**
 * The metrics of one scorer on labelled rows: ρ on both targets over all rows and within creation
 * hours, same-community and same-hour pairwise accuracy and NDCG per hour on upvotes.
 */
export function metricSet(rows: readonly LabelledRow[], scores: Scores): MetricSet {
  const up = rows.map((r) => Math.log1p(r.upvotes));
  const com = rows.map((r) => Math.log1p(r.comments));
  const items = rows.map((r, i) => ({
    predicted: scores.up[i] as number,
    actual: up[i] as number,
    group: r.submolt ?? UNKNOWN_COMMUNITY,
    createdMs: Date.parse(r.createdAt),
  }));
  const commentItems = rows.map((r, i) => ({
    predicted: scores.com[i] as number,
    actual: com[i] as number,
    createdMs: Date.parse(r.createdAt),
  }));
  const pairs = pairwiseAccuracy(items);
  const ndcg = cohortNdcg(items);
  const hourly = withinHourSpearman(items);
  const hourPairs = sameHourPairwise(items);
  return {
    spearman: spearman(scores.up, up),
    spearmanComments: spearman(scores.com, com),
    pairwise: pairs.accuracy,
    pairs: pairs.pairs,
    ndcg10: ndcg.ndcg,
    cohorts: ndcg.cohorts,
    hourSpearman: hourly.rho,
    hourSpearmanComments: withinHourSpearman(commentItems).rho,
    hours: hourly.hours,
    hourPairwise: hourPairs.accuracy,
    hourPairs: hourPairs.pairs,
  };
}

/** The baseline with the highest value of `metric` (nulls lose; ties keep the earlier name). */
export function bestBaselineBy(
  baselines: Record<BaselineName, MetricSet>,
  metric: HeadlineMetric,
): BaselineName {
  let best: BaselineName = BASELINE_NAMES[0];
  for (const name of BASELINE_NAMES)
    if ((baselines[name][metric] ?? -2) > (baselines[best][metric] ?? -2)) best = name;
  return best;
}

/**
 * The model's metrics beside every baseline's, the best baseline by Spearman ρ on upvotes (all rows),
 * and the best baseline by each headline metric.
 */
export function evaluateScores(
  test: readonly LabelledRow[],
  input: { model: Scores; train: readonly LabelledRow[] },
): {
  model: MetricSet;
  baselines: Record<BaselineName, MetricSet>;
  bestBaseline: BaselineName;
  baseline: MetricSet;
  best: Record<HeadlineMetric, BaselineName>;
} {
  const baselines = Object.fromEntries(
    BASELINE_NAMES.map((name) => [name, metricSet(test, baselineScores(name, input.train, test))]),
  ) as Record<BaselineName, MetricSet>;
  const best = Object.fromEntries(HEADLINE_METRICS.map((m) => [m, bestBaselineBy(baselines, m)])) as Record<
    HeadlineMetric,
    BaselineName
  >;
  return {
    model: metricSet(test, input.model),
    baselines,
    bestBaseline: best.spearman,
    baseline: baselines[best.spearman],
    best,
  };
}
