import type { MetricSet } from '../../core/advisor/model.ts';
import type { BaselineName } from './baselines.ts';
import { evaluateScores, type HeadlineMetric } from './evaluate-scores.ts';
import { predictRows } from './predict-rows.ts';
import type { LabelledRow } from './rows.ts';
import { trainModel } from './train.ts';

/** The result of an evaluation on a time split. */
export interface EvaluationReport {
  readonly trainRows: number;
  readonly testRows: number;
  readonly trainWindow: { from: string; to: string };
  readonly testWindow: { from: string; to: string };
  /** Content + author model (the one served when the caller names the author). */
  readonly model: MetricSet;
  /** The same model trained without the author features. */
  readonly contentOnly: MetricSet;
  readonly baselines: Record<BaselineName, MetricSet>;
  readonly bestBaseline: BaselineName;
  /** The best baseline by each headline metric (all-rows ρ, within-hour ρ, same-hour pairwise). */
  readonly best: Record<HeadlineMetric, BaselineName>;
  readonly modelVersion: string;
}

/**
 * Trains on `train` and scores `test`, which must lie entirely after it in time (refused otherwise:
 * splits are by time only). Nothing about the test rows is used in training or model selection.
 */
export function evaluateSplit(
  train: readonly LabelledRow[],
  test: readonly LabelledRow[],
  options: { now?: Date; buckets?: number } = {},
): EvaluationReport {
  if (train.length === 0 || test.length === 0)
    throw new Error('evaluate: train and test must both have labelled rows');
  const lastTrain = Math.max(...train.map((r) => Date.parse(r.createdAt)));
  const firstTest = Math.min(...test.map((r) => Date.parse(r.createdAt)));
  if (firstTest < lastTrain) {
    throw new Error(
      `evaluate: the test rows must all be later than the train rows (test starts ${new Date(firstTest).toISOString()}, train ends ${new Date(lastTrain).toISOString()})`,
    );
  }
  const now = options.now ?? new Date(lastTrain);
  const common = { source: 'file' as const, now, buckets: options.buckets };
  const full = trainModel(train, { ...common, useAuthor: true });
  const contentOnly = trainModel(train, { ...common, useAuthor: false });
  const predFull = predictRows(full, test);
  const predContent = predictRows(contentOnly, test);
  const scored = evaluateScores(test, {
    model: { up: predFull.map((p) => p.up), com: predFull.map((p) => p.com) },
    train,
  });
  const content = evaluateScores(test, {
    model: { up: predContent.map((p) => p.up), com: predContent.map((p) => p.com) },
    train,
  });
  const window = (rows: readonly LabelledRow[]) => {
    const times = rows.map((r) => r.createdAt).sort();
    return { from: times[0] ?? '', to: times[times.length - 1] ?? '' };
  };
  return {
    trainRows: train.length,
    testRows: test.length,
    trainWindow: window(train),
    testWindow: window(test),
    model: scored.model,
    contentOnly: content.model,
    baselines: scored.baselines,
    bestBaseline: scored.bestBaseline,
    best: scored.best,
    modelVersion: full.version,
  };
}
