import { createHash } from 'node:crypto';
import { mean, quantileSorted, standardDeviation } from 'simple-statistics';
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
import { spearman, withinHourSpearman } from './metrics.ts';
import { type Penalties, simplestWithinOneError, spearmanStandardError } from './penalty-choice.ts';
import { predictRows } from './predict-rows.ts';
import { choosePriorBlend, foldPriorBlend } from './prior-blend.ts';
import { PriorTable } from './priors.ts';
import { quantiles101 } from './quantiles.ts';
import { solveRidge, toSparseRows } from './ridge.ts';
import { type LabelledRow, type PostingRow, rowFacts } from './rows.ts';
import { hourRelativeTargets } from './targets.ts';

/** Feature code version: bump when features change (artifacts of another major are refused). */
export const FEATURE_VERSION = '4.1.0';

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

const PRIOR_STRENGTH = 5;
/** Penalties of the hashed words; the last one all but switches the words off (chosen when they do not help). */
const LAMBDA_TEXT = [2, 8, 32, 128, 1e6];
/** Penalties of the priors and activity features. */
const LAMBDA_DENSE = [1, 20];
/**
 * The format features' penalty: the same as the other dense features', or 10^6 (off). On the real
 * sample their within-hour links flip sign from one day to the next, so switching them off is a choice.
 */
const FORMAT_OFF = 1e6;
const FORMAT = DENSE_FEATURES.map((f) => f.group === 'format');

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
  const global = { up: meanOrZero(Array.from(y.up)), com: meanOrZero(Array.from(y.com)) };
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

/** The mean (simple-statistics); 0 for no values. */
function meanOrZero(values: readonly number[]): number {
  return values.length === 0 ? 0 : mean(values);
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

/**
 * Smallest standard deviation a dense feature is scaled by. A leave-one-out prior of a big group (one
 * community holding most rows) varies only by each row's own label over n, which a smaller floor
 * would blow up into a copy of the label (a leak that distorts every other weight).
 */
const MIN_STD = 0.05;

/** Each dense feature's mean and population standard deviation (simple-statistics; 0 with no rows), floored at MIN_STD. */
function scalingOf(x: readonly FeatureVector[]): Scaling {
  const columns = DENSE_FEATURES.map((_, j) => x.map((v) => v.dense[j] as number));
  return {
    mean: Float64Array.from(columns, meanOrZero),
    std: Float64Array.from(columns, (c) => Math.max(c.length === 0 ? 0 : standardDeviation(c), MIN_STD)),
  };
}

/**
 * Whether dense feature j is fitted: the author group only with useAuthor; never the hour of day,
 * which is the same for every post of an hour and so says nothing about a within-hour target (its
 * weights stay 0; they could only shift whole hours); and never the digest match (topic, narrative and
 * pattern overlap), which a writer can raise by stuffing topic words or narrative names into a draft,
 * so it may not raise a score by itself.
 */
function fitted(j: number, useAuthor: boolean): boolean {
  const group = DENSE_FEATURES[j]?.group;
  return group !== 'timing' && group !== 'digest' && (useAuthor || group !== 'author');
}

function fitRidge(
  x: readonly FeatureVector[],
  y: Float64Array,
  buckets: number,
  scaling: Scaling,
  lambda: Penalties,
  useAuthor: boolean,
): Fit {
  const d = DENSE_FEATURES.length;
  const cols = buckets + d + 1;
  const rows = x.map((v) => {
    const index: number[] = Array.from(v.hashed.index);
    const value: number[] = Array.from(v.hashed.value);
    for (let j = 0; j < d; j++) {
      if (!fitted(j, useAuthor)) continue;
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
  for (let j = 0; j < d; j++) penalty[buckets + j] = FORMAT[j] ? lambda.format : lambda.dense;
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
    if (!fitted(j, useAuthor)) continue;
    s +=
      (fit.dense[j] as number) *
      (((v.dense[j] as number) - (scaling.mean[j] as number)) / (scaling.std[j] as number));
  }
  return s;
}

/** The q-quantile of sorted values (simple-statistics, linear interpolation as in R's type 7); 0 for no values. */
function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : quantileSorted(sorted, q);
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

/** One held-out tail of the training rows: fitted on the rows before it, scored on it. */
interface Tail {
  readonly fitPart: ReturnType<typeof featuriseHistory>;
  readonly fitRows: readonly LabelledRow[];
  readonly fitY: { up: Float64Array; com: Float64Array };
  readonly validRows: readonly LabelledRow[];
  readonly validX: readonly FeatureVector[];
  readonly validY: { up: Float64Array; com: Float64Array };
  readonly validMs: readonly number[];
  /** Each held-out row's author prior from the fitted rows (0 when unknown), per target. */
  readonly priors: { up: number[]; com: number[] };
}

/**
 * The held-out tails choices are made on, as shares of the time-sorted rows: three overlapping
 * windows, the last one ending at the newest row (it also gives the intervals and the card metrics).
 */
function tailsOf(rows: readonly LabelledRow[], buckets: number, validationShare: number): Tail[] {
  const last = 1 - validationShare;
  const starts = [last - 0.2, last - 0.1, last];
  return starts.map((from) => {
    const a = Math.max(10, Math.floor(rows.length * from));
    const b =
      from === last ? rows.length : Math.max(a + 1, Math.floor(rows.length * (from + validationShare)));
    const fitRows = rows.slice(0, a);
    const validRows = rows.slice(a, b);
    const fitY = hourRelativeTargets(fitRows);
    const fitPart = featuriseHistory(fitRows, buckets, fitY);
    const prior = validRows.map((r) =>
      fitPart.tables.author.get(r.author, fitPart.global.up, fitPart.global.com, PRIOR_STRENGTH),
    );
    return {
      fitPart,
      fitRows,
      fitY,
      validRows,
      validX: validRows.map((r) => rowFeatures(r, buckets, fitPart.tables, fitPart.global)),
      validY: hourRelativeTargets(validRows),
      validMs: validRows.map(ms),
      priors: { up: prior.map((p) => p?.up ?? 0), com: prior.map((p) => p?.com ?? 0) },
    };
  });
}

/**
 * Chooses one target's penalties, then the author-prior blend β, by the mean ρ within creation hours
 * over the tails. Returns the choice and each tail's blended predictions.
 */
function chooseSettings(tails: readonly Tail[], target: 'up' | 'com', buckets: number, useAuthor: boolean) {
  const scalings = tails.map((t) => scalingOf(t.fitPart.x));
  const candidates: { lambda: Penalties; rho: number; predictions: number[][] }[] = [];
  for (const text of LAMBDA_TEXT)
    for (const dense of LAMBDA_DENSE)
      for (const format of [dense, FORMAT_OFF]) {
        const lambda = { text, format, dense };
        const predictions = tails.map((t, i) => {
          const scaling = scalings[i] as Scaling;
          const fit = fitRidge(t.fitPart.x, t.fitY[target], buckets, scaling, lambda, useAuthor);
          return t.validX.map((v) => applyFit(fit, v, scaling, useAuthor));
        });
        const rho = meanOver(tails, (t, i) =>
          choiceRho(predictions[i] as number[], t.validY[target], t.validMs),
        );
        candidates.push({ lambda, rho, predictions });
      }
  const best = simplestWithinOneError(candidates, rhoStandardError(tails));
  const blend = useAuthor
    ? choosePriorBlend(
        best.predictions,
        tails.map((t) => t.priors[target]),
        (blended) =>
          meanOver(tails, (t, i) => choiceRho(blended[i] as number[], t.validY[target], t.validMs)),
      )
    : { beta: 0, predictions: best.predictions };
  return { lambda: best.lambda, beta: blend.beta, predictions: blend.predictions };
}

/** Standard error of a Spearman ρ over the validation tails (their mean size). */
function rhoStandardError(tails: readonly Tail[]): number {
  return spearmanStandardError(meanOver(tails, (t) => t.validRows.length));
}

/** The mean of f over the items (simple-statistics); NaN for no items. */
function meanOver<T>(items: readonly T[], f: (item: T, i: number) => number): number {
  return items.length === 0 ? Number.NaN : mean(items.map(f));
}

/** The 10th and 90th percentiles of validation residuals: the 80 % interval. */
function residualQuantiles(predictions: readonly number[], y: Float64Array): { q10: number; q90: number } {
  const residuals = predictions.map((p, i) => (y[i] as number) - p).sort((a, b) => a - b);
  return { q10: quantile(residuals, 0.1), q90: quantile(residuals, 0.9) };
}

/** Dense indexes of the author prior's two values (upvote and comment targets). */
const AUTHOR_UP = DENSE_FEATURES.findIndex((f) => f.name === 'author-upvotes');
const AUTHOR_COM = DENSE_FEATURES.findIndex((f) => f.name === 'author-comments');

/** Rows an hour needs to count in the penalty choice's within-hour ρ (validation tails are small). */
const CHOICE_HOUR_ROWS = 5;

/** What penalties are chosen on: ρ within creation hours, or over all rows when no hour is big enough. */
function choiceRho(p: readonly number[], y: Float64Array, createdMs: readonly number[]): number {
  const items = p.map((predicted, i) => ({
    predicted,
    actual: y[i] as number,
    createdMs: createdMs[i] as number,
  }));
  return withinHourSpearman(items, CHOICE_HOUR_ROWS).rho ?? spearman(p, Array.from(y));
}

/**
 * Trains the advisor model on labelled rows: ridge regression of each post's upvotes and comments
 * relative to its own creation hour (`targets.ts`: within-hour normal scores) on hashed words, format, hour of day, community and author priors and digest matches. The latest
 * `validationShare` of rows (by time) chooses the penalties (by ρ within creation hours) and gives the intervals and card metrics;
 * the final model is refitted on every row. Deterministic for the same rows and options.
 */
export function trainModel(all: readonly LabelledRow[], options: TrainOptions): ModelArtifact {
  const buckets = options.buckets ?? 2 ** 15;
  const useAuthor = options.useAuthor ?? true;
  const rows = byTime(all);
  if (rows.length < 20) throw new Error(`trainModel: need at least 20 labelled rows (got ${rows.length})`);
  const tails = tailsOf(rows, buckets, options.validationShare ?? 0.2);
  const up = chooseSettings(tails, 'up', buckets, useAuthor);
  const com = chooseSettings(tails, 'com', buckets, useAuthor);
  // The newest tail gives the intervals and the card's held-out metrics.
  const newest = tails[tails.length - 1] as Tail;
  const upPred = up.predictions[tails.length - 1] as number[];
  const comPred = com.predictions[tails.length - 1] as number[];
  const upResiduals = residualQuantiles(upPred, newest.validY.up);
  const comResiduals = residualQuantiles(comPred, newest.validY.com);
  const validation = evaluateScores(newest.validRows, {
    model: { up: upPred, com: comPred },
    train: newest.fitRows,
  });
  const validRows = newest.validRows;

  const allTargets = hourRelativeTargets(rows);
  const full = featuriseHistory(rows, buckets, allTargets);
  const scaling = scalingOf(full.x);
  const upFit = fitRidge(full.x, allTargets.up, buckets, scaling, up.lambda, useAuthor);
  const comFit = fitRidge(full.x, allTargets.com, buckets, scaling, com.lambda, useAuthor);
  foldPriorBlend(upFit, AUTHOR_UP, up.beta, scaling);
  foldPriorBlend(comFit, AUTHOR_COM, com.beta, scaling);

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
    targets: 'hour-normal-score',
    authorBlend: { upvotes: up.beta, comments: com.beta },
    levels: levelsOf(rows, last),
    globalUp: r4(full.global.up),
    globalCom: r4(full.global.com),
    denseMean: Array.from(scaling.mean, r4),
    denseStd: Array.from(scaling.std, (v) => Math.max(r4(v), MIN_STD)),
    upvotes: {
      intercept: r4(upFit.intercept),
      hashed: packHashed(upFit.hashed),
      dense: Array.from(upFit.dense, r4),
      residualQ10: r4(upResiduals.q10),
      residualQ90: r4(upResiduals.q90),
    },
    comments: {
      intercept: r4(comFit.intercept),
      hashed: packHashed(comFit.hashed),
      dense: Array.from(comFit.dense, r4),
      residualQ10: r4(comResiduals.q10),
      residualQ90: r4(comResiduals.q90),
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
      baselines: validation.baselines,
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

/** Hours of the newest labelled rows whose engagement levels turn predicted within-hour scores into counts. */
const LEVEL_HOURS = 24;

/**
 * 101 quantiles of log1p(upvotes) and log1p(comments) of the rows created in the last LEVEL_HOURS
 * before the newest one: the distribution a predicted within-hour percentile is read against.
 */
function levelsOf(rows: readonly LabelledRow[], last: LabelledRow): ModelArtifact['levels'] {
  const from = ms(last) - LEVEL_HOURS * 3_600_000;
  const recent = rows.filter((r) => ms(r) > from);
  return {
    from: (recent[0] as LabelledRow).createdAt,
    rows: recent.length,
    upvotes: quantiles101(recent.map((r) => Math.log1p(r.upvotes))),
    comments: quantiles101(recent.map((r) => Math.log1p(r.comments))),
  };
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
  artifact.reference = quantiles101(predictions.map((p) => p.up + p.com));
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
