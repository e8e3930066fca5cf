import type { MetricSet } from '../../core/advisor/model.ts';
import { BASELINE_NAMES, type BaselineName } from './baselines.ts';
import type { EvaluationReport } from './evaluate.ts';
import { bestBaselineBy, HEADLINE_METRICS, type HeadlineMetric } from './evaluate-scores.ts';
import type { RollingReport } from './rolling.ts';

const f3 = (v: number | null) => (v === null ? '   –  ' : v.toFixed(3).padStart(6));
const n3 = (v: number | null) => (v === null ? 'NaN' : v.toFixed(3));

function line(name: string, m: MetricSet): string {
  return `${name.padEnd(26)} ${f3(m.spearman)}  ${f3(m.spearmanComments)}  ${f3(m.hourSpearman)}  ${f3(m.hourSpearmanComments)}  ${f3(m.hourPairwise)}  ${f3(m.pairwise)}  ${f3(m.ndcg10)}`;
}

/**
 * The summary line scripts read: `spearman=<model ρ, all rows> baseline=<best baseline ρ, all rows>
 * hour_spearman=<model> hour_baseline=<best baseline> pairwise=<model> pairwise_baseline=<best
 * baseline>`, 3 decimals (NaN where a metric had nothing to measure). Each baseline figure is the best
 * baseline on that metric.
 */
export function summaryLine(r: Pick<EvaluationReport, 'model' | 'baselines' | 'best'>): string {
  const b = (metric: keyof typeof r.best) => r.baselines[r.best[metric]][metric];
  return [
    `spearman=${n3(r.model.spearman)}`,
    `baseline=${n3(b('spearman'))}`,
    `hour_spearman=${n3(r.model.hourSpearman)}`,
    `hour_baseline=${n3(b('hourSpearman'))}`,
    `pairwise=${n3(r.model.hourPairwise)}`,
    `pairwise_baseline=${n3(b('hourPairwise'))}`,
  ].join(' ');
}

/** The evaluation as plain-text lines; the last one is summaryLine(). */
export function formatEvaluation(r: EvaluationReport): string[] {
  const m = r.model;
  return [
    `advisor eval · model ${r.modelVersion}`,
    `train: ${r.trainRows} labelled rows, ${r.trainWindow.from} → ${r.trainWindow.to}`,
    `test:  ${r.testRows} labelled rows, ${r.testWindow.from} → ${r.testWindow.to} (split by time only)`,
    `labels: log1p(upvotes) and log1p(comments) as observed at ≥ 24 h; pairwise and NDCG on upvotes`,
    `within hours: ρ averaged over ${m.hours} creation hours of ≥ 10 rows (weighted by rows); ${m.hourPairs} same-hour pairs with different upvotes`,
    `community pairs: ${m.pairs} same-community pairs ≤ 30 min apart (unknown community counted as one); NDCG@10 over ${m.cohorts} hourly cohorts`,
    '',
    `${'scorer'.padEnd(26)}  ρ(up) ρ(comm)  hρ(up) hρ(comm) h-pairs c-pairs NDCG@10`,
    ...BASELINE_NAMES.map((name) => line(`baseline ${name}`, r.baselines[name])),
    line('model content-only', r.contentOnly),
    line('model content+author', r.model),
    '',
    `best baselines: all rows ${r.best.spearman}, within hours ${r.best.hourSpearman}, same-hour pairs ${r.best.hourPairwise}`,
    summaryLine(r),
  ];
}

const interval = (i: readonly [number, number] | null) =>
  i === null ? '' : ` [${i[0].toFixed(3)}, ${i[1].toFixed(3)}]`;

/**
 * The rolling-origin evaluation as plain-text lines: one line a block (model and the best baselines
 * on it), the pooled table, the pooled within-hour figures with 90 % intervals, the scorer that would
 * be served, and last the summary line (pooled over every block).
 */
export function formatRolling(r: RollingReport): string[] {
  const best = Object.fromEntries(HEADLINE_METRICS.map((m) => [m, bestBaselineBy(r.baselines, m)])) as Record<
    HeadlineMetric,
    BaselineName
  >;
  const s = r.skill;
  const scorerLine = (name: string) => {
    const x = s.scorers[name];
    return `  ${name.padEnd(16)} within-hour ρ ${f3(x?.hourSpearman ?? null)}${interval(x?.hourSpearmanInterval ?? null)}  same-hour pairs ${f3(x?.pairwise ?? null)}${interval(x?.pairwiseInterval ?? null)}`;
  };
  return [
    `advisor rolling-origin eval: ${r.blocks.length} blocks of ${s.blockHours} h; each trained on the rows created ≥ 24 h before its start`,
    `${'block'.padEnd(35)} train  rows | model: hρ(up) h-pairs  ρ(up) | length: hρ h-pairs | author prior: hρ h-pairs`,
    ...r.blocks.map(
      (b) =>
        `${b.from.slice(0, 16)} → ${b.to.slice(0, 16)} ${String(b.trainRows).padStart(6)} ${String(b.rows).padStart(5)} |        ${f3(b.model.hourSpearman)}  ${f3(b.model.hourPairwise)} ${f3(b.model.spearman)} |        ${f3(b.baselines.length.hourSpearman)}  ${f3(b.baselines.length.hourPairwise)} |              ${f3(b.baselines['author-prior'].hourSpearman)}  ${f3(b.baselines['author-prior'].hourPairwise)}`,
    ),
    '',
    `pooled over ${s.rows} rows (${s.hours} creation hours of ≥ 10 rows):`,
    `${'scorer'.padEnd(26)}  ρ(up) ρ(comm)  hρ(up) hρ(comm) h-pairs c-pairs NDCG@10`,
    ...BASELINE_NAMES.map((name) => line(`baseline ${name}`, r.baselines[name])),
    line('model content+author', r.model),
    '',
    'within hours, 90 % intervals from a bootstrap over creation hours:',
    ...['model', ...BASELINE_NAMES].map(scorerLine),
    `served: ${s.served} (highest pooled within-hour ρ among the model, length and author prior)`,
    summaryLine({ model: r.model, baselines: r.baselines, best }),
  ];
}
