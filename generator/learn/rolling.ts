import type { MetricSet, ModelArtifact, RollingSkill } from '../../core/advisor/model.ts';
import { SERVABLE_SCORERS, type ServableScorer } from '../../core/advisor/served.ts';
import { mulberry32 as seeded } from '../../core/hash.ts';
import { BASELINE_NAMES, type BaselineName, baselineScores, type Scores } from './baselines.ts';
import { metricSet } from './evaluate-scores.ts';
import { sameHourPairwise, spearman, withinHourSpearman } from './metrics.ts';
import { predictRows } from './predict-rows.ts';
import type { LabelledRow } from './rows.ts';
import { byTime } from './train.ts';

/** Options of the rolling-origin evaluation. */
export interface RollingOptions {
  /** Hours of one test block (the job retrains every 6 h); default 6. */
  readonly blockHours?: number;
  /** A row's label is known this many hours after it was created; default 24. */
  readonly lagHours?: number;
  /** Fewest training rows a block needs (trainModel needs 20); default 20. */
  readonly minTrainRows?: number;
  /** Only the newest this many blocks (the hourly job bounds its cost); default every block. */
  readonly maxBlocks?: number;
  /** Trains a model on the rows known at the block's start (the job's own trainer). */
  readonly train: (rows: readonly LabelledRow[], now: Date) => ModelArtifact;
}

/** One test block: the model trained on what was labelled at its start, scored on its rows. */
export interface RollingBlock {
  readonly from: string;
  readonly to: string;
  readonly trainRows: number;
  readonly rows: number;
  readonly model: MetricSet;
  readonly baselines: Record<BaselineName, MetricSet>;
}

/** The rolling-origin evaluation: every block, and the pooled figures with intervals. */
export interface RollingReport {
  readonly blocks: RollingBlock[];
  /** Pooled over every block's rows (hours never straddle blocks). */
  readonly model: MetricSet;
  readonly baselines: Record<BaselineName, MetricSet>;
  /** What the artifact keeps: pooled within-hour figures with 90 % intervals, and the scorer to serve. */
  readonly skill: RollingSkill;
}

const HOUR = 3_600_000;

/**
 * Rolling-origin evaluation as the hourly job retrains: block starts every `blockHours` on the UTC
 * clock (00, 06, 12, 18 by default); at a start t the model is trained on the rows created before
 * t − lagHours (the only ones labelled by then) and scored on the rows created in [t, t + blockHours).
 * Every block with enough training rows and at least 2 test rows counts (`maxBlocks`: the newest ones).
 * Baselines learn from the same training rows. Deterministic.
 */
export function rollingOrigin(all: readonly LabelledRow[], options: RollingOptions): RollingReport {
  const rows = byTime(all);
  const block = (options.blockHours ?? 6) * HOUR;
  const lag = (options.lagHours ?? 24) * HOUR;
  const minTrain = Math.max(20, options.minTrainRows ?? 20);
  const times = rows.map((r) => Date.parse(r.createdAt));
  const starts: number[] = [];
  if (rows.length > 0) {
    const last = times[times.length - 1] as number;
    for (let t = Math.floor((times[0] as number) / block) * block; t <= last; t += block) {
      const trainCount = times.filter((x) => x < t - lag).length;
      const testCount = times.filter((x) => x >= t && x < t + block).length;
      if (trainCount >= minTrain && testCount >= 2) starts.push(t);
    }
  }
  const chosen = options.maxBlocks === undefined ? starts : starts.slice(-options.maxBlocks);
  const pooled: { rows: LabelledRow[]; scores: Record<ServableScorer | BaselineName, Scores> } = {
    rows: [],
    scores: emptyScores(),
  };
  const blocks = chosen.map((t): RollingBlock => {
    const train = rows.filter((_, i) => (times[i] as number) < t - lag);
    const test = rows.filter((_, i) => (times[i] as number) >= t && (times[i] as number) < t + block);
    const artifact = options.train(train, new Date(t));
    const p = predictRows(artifact, test);
    const scores = Object.fromEntries([
      ['model', { up: p.map((x) => x.up), com: p.map((x) => x.com) }],
      ...BASELINE_NAMES.map((b) => [b, baselineScores(b, train, test)]),
    ]) as unknown as Record<ServableScorer | BaselineName, Scores>;
    pooled.rows.push(...test);
    for (const [name, s] of Object.entries(scores) as [ServableScorer | BaselineName, Scores][]) {
      pooled.scores[name] = {
        up: [...pooled.scores[name].up, ...s.up],
        com: [...pooled.scores[name].com, ...s.com],
      };
    }
    return {
      from: new Date(t).toISOString(),
      to: new Date(t + block).toISOString(),
      trainRows: train.length,
      rows: test.length,
      model: metricSet(test, scores.model),
      baselines: Object.fromEntries(BASELINE_NAMES.map((b) => [b, metricSet(test, scores[b])])) as Record<
        BaselineName,
        MetricSet
      >,
    };
  });
  const model = metricSet(pooled.rows, pooled.scores.model);
  const baselines = Object.fromEntries(
    BASELINE_NAMES.map((b) => [b, metricSet(pooled.rows, pooled.scores[b])]),
  ) as Record<BaselineName, MetricSet>;
  return {
    blocks,
    model,
    baselines,
    skill: skillOf(pooled.rows, pooled.scores, blocks, options.blockHours ?? 6),
  };
}

function emptyScores(): Record<ServableScorer | BaselineName, Scores> {
  return Object.fromEntries(
    ['model', ...BASELINE_NAMES].map((n) => [n, { up: [] as number[], com: [] as number[] }]),
  ) as unknown as Record<ServableScorer | BaselineName, Scores>;
}

/** Rows an hour needs for its within-hour ρ to count (as in the evaluation's metrics). */
const HOUR_ROWS = 10;
/** Creation hours (of HOUR_ROWS+ rows) an interval needs: a bootstrap over fewer says nothing. */
export const MIN_INTERVAL_HOURS = 5;
/** Bootstrap resamples of the creation hours for the intervals. */
const RESAMPLES = 1000;

interface HourGroup {
  readonly items: Record<string, { predicted: number; actual: number; createdMs: number }[]>;
}

/**
 * Pooled within-hour ρ and same-hour pairwise accuracy of each scorer, with 90 % intervals from a
 * bootstrap over creation hours (the unit that varies: one hour's posts share its news and its voters);
 * no interval from fewer than MIN_INTERVAL_HOURS hours.
 */
function skillOf(
  rows: readonly LabelledRow[],
  scores: Record<ServableScorer | BaselineName, Scores>,
  blocks: readonly RollingBlock[],
  blockHours: number,
): RollingSkill {
  const names = Object.keys(scores) as (ServableScorer | BaselineName)[];
  const hours = new Map<number, HourGroup>();
  rows.forEach((r, i) => {
    const createdMs = Date.parse(r.createdAt);
    const h = Math.floor(createdMs / HOUR);
    const g = hours.get(h) ?? { items: Object.fromEntries(names.map((n) => [n, []])) };
    for (const n of names)
      g.items[n]?.push({
        predicted: scores[n].up[i] as number,
        actual: Math.log1p(r.upvotes),
        createdMs,
      });
    hours.set(h, g);
  });
  const groups = [...hours.keys()].sort((a, b) => a - b).map((h) => hours.get(h) as HourGroup);
  const figure = (sample: readonly HourGroup[], name: string) => {
    const items = sample.flatMap((g, k) =>
      // Resampled copies of an hour stay separate hours.
      (g.items[name] ?? []).map((it) => ({ ...it, createdMs: k * HOUR })),
    );
    return {
      rho: withinHourSpearman(items, HOUR_ROWS).rho,
      pairs: sameHourPairwise(items).accuracy,
    };
  };
  const random = seeded(23);
  const draws: Record<string, { rho: number[]; pairs: number[] }> = Object.fromEntries(
    names.map((n) => [n, { rho: [], pairs: [] }]),
  );
  if (groups.length > 0)
    for (let b = 0; b < RESAMPLES; b++) {
      const sample = groups.map(() => groups[Math.floor(random() * groups.length)] as HourGroup);
      for (const n of names) {
        const f = figure(sample, n);
        if (f.rho !== null) draws[n]?.rho.push(f.rho);
        if (f.pairs !== null) draws[n]?.pairs.push(f.pairs);
      }
    }
  const counted = groups.filter((g) => (g.items.model?.length ?? 0) >= HOUR_ROWS).length;
  const interval = (values: number[] | undefined): [number, number] | null => {
    if (!values || values.length < RESAMPLES / 2 || counted < MIN_INTERVAL_HOURS) return null;
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
    return [r3(at(0.05)), r3(at(0.95))];
  };
  const scorers = Object.fromEntries(
    names.map((n) => {
      const f = figure(groups, n);
      return [
        n,
        {
          hourSpearman: f.rho === null ? null : r3(f.rho),
          hourSpearmanInterval: interval(draws[n]?.rho),
          pairwise: f.pairs === null ? null : r3(f.pairs),
          pairwiseInterval: interval(draws[n]?.pairs),
        },
      ];
    }),
  ) as RollingSkill['scorers'];
  return {
    blockHours,
    blocks: blocks.length,
    rows: rows.length,
    hours: counted,
    from: blocks[0]?.from ?? null,
    to: blocks[blocks.length - 1]?.to ?? null,
    spearman: r3(
      spearman(
        scores.model.up,
        rows.map((r) => Math.log1p(r.upvotes)),
      ),
    ),
    scorers,
    served: servedScorer(scorers),
  };
}

const r3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * The scorer to serve: of the model and the servable baselines (post length, author prior), the one
 * with the highest pooled within-hour ρ (same-hour pairs break a tie); the model when nothing was measured.
 */
export function servedScorer(scorers: RollingSkill['scorers']): ServableScorer {
  let best: ServableScorer = 'model';
  const key = (n: ServableScorer) => [scorers[n]?.hourSpearman ?? -2, scorers[n]?.pairwise ?? -2] as const;
  for (const n of SERVABLE_SCORERS) {
    const [a, b] = key(n);
    const [c, d] = key(best);
    if (a > c || (a === c && b > d)) best = n;
  }
  return best;
}
