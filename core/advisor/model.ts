import { z } from 'zod';
import { RECENT_TIMES } from './activity.ts';
import {
  AUTHOR_SLICE,
  DENSE_FEATURES,
  type FeatureGroup,
  type FeatureVector,
  type PriorValue,
} from './features.ts';
import { percentileIn } from './levels.ts';

const Prior = z.tuple([z.int().positive(), z.number(), z.number()]);
const Target = z
  .object({
    intercept: z.number(),
    /** Hashed-word weights as flat pairs [bucket, weight, bucket, weight, …] (zero weights left out). */
    hashed: z.array(z.number()),
    /** One weight per dense feature, on standardised values. */
    dense: z.array(z.number()),
    /** 10th and 90th percentiles of validation residuals (log1p scale): the prediction interval. */
    residualQ10: z.number(),
    residualQ90: z.number(),
  })
  .strict();

/** An author-activity table (`activity.ts`): at `at`, name → [posts seen, minutes since each recent post]. */
export const ActivitySnapshotSchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    authors: z.record(
      z.string(),
      z
        .array(z.int().nonnegative())
        .min(1)
        .max(1 + RECENT_TIMES),
    ),
  })
  .strict();

/** Metrics of one scorer on a held-out set. */
export const MetricSet = z
  .object({
    spearman: z.number(),
    spearmanComments: z.number(),
    pairwise: z.number().nullable(),
    pairs: z.int().nonnegative(),
    ndcg10: z.number().nullable(),
    cohorts: z.int().nonnegative(),
    /** Spearman ρ (upvotes) within each creation hour of ≥ 10 rows, averaged weighted by rows; null: no such hour. */
    hourSpearman: z.number().nullable(),
    /** The same on comments. */
    hourSpearmanComments: z.number().nullable(),
    /** Hours (of ≥ 10 rows) the within-hour ρ averages over. */
    hours: z.int().nonnegative(),
    /** Share of same-hour pairs with different upvotes ordered right; null: no such pair. */
    hourPairwise: z.number().nullable(),
    hourPairs: z.int().nonnegative(),
  })
  .strict();
export type MetricSet = z.infer<typeof MetricSet>;

const Interval = z.tuple([z.number(), z.number()]).nullable();
/** One scorer's pooled figures over the rolling-origin blocks, with 90 % bootstrap intervals (over creation hours). */
const ScorerSkill = z
  .object({
    hourSpearman: z.number().nullable(),
    hourSpearmanInterval: Interval,
    pairwise: z.number().nullable(),
    pairwiseInterval: Interval,
  })
  .strict();

/**
 * The rolling-origin evaluation kept with the model (`generator/learn/rolling.ts`): each block's model
 * trained only on the rows labelled at its start (created 24 h before it), scored on the block; the
 * pooled within-hour figures of the model and every baseline, and the scorer chosen to serve.
 */
export const RollingSkill = z
  .object({
    blockHours: z.number().positive(),
    blocks: z.int().nonnegative(),
    rows: z.int().nonnegative(),
    /** Creation hours of at least 10 rows (what the within-hour ρ averages over). */
    hours: z.int().nonnegative(),
    from: z.iso.datetime({ offset: true }).nullable(),
    to: z.iso.datetime({ offset: true }).nullable(),
    /** The model's ρ over all pooled rows (levels between hours included). */
    spearman: z.number(),
    scorers: z.record(z.string(), ScorerSkill),
    /** The scorer whose score is served: the model, or a baseline that beat it. */
    served: z.enum(['model', 'length', 'author-prior']),
  })
  .strict();
export type RollingSkill = z.infer<typeof RollingSkill>;

/**
 * How a post trait went with engagement within its hour (percentile points, with minus without), on
 * the older rows and on the newest held-out ones (`generator/learn/trait-effects.ts`).
 */
export const TraitEffect = z
  .object({
    fit: z.number().nullable(),
    heldOut: z.number().nullable(),
    /** 80 % bootstrap interval of the held-out effect, over creation hours. */
    interval: Interval,
    heldOutRows: z.int().nonnegative(),
    /** Same sign on both parts, held-out interval clear of 0, enough posts: only then may it back a gain. */
    holds: z.boolean(),
  })
  .strict();
export type TraitEffect = z.infer<typeof TraitEffect>;

/**
 * The trained advisor model as published (`content/advisor/model.json`, or the default shipped in
 * core/advisor/default-model.json). Everything needed to predict, explain and calibrate.
 */
export const ModelArtifact = z
  .object({
    format: z.literal('murmur-advisor-model'),
    schemaVersion: z.literal(1),
    /** `<semver of the feature code>+<training end, yyyymmddhh>.<hash of the weights>`. */
    version: z.string().min(1),
    createdAt: z.iso.datetime({ offset: true }),
    /** Where the training rows came from: the forum itself, the simulator, or a file. */
    source: z.enum(['forum', 'simulator', 'file']),
    trainingWindow: z.object({
      from: z.iso.datetime({ offset: true }),
      to: z.iso.datetime({ offset: true }),
    }),
    rows: z.object({ train: z.int().nonnegative(), validation: z.int().nonnegative() }),
    buckets: z.int().positive(),
    useAuthor: z.boolean(),
    /**
     * What the two regressions predict: each post's upvotes and comments as a normal score within its
     * own creation hour (0 = the hour's median post), so drift between days teaches nothing.
     */
    targets: z.literal('hour-normal-score'),
    /**
     * Extra weight β of the author prior folded into each target's weights (score + β · prior), chosen
     * on the held-out tail so the model uses the prior at least as well as the prior alone (0: none).
     */
    authorBlend: z.object({ upvotes: z.number().nonnegative(), comments: z.number().nonnegative() }).strict(),
    /**
     * The recent engagement levels predicted scores are read against: 101 quantiles of log1p(upvotes)
     * and log1p(comments) of the labelled rows of the last 24 h of the training window.
     */
    levels: z
      .object({
        from: z.iso.datetime({ offset: true }),
        rows: z.int().positive(),
        upvotes: z.array(z.number()).length(101),
        comments: z.array(z.number()).length(101),
      })
      .strict(),
    /** Prior strength k of the shrunk community and author means. */
    priorStrength: z.number().positive(),
    /** Global mean of the two targets in the training rows. */
    globalUp: z.number(),
    globalCom: z.number(),
    denseMean: z.array(z.number()).length(DENSE_FEATURES.length),
    denseStd: z.array(z.number().positive()).length(DENSE_FEATURES.length),
    upvotes: Target,
    comments: Target,
    /** name → [posts, mean upvote target, mean comment target] (raw means, shrunk at use). */
    communities: z.record(z.string(), Prior),
    authors: z.record(z.string(), Prior),
    /**
     * Author activity at training end (`activity.ts`): name → [posts seen, minutes before `at` of the
     * most recent posts (at most 12)], the most recently active authors only.
     */
    activity: ActivitySnapshotSchema.optional(),
    /** 101 quantiles (0 %, 1 %, …, 100 %) of the predicted engagement score of the last 24 h of posts. */
    reference: z.array(z.number()).length(101),
    /** Mean contribution of each feature group over the reference posts (the "average post"). */
    groupMeans: z.record(z.string(), z.number()),
    /**
     * Rolling-origin skill (absent in artifacts trained without it: their confidence is low). Decides
     * `confidence` and which scorer is served.
     */
    rolling: RollingSkill.optional(),
    /** Trait effects on held-out rows (absent: no rewrite gain is ever shown). */
    traitEffects: z.record(z.string(), TraitEffect).optional(),
    /** 101 quantiles of the served baseline's values over the reference posts (absent when the model is served). */
    servedReference: z.array(z.number()).length(101).optional(),
    /** Validation metrics of the model and of the best baseline, for the model card. */
    validation: z
      .object({
        model: MetricSet,
        bestBaseline: z.string(),
        baseline: MetricSet,
        /** Every baseline on the same held-out rows (absent in artifacts written before they were kept). */
        baselines: z.record(z.string(), MetricSet).optional(),
      })
      .nullable(),
  })
  .strict();
export type ModelArtifact = z.infer<typeof ModelArtifact>;

/** A model ready to predict: weights unpacked into arrays. */
export interface CompiledModel {
  readonly artifact: ModelArtifact;
  readonly up: { intercept: number; hashed: Float64Array; dense: Float64Array };
  readonly com: { intercept: number; hashed: Float64Array; dense: Float64Array };
  readonly denseMean: Float64Array;
  readonly denseStd: Float64Array;
  readonly groupOfDense: readonly FeatureGroup[];
}

function unpack(t: ModelArtifact['upvotes'], buckets: number) {
  const hashed = new Float64Array(buckets);
  for (let i = 0; i + 1 < t.hashed.length; i += 2) {
    const b = t.hashed[i] as number;
    if (b >= 0 && b < buckets) hashed[b] = t.hashed[i + 1] as number;
  }
  return { intercept: t.intercept, hashed, dense: Float64Array.from(t.dense) };
}

const compiled = new WeakMap<ModelArtifact, CompiledModel>();

/** Unpacks an artifact (cached per artifact object). */
export function compileModel(artifact: ModelArtifact): CompiledModel {
  const cached = compiled.get(artifact);
  if (cached) return cached;
  const model: CompiledModel = {
    artifact,
    up: unpack(artifact.upvotes, artifact.buckets),
    com: unpack(artifact.comments, artifact.buckets),
    denseMean: Float64Array.from(artifact.denseMean),
    denseStd: Float64Array.from(artifact.denseStd),
    groupOfDense: DENSE_FEATURES.map((f) => f.group),
  };
  compiled.set(artifact, model);
  return model;
}

/** Validates an artifact read from JSON; the error names the input and the first problems. */
export function parseModelArtifact(raw: unknown, name = 'model artifact'): ModelArtifact {
  const parsed = ModelArtifact.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new Error(`${name}: invalid (${issues})`);
  }
  return parsed.data;
}

/** The shrunk prior of a community or author from the artifact's table, or null when unknown. */
export function lookupPrior(
  artifact: ModelArtifact,
  table: 'communities' | 'authors',
  name: string | null,
): PriorValue | null {
  if (name === null) return null;
  const row = artifact[table][name.toLowerCase()];
  if (!row) return null;
  const [n, up, com] = row;
  const k = artifact.priorStrength;
  return {
    n,
    up: (n * (up - artifact.globalUp)) / (n + k),
    com: (n * (com - artifact.globalCom)) / (n + k),
  };
}

/** A prediction with each group's share of it. */
export interface Prediction {
  /** Predicted upvotes and comments at 24 h as normal scores within the post's hour (0 = the hour's median). */
  readonly up: number;
  readonly com: number;
  /** Contribution of each group to up + com (intercepts excluded). */
  readonly groups: Readonly<Record<FeatureGroup, number>>;
}

/** Predicts both targets for a feature vector. Pure; a few microseconds. */
export function predict(model: CompiledModel, x: FeatureVector): Prediction {
  const groups: Record<FeatureGroup, number> = {
    wording: 0,
    format: 0,
    timing: 0,
    community: 0,
    author: 0,
    digest: 0,
  };
  let up = model.up.intercept;
  let com = model.com.intercept;
  const { index, value } = x.hashed;
  for (let i = 0; i < index.length; i++) {
    const b = index[i] as number;
    const v = value[i] as number;
    const du = (model.up.hashed[b] as number) * v;
    const dc = (model.com.hashed[b] as number) * v;
    up += du;
    com += dc;
    groups.wording += du + dc;
  }
  const useAuthor = model.artifact.useAuthor;
  for (let j = 0; j < x.dense.length; j++) {
    if (!useAuthor && j >= AUTHOR_SLICE.start && j < AUTHOR_SLICE.start + AUTHOR_SLICE.length) continue;
    const z = ((x.dense[j] as number) - (model.denseMean[j] as number)) / (model.denseStd[j] as number);
    const du = (model.up.dense[j] as number) * z;
    const dc = (model.com.dense[j] as number) * z;
    up += du;
    com += dc;
    groups[model.groupOfDense[j] as FeatureGroup] += du + dc;
  }
  return { up, com, groups };
}

/** The engagement score the viral score ranks: the sum of the two predicted within-hour scores. */
export function engagementScore(p: Prediction): number {
  return p.up + p.com;
}

/** Percentile (0–100) of a model score within the artifact's reference quantiles, interpolated. */
export function percentileOf(artifact: ModelArtifact, score: number): number {
  return percentileIn(artifact.reference, score);
}
