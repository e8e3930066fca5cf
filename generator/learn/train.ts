import { createHash } from 'node:crypto';
import { type ActivitySnapshot, ActivityTable, addPosts } from '../../core/advisor/activity.ts';
import {
  DENSE_FEATURES,
  extractFeatures,
  FEATURE_GROUPS,
  type FeatureVector,
} from '../../core/advisor/features.ts';
import {
  type MetricSet,
  type ModelArtifact,
  ModelArtifact as ModelArtifactSchema,
} from '../../core/advisor/model.ts';
import { evaluateScores } from './evaluate-scores.ts';
import { spearman } from './metrics.ts';
import { predictRows } from './predict-rows.ts';
import { PriorTable } from './priors.ts';
import { solveRidge, toSparseRows } from './ridge.ts';
import { type LabelledRow, type PostingRow, rowFacts } from './rows.ts';

/** Feature code version: bump when features change (artifacts of another major are refused). */
export const FEATURE_VERSION = '2.0.0';

/** Options of trainModel. */
export interface TrainOptions {
  /** Hashed-word buckets (power of two); default 2^15. */
  readonly buckets?: number;
  /** Learn from the author's history; default true. */
  readonly useAuthor?: boolean;
  readonly source: ModelArtifact['source'];
  readonly now: Date;
  /** Posts whose predicted scores calibrate viralScore (e.g. the last 24 h seen); default: the last 24 h of rows. */
  readonly reference?: readonly PostingRow[];
  /** Authors kept in the artifact (most active first); default 5 000. */
  readonly maxAuthors?: number;
  /**
   * Author activity shipped for serving (every post seen, labelled or not); default: built from the
   * training rows' own posting times. Cut to the `maxAuthors` most recently active authors.
   */
  readonly activity?: ActivitySnapshot;
  /** Share of the rows (the latest) held out to choose the penalty and measure residuals; default 0.2. */
  readonly validationShare?: number;
}

/** How rows are turned into features: priors from history, targets clipped. */
export interface Featurised {
  readonly x: FeatureVector[];
  readonly up: Float64Array;
  readonly com: Float64Array;
}

const PRIOR_STRENGTH = 5;
const LAMBDA_TEXT = [2, 8, 32, 128];
const LAMBDA_DENSE = [1, 20];

/** log1p of the labels, the upper 1 % clipped at the 99th percentile (vote-exploit outliers). */
export function targets(rows: readonly LabelledRow[], caps?: { up: number; com: number }) {
  const up = rows.map((r) => Math.log1p(r.upvotes));
  const com = rows.map((r) => Math.log1p(r.comments));
  const q = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(0.99 * (v.length - 1))] ?? 0;
  const c = caps ?? { up: q(up), com: q(com) };
  return {
    up: Float64Array.from(up, (v) => Math.min(v, c.up)),
    com: Float64Array.from(com, (v) => Math.min(v, c.com)),
    caps: c,
  };
}

/** Row timestamp in ms. */
const ms = (r: PostingRow) => Date.parse(r.createdAt);

/** Sorts rows by creation time, then id (the only order the model ever sees). */
export function byTime<T extends PostingRow>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => ms(a) - ms(b) || (a.id < b.id ? -1 : 1));
}

const facts = rowFacts;

/** Features of a posting row with priors from fixed tables (rows after the training rows). */
export function rowFeatures(
  row: PostingRow,
  buckets: number,
  tables: { community: PriorTable; author: PriorTable },
  global: { up: number; com: number },
): FeatureVector {
  return extractFeatures(
    {
      ...facts(row),
      communityPrior: tables.community.get(row.submolt, global.up, global.com, PRIOR_STRENGTH),
      authorPrior: tables.author.get(row.author, global.up, global.com, PRIOR_STRENGTH),
    },
    buckets,
  );
}

/**
 * Features of training rows. Each row's community and author priors are leave-one-out means over the
 * other training rows (its own label never enters its features), which matches how served posts see
 * the priors of the whole training set.
 */
function featuriseHistory(
  rows: readonly LabelledRow[],
  buckets: number,
  y: { up: Float64Array; com: Float64Array },
) {
  const global = { up: mean(y.up), com: mean(y.com) };
  const tables = { community: new PriorTable(), author: new PriorTable() };
  rows.forEach((row, i) => {
    tables.community.add(row.submolt, y.up[i] as number, y.com[i] as number);
    tables.author.add(row.author, y.up[i] as number, y.com[i] as number);
  });
  const x = rows.map((row, i) => {
    const u = y.up[i] as number;
    const c = y.com[i] as number;
    return extractFeatures(
      {
        ...facts(row),
        communityPrior: tables.community.getWithout(row.submolt, u, c, global.up, global.com, PRIOR_STRENGTH),
        authorPrior: tables.author.getWithout(row.author, u, c, global.up, global.com, PRIOR_STRENGTH),
      },
      buckets,
    );
  });
  return { x, tables, global };
}

function mean(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] as number;
  return v.length === 0 ? 0 : s / v.length;
}

interface Fit {
  intercept: number;
  hashed: Float64Array;
  dense: Float64Array;
}

interface Scaling {
  mean: Float64Array;
  std: Float64Array;
}

function scalingOf(x: readonly FeatureVector[]): Scaling {
  const d = DENSE_FEATURES.length;
  const m = new Float64Array(d);
  const s = new Float64Array(d);
  for (const v of x) for (let j = 0; j < d; j++) m[j] = (m[j] as number) + (v.dense[j] as number) / x.length;
  for (const v of x)
    for (let j = 0; j < d; j++)
      s[j] = (s[j] as number) + ((v.dense[j] as number) - (m[j] as number)) ** 2 / x.length;
  for (let j = 0; j < d; j++) s[j] = Math.max(Math.sqrt(s[j] as number), 1e-3);
  return { mean: m, std: s };
}

function fitRidge(
  x: readonly FeatureVector[],
  y: Float64Array,
  buckets: number,
  scaling: Scaling,
  lambda: { text: number; dense: number },
  useAuthor: boolean,
): Fit {
  const d = DENSE_FEATURES.length;
  const cols = buckets + d + 1;
  const rows = x.map((v) => {
    const index: number[] = Array.from(v.hashed.index);
    const value: number[] = Array.from(v.hashed.value);
    for (let j = 0; j < d; j++) {
      if (!useAuthor && DENSE_FEATURES[j]?.group === 'author') continue;
      const z = ((v.dense[j] as number) - (scaling.mean[j] as number)) / (scaling.std[j] as number);
      if (z !== 0) {
        index.push(buckets + j);
        value.push(z);
      }
    }
    index.push(cols - 1);
    value.push(1);
    return { index, value };
  });
  const penalty = new Float64Array(cols);
  penalty.fill(lambda.text, 0, buckets);
  penalty.fill(lambda.dense, buckets, buckets + d);
  penalty[cols - 1] = 1e-6;
  const w = solveRidge(toSparseRows(cols, rows), y, penalty);
  return {
    intercept: w[cols - 1] as number,
    hashed: w.slice(0, buckets),
    dense: w.slice(buckets, buckets + d),
  };
}

function applyFit(fit: Fit, v: FeatureVector, scaling: Scaling, useAuthor: boolean): number {
  let s = fit.intercept;
  for (let i = 0; i < v.hashed.index.length; i++)
    s += (fit.hashed[v.hashed.index[i] as number] as number) * (v.hashed.value[i] as number);
  for (let j = 0; j < DENSE_FEATURES.length; j++) {
    if (!useAuthor && DENSE_FEATURES[j]?.group === 'author') continue;
    s +=
      (fit.dense[j] as number) *
      (((v.dense[j] as number) - (scaling.mean[j] as number)) / (scaling.std[j] as number));
  }
  return s;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (pos - lo);
}

const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

function packHashed(h: Float64Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < h.length; i++) {
    const w = r4(h[i] as number);
    if (w !== 0) out.push(i, w);
  }
  return out;
}

/** Chooses the penalties on the held-out latest rows by Spearman ρ, and measures residual quantiles. */
function chooseLambda(
  fitPart: ReturnType<typeof featuriseHistory>,
  fitY: Float64Array,
  validX: readonly FeatureVector[],
  validY: Float64Array,
  buckets: number,
  useAuthor: boolean,
) {
  const scaling = scalingOf(fitPart.x);
  let best = {
    lambda: { text: LAMBDA_TEXT[1] as number, dense: LAMBDA_DENSE[0] as number },
    rho: -2,
    predictions: [] as number[],
  };
  for (const text of LAMBDA_TEXT)
    for (const dense of LAMBDA_DENSE) {
      const fit = fitRidge(fitPart.x, fitY, buckets, scaling, { text, dense }, useAuthor);
      const predictions = validX.map((v) => applyFit(fit, v, scaling, useAuthor));
      const rho = spearmanOf(predictions, validY);
      if (rho > best.rho + 1e-9) best = { lambda: { text, dense }, rho, predictions };
    }
  const residuals = best.predictions.map((p, i) => (validY[i] as number) - p).sort((a, b) => a - b);
  return {
    lambda: best.lambda,
    q10: quantile(residuals, 0.1),
    q90: quantile(residuals, 0.9),
    predictions: best.predictions,
  };
}

function spearmanOf(p: readonly number[], y: Float64Array): number {
  return spearman(p, Array.from(y));
}

/**
 * Trains the advisor model on labelled rows: ridge regression of log1p(upvotes) and log1p(comments)
 * on hashed words, format, hour of day, community and author priors and digest matches. The latest
 * `validationShare` of rows (by time) chooses the penalties and gives the intervals and card metrics;
 * the final model is refitted on every row. Deterministic for the same rows and options.
 */
export function trainModel(all: readonly LabelledRow[], options: TrainOptions): ModelArtifact {
  const buckets = options.buckets ?? 2 ** 15;
  const useAuthor = options.useAuthor ?? true;
  const rows = byTime(all);
  if (rows.length < 20) throw new Error(`trainModel: need at least 20 labelled rows (got ${rows.length})`);
  const cut = Math.max(10, Math.floor(rows.length * (1 - (options.validationShare ?? 0.2))));
  const fitRows = rows.slice(0, cut);
  const validRows = rows.slice(cut);

  const fitTargets = targets(fitRows);
  const fitPart = featuriseHistory(fitRows, buckets, fitTargets);
  const validTargets = targets(validRows, fitTargets.caps);
  const validX = validRows.map((r) => rowFeatures(r, buckets, fitPart.tables, fitPart.global));
  const upChoice = chooseLambda(fitPart, fitTargets.up, validX, validTargets.up, buckets, useAuthor);
  const comChoice = chooseLambda(fitPart, fitTargets.com, validX, validTargets.com, buckets, useAuthor);
  const validation = evaluateScores(validRows, {
    model: { up: upChoice.predictions, com: comChoice.predictions },
    train: fitRows,
  });

  const allTargets = targets(rows);
  const full = featuriseHistory(rows, buckets, allTargets);
  const scaling = scalingOf(full.x);
  const upFit = fitRidge(full.x, allTargets.up, buckets, scaling, upChoice.lambda, useAuthor);
  const comFit = fitRidge(full.x, allTargets.com, buckets, scaling, comChoice.lambda, useAuthor);

  const first = rows[0] as LabelledRow;
  const last = rows[rows.length - 1] as LabelledRow;
  const draft: ModelArtifact = {
    format: 'murmur-advisor-model',
    schemaVersion: 1,
    version: '',
    createdAt: options.now.toISOString(),
    source: options.source,
    trainingWindow: { from: first.createdAt, to: last.createdAt },
    rows: { train: rows.length, validation: validRows.length },
    buckets,
    useAuthor,
    priorStrength: PRIOR_STRENGTH,
    globalUp: r4(full.global.up),
    globalCom: r4(full.global.com),
    denseMean: Array.from(scaling.mean, r4),
    denseStd: Array.from(scaling.std, (v) => Math.max(r4(v), 1e-3)),
    upvotes: {
      intercept: r4(upFit.intercept),
      hashed: packHashed(upFit.hashed),
      dense: Array.from(upFit.dense, r4),
      residualQ10: r4(upChoice.q10),
      residualQ90: r4(upChoice.q90),
    },
    comments: {
      intercept: r4(comFit.intercept),
      hashed: packHashed(comFit.hashed),
      dense: Array.from(comFit.dense, r4),
      residualQ10: r4(comChoice.q10),
      residualQ90: r4(comChoice.q90),
    },
    communities: full.tables.community.top(500),
    authors: useAuthor ? full.tables.author.top(options.maxAuthors ?? 5000) : {},
    ...(useAuthor ? { activity: shippedActivity(rows, options) } : {}),
    reference: new Array(101).fill(0),
    groupMeans: Object.fromEntries(FEATURE_GROUPS.map((g) => [g, 0])),
    validation: {
      model: validation.model,
      bestBaseline: validation.bestBaseline,
      baseline: validation.baseline,
    },
  };
  calibrate(
    draft,
    options.reference ??
      rows.filter((r) => Date.parse(r.createdAt) > Date.parse(last.createdAt) - 24 * 3_600_000),
  );
  const hash = createHash('sha256')
    .update(JSON.stringify([draft.upvotes, draft.comments]))
    .digest('hex')
    .slice(0, 8);
  const end = last.createdAt.replace(/[-:T]/g, '').slice(0, 10);
  draft.version = `${FEATURE_VERSION}+${end}.${hash}`;
  return ModelArtifactSchema.parse(draft);
}

/** The activity table the artifact ships: the caller's, or one from the training rows, bounded. */
function shippedActivity(rows: readonly LabelledRow[], options: TrainOptions): ActivitySnapshot {
  const limit = options.maxAuthors ?? 5000;
  if (options.activity) {
    const table = ActivityTable.from(options.activity);
    return table.snapshot(new Date(options.activity.at), limit);
  }
  const table = new ActivityTable();
  addPosts(table, rows);
  return table.snapshot(new Date((rows[rows.length - 1] as LabelledRow).createdAt), limit);
}

/** Fills the reference quantiles and group means from the model's predictions on reference posts. */
function calibrate(artifact: ModelArtifact, reference: readonly PostingRow[]): void {
  const predictions = predictRows(artifact, reference);
  const scores = predictions.map((p) => p.logUp + p.logCom).sort((a, b) => a - b);
  artifact.reference = Array.from({ length: 101 }, (_, i) => r4(quantile(scores, i / 100)));
  for (let i = 1; i < 101; i++)
    artifact.reference[i] = Math.max(artifact.reference[i] as number, artifact.reference[i - 1] as number);
  artifact.groupMeans = Object.fromEntries(
    FEATURE_GROUPS.map((g) => [
      g,
      r4(
        predictions.length === 0 ? 0 : predictions.reduce((s, p) => s + p.groups[g], 0) / predictions.length,
      ),
    ]),
  );
}

/** The per-target metrics type, re-exported for the card. */
export type { MetricSet };
