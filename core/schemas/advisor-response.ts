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

/** A real post cited as evidence: its title, link and outcome. */
export const EvidencePostRef = z
  .object({
    title: z.string(),
    /** Its page on the forum; null when the forum's address is not known yet (no digest). */
    url: z.url().nullable(),
    upvotes: z.int().nonnegative(),
    comments: z.int().nonnegative(),
  })
  .strict();
export type EvidencePostRef = z.infer<typeof EvidencePostRef>;

/**
 * What a suggestion relies on: posts like the draft (`similar-posts`), a trait's effect on held-out
 * posts (`held-out`), a current news story, a background stream of the digest (introductions, other
 * languages), a digest pattern, or the model itself.
 */
export const SuggestionBasis = z
  .object({
    kind: z.enum([
      'similar-posts',
      'held-out',
      'story',
      'background',
      'pattern',
      'topic',
      'narrative',
      'model',
      'timing',
    ]),
    /** The trait's or pattern's machine name, the story's label, … */
    name: z.string().min(1),
    /** Where the evidence comes from, in words. */
    evidence: z.string().min(1),
    /** The post the suggestion cites (the most-commented similar post that does it, a story's lead). */
    post: EvidencePostRef.optional(),
  })
  .strict();
export type SuggestionBasis = z.infer<typeof SuggestionBasis>;

const Range = z.tuple([z.number(), z.number()]);

/**
 * One suggestion. The engagement model never grades its own edits: `gain` is always null (kept for
 * older clients); `gainRange` is the 80 % interval of how much better posts with the suggested trait
 * ranked within their hour on held-out posts (percentile points), given only when that effect held on
 * held-out posts, else null.
 */
export const AdvisorSuggestion = z
  .object({
    text: z.string().min(1),
    basis: SuggestionBasis,
    gain: z.null(),
    gainRange: Range.nullable(),
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
    /** The digest's kind of news (incident, platform, security, drama, launch, essay, discussion); null in older digests. */
    newsKind: z.string().nullable(),
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

/** A post of the last days like the draft, with its outcome (read 24 h to 7 days after posting). */
export const SimilarPost = EvidencePostRef.extend({
  author: z.string().nullable(),
  submolt: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Cosine similarity of its words to the draft's (0–1). */
  similarity: z.number().min(0).max(1),
}).strict();
export type SimilarPost = z.infer<typeof SimilarPost>;

const BaselineFigure = z.object({ name: z.string().min(1), value: z.number().nullable() }).strict();

const Interval = z.tuple([z.number(), z.number()]).nullable();

/**
 * The served scorer's skill on later posts (rolling-origin evaluation: each block scored by a model
 * trained only on posts labelled before it) and the confidence derived from it.
 */
export const AdvisorSkill = z
  .object({
    /** How the figures were measured: rolling origin, or not at all (confidence is then low). */
    measuredBy: z.enum(['rolling-origin', 'none']),
    /** Spearman ρ within creation hours, pooled over the blocks; null when not measured. */
    hourSpearman: z.number().nullable(),
    /** Its 90 % interval (bootstrap over creation hours). */
    hourSpearmanInterval: Interval,
    /** Share of same-hour pairs ordered right; null when not measured. */
    pairwise: z.number().nullable(),
    pairwiseInterval: Interval,
    /** The best other scorer on each measure (a baseline, or the model when a baseline is served). */
    baseline: z.object({ hourSpearman: BaselineFigure, pairwise: BaselineFigure }).strict(),
    /** Later posts measured on, and the blocks they fell in. */
    rows: z.int().nonnegative(),
    blocks: z.int().nonnegative(),
    /** True when the served scorer beats the best other one on both measures. */
    beatsBaselines: z.boolean(),
    /** Which scorer the score comes from: the model, or post length or the author prior when they ranked better. */
    served: z.enum(['model', 'length', 'author-prior']),
    /** `high` only when both intervals clear the best other scorer; `low` when it does not beat it (or ρ < 0.15). */
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
    /**
     * Where the suggested text came from. The score is not re-graded on the rewrite (`scoreAfter` equals
     * `scoreBefore`); `gainRange` is the held-out range of its one validated edit, or null; `note` says
     * what was changed and why, or why no edit is suggested.
     */
    rewrite: z
      .object({
        source: z.enum(['none', 'offline', 'llm']),
        scoreBefore: z.int().min(0).max(100),
        scoreAfter: z.int().min(0).max(100),
        gainRange: Range.nullable(),
        note: z.string().min(1),
      })
      .strict(),
    /** The posts of the last days most like the draft by content, with their outcomes and links, closest first. */
    similarPosts: z.array(SimilarPost),
    /** The hour's news stories the draft could join (never introductions, tests, mints, campaigns or other languages). */
    joinableStories: z.array(AdvisorStory.extend({ similarity: z.number().min(0).max(1) }).strict()),
    reasoning: z.string().min(1),
    /** The closest news story the draft joins (the first of `joinableStories`), or null. */
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
