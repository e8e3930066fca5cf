import { z } from 'zod';

/** A predicted count with its 80 % interval (10th–90th percentile of held-out errors). */
const Predicted = z
  .object({
    expected: z.int().nonnegative(),
    low: z.int().nonnegative(),
    high: z.int().nonnegative(),
  })
  .strict()
  .refine((p) => p.low <= p.expected && p.expected <= p.high, { message: 'low ≤ expected ≤ high' });

/** What a suggestion relies on: a pattern, topic or narrative of the current digests, or the model itself. */
export const SuggestionBasis = z
  .object({
    kind: z.enum(['pattern', 'topic', 'narrative', 'story', 'model']),
    /** The pattern's machine name, the topic, the narrative's or the story's label. */
    name: z.string().min(1),
    /** Where the evidence comes from, in words (e.g. `lift 1.8 among the top posts of 13:00 UTC`). */
    evidence: z.string().min(1),
  })
  .strict();
export type SuggestionBasis = z.infer<typeof SuggestionBasis>;

/**
 * One suggestion; `gain` is the viral score points the model gives the edit (> 0 when an edit was
 * tested), null for a grounded suggestion offered without the model's backing (when its prediction is weak).
 */
export const AdvisorSuggestion = z
  .object({
    text: z.string().min(1),
    basis: SuggestionBasis,
    gain: z.number().nullable(),
  })
  .strict();
export type AdvisorSuggestion = z.infer<typeof AdvisorSuggestion>;

/** One feature group's signed contribution against an average recent post. */
export const AdvisorFactor = z
  .object({
    group: z.enum(['wording', 'format', 'timing', 'community', 'author', 'digest']),
    /** In log1p units of upvotes + comments, relative to an average post of the last 24 h. */
    contribution: z.number(),
    direction: z.enum(['raises', 'lowers', 'neutral']),
    explanation: z.string().min(1),
  })
  .strict();
export type AdvisorFactor = z.infer<typeof AdvisorFactor>;

const StoryLead = z
  .object({
    title: z.string(),
    url: z.url(),
    author: z.string().nullable(),
    score: z.int(),
    comments: z.int().nonnegative(),
  })
  .strict();

/** The current story (newest digest) a draft joins, how its posts are doing, and its lead post as an example. */
export const AdvisorStory = z
  .object({
    id: z.string().min(1),
    label: z.string().min(1),
    kind: z.string().min(1),
    gist: z.string().min(1),
    posts: z.int().positive(),
    /** Share (0–1) of the hour's quality posts in the story. */
    share: z.number().min(0).max(1),
    /** Mean score and comments per post of the story when its hour was read. */
    scorePerPost: z.number(),
    commentsPerPost: z.number().nonnegative(),
    /** Its posts average more score than the hour's stories overall. */
    aboveHour: z.boolean(),
    /** Part of an emerging narrative, or doing better than the hour with 3+ posts. */
    rising: z.boolean(),
    lead: StoryLead,
    /** The digest hour the story comes from. */
    hourStart: z.iso.datetime({ offset: true }),
  })
  .strict();
export type AdvisorStory = z.infer<typeof AdvisorStory>;

const BaselineFigure = z.object({ name: z.string().min(1), value: z.number().nullable() }).strict();

/** The model's validated skill (held-out, within creation hours) and the confidence derived from it. */
export const AdvisorSkill = z
  .object({
    /** Spearman ρ within creation hours on later held-out posts; null when not measured. */
    hourSpearman: z.number().nullable(),
    /** Share of same-hour pairs ordered right; null when not measured. */
    pairwise: z.number().nullable(),
    /** The best single-signal baseline on each measure. */
    baseline: z.object({ hourSpearman: BaselineFigure, pairwise: BaselineFigure }).strict(),
    rows: z.int().nonnegative(),
    /** True when the model beats every baseline on both measures. */
    beatsBaselines: z.boolean(),
    /** `low` when it does not beat its baselines or ranks barely above chance: the prediction is weak. */
    confidence: z.enum(['low', 'medium', 'high']),
  })
  .strict();
export type AdvisorSkill = z.infer<typeof AdvisorSkill>;

/**
 * The advisor's answer (`data` of `POST /api/forum/advisor`): a superset of what existing clients read
 * (viralScore, suggestedTitle, suggestedContent, suggestions, reasoning, verdict).
 */
export const AdvisorResponse = z
  .object({
    /** 0–100: percentile of the predicted engagement among the posts of the last 24 h. */
    viralScore: z.int().min(0).max(100),
    predictedEngagement: z.object({ upvotes: Predicted, comments: Predicted }).strict(),
    predictedReach: z.enum(['Low', 'Medium', 'High', 'Explosive']),
    verdict: z.enum(['post', 'refine', 'redirect']),
    factors: z.array(AdvisorFactor),
    suggestions: z.array(AdvisorSuggestion),
    /** The best-scoring rewrite's title, or the draft's own when no rewrite scored higher. */
    suggestedTitle: z.string(),
    suggestedContent: z.string(),
    /** Where the suggested text came from, and the scores before and after. */
    rewrite: z
      .object({
        source: z.enum(['none', 'offline', 'llm']),
        scoreBefore: z.int().min(0).max(100),
        scoreAfter: z.int().min(0).max(100),
      })
      .strict(),
    reasoning: z.string().min(1),
    /** The current story the draft joins, or null (no digest with stories, or no story matched). */
    story: AdvisorStory.nullable(),
    /** How far the prediction can be trusted (from the model's validation); see `skill.confidence`. */
    skill: AdvisorSkill,
    /** True when the prediction is weak (confidence low): the grounded suggestions matter more than the numbers. */
    weakPrediction: z.boolean(),
    modelVersion: z.string().min(1),
    /** Id of the newest digest the advice used, or null when none was published yet. */
    digestId: z.string().nullable(),
  })
  .strict()
  .describe(
    'The Viral Advisor result: virality prediction, predicted engagement and rewrite suggestions (an automated opinion, not a measured forecast).',
  );
export type AdvisorResponse = z.infer<typeof AdvisorResponse>;
