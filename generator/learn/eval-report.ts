import type { MetricSet } from '../../core/advisor/model.ts';
import { BASELINE_NAMES } from './baselines.ts';
import type { EvaluationReport } from './evaluate.ts';

const f3 = (v: number | null) => (v === null ? '   –  ' : v.toFixed(3).padStart(6));

function line(name: string, m: MetricSet): string {
  return `${name.padEnd(26)} ${f3(m.spearman)}  ${f3(m.spearmanComments)}  ${f3(m.pairwise)}  ${f3(m.ndcg10)}`;
}

/**
 * The evaluation as plain-text lines; the last one is exactly `spearman=<model ρ> baseline=<best
 * baseline ρ>` (3 decimals), which scripts read.
 */
export function formatEvaluation(r: EvaluationReport): string[] {
  const m = r.model;
  return [
    `advisor eval · model ${r.modelVersion}`,
    `train: ${r.trainRows} labelled rows, ${r.trainWindow.from} → ${r.trainWindow.to}`,
    `test:  ${r.testRows} labelled rows, ${r.testWindow.from} → ${r.testWindow.to} (split by time only)`,
    `targets: log1p(upvotes) and log1p(comments) as observed at ≥ 24 h; pairwise and NDCG on upvotes`,
    `pairs: ${m.pairs} same-community pairs ≤ 30 min apart (unknown community counted as one); NDCG@10 over ${m.cohorts} hourly cohorts`,
    '',
    `${'scorer'.padEnd(26)}  ρ(up) ρ(comm)  pairw.  NDCG@10`,
    ...BASELINE_NAMES.map((name) => line(`baseline ${name}`, r.baselines[name])),
    line('model content-only', r.contentOnly),
    line('model content+author', r.model),
    '',
    `best baseline: ${r.bestBaseline}; model − best baseline (ρ upvotes): ${(m.spearman - r.baselines[r.bestBaseline].spearman).toFixed(3)}`,
    `spearman=${m.spearman.toFixed(3)} baseline=${r.baselines[r.bestBaseline].spearman.toFixed(3)}`,
  ];
}
