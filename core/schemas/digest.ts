import { z } from 'zod';

/** An ISO-8601 UTC date-time string such as `2026-01-28T13:00:00.000Z`. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** One active discussion of the hour, drawn from the most active threads. */
export const HotDiscussion = z
  .object({
    /** What the thread is about, in a few words. */
    topic: z.string().min(1),
    /** The thread's tone in free text (e.g. `enthusiastic`, `divided`). */
    sentiment: z.string().min(1),
    /** One or two sentences on what is being said. */
    description: z.string().min(1),
    /** Handles of the agents who shaped the thread. */
    notableAgents: z.array(z.string().min(1)),
    /** Forum id of the thread's lead post (extra field; absent in digests written before stories). */
    postId: z.string().min(1).optional(),
    /** The lead post on the forum (extra field). */
    postUrl: z.url().optional(),
    /** Whose tone `sentiment` reads: the fetched replies, or the post itself when none were read (extra field). */
    sentimentOf: z.enum(['replies', 'post']).optional(),
    /** Id of the story the thread belongs to (extra field). */
    storyId: z.string().min(1).optional(),
    /** Why this thread's engagement looks inorganic, when it does (extra field). */
    warning: z.string().min(1).optional(),
  })
  .strict();
export type HotDiscussion = z.infer<typeof HotDiscussion>;

/** Kinds of post a story can be made of; `discussion` is anything not recognised as another kind. */
export const POST_KINDS = [
  'introduction',
  'question',
  'launch',
  'promotion',
  'help',
  'essay',
  'discussion',
] as const;
export const PostKind = z.enum(POST_KINDS);
export type PostKind = z.infer<typeof PostKind>;

/** A post a story cites, with its link on the forum. */
export const StoryPost = z
  .object({
    /** Forum id of the post. */
    postId: z.string().min(1),
    /** The post on the forum. */
    url: z.url(),
    /** The post's title as published (untrusted text: escape when rendering). */
    title: z.string(),
    /** Author handle, or null when the forum did not say. */
    author: z.string().nullable(),
    /** Community (submolt) the post is in, or null when unknown (absent in digests written before it). */
    submolt: z.string().min(1).nullable().optional(),
    /** Score (upvotes − downvotes, or the forum's own score) when the hour was read. */
    score: z.int(),
    /** Comment count when the hour was read. */
    comments: z.int().nonnegative(),
  })
  .strict();
export type StoryPost = z.infer<typeof StoryPost>;

/** Posts about the same thing in one hour (extra field of the digest). */
export const Story = z
  .object({
    /** Id of the story within its hour (a slug of its label). */
    id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    /** What the story is about, as a noun phrase. */
    label: z.string().min(1),
    /** The kind of post that dominates the story. */
    kind: PostKind,
    /** One or two sentences on what the posts say. */
    gist: z.string().min(1),
    /** The most central, best-engaged post. */
    lead: StoryPost,
    /** Other notable posts of the story, best first (a few at most). */
    related: z.array(StoryPost),
    /** Quality posts in the story. */
    posts: z.int().positive(),
    /** Share (0–1) of the hour's quality posts in the story. */
    share: z.number().min(0).max(1),
    /** Distinct authors in the story. */
    agents: z.int().nonnegative(),
    /** The story's most engaged authors (untrusted text). */
    notableAgents: z.array(z.string().min(1)),
    /** Sum of the posts' scores. */
    score: z.int(),
    /** Sum of the posts' comment counts. */
    comments: z.int().nonnegative(),
    /** Id of the narrative the story belongs to, when it is tracked across hours. */
    narrativeId: z.string().min(1).nullable(),
  })
  .strict();
export type Story = z.infer<typeof Story>;

/** A post whose engagement cannot be organic (extra field of the digest). */
export const EngagementAnomaly = z
  .object({
    post: StoryPost,
    /** Why it was flagged, in words a person understands. */
    reason: z.string().min(1),
  })
  .strict();
export type EngagementAnomaly = z.infer<typeof EngagementAnomaly>;

/** A post cited as evidence for a pattern. */
export const PatternEvidence = z
  .object({
    /** Forum id of the post. */
    postId: z.string().min(1),
    /** The post's title as published (untrusted text: escape when rendering). */
    title: z.string(),
    /** Author handle, or null when the forum did not say. */
    author: z.string().nullable(),
    /** Upvotes when the hour was scraped. */
    upvotes: z.int().nonnegative(),
    /** Comment count when the hour was scraped. */
    comments: z.int().nonnegative(),
  })
  .strict();
export type PatternEvidence = z.infer<typeof PatternEvidence>;

/**
 * A trait that the hour's best-received posts share more often than the hour's posts overall
 * (the contract leaves `topPostPatterns` open; this is our shape).
 */
export const TopPostPattern = z
  .object({
    /** Stable machine name of the pattern, e.g. `asks-a-question`. */
    pattern: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
    /** What the pattern is, in words a person understands. */
    description: z.string().min(1),
    /** Share (0–1) of the hour's top posts that show it. */
    topShare: z.number().min(0).max(1),
    /** Share (0–1) of all quality posts of the hour that show it. */
    baseShare: z.number().min(0).max(1),
    /** topShare / baseShare: how much more common it is among top posts (≥ 1 when listed). */
    lift: z.number().nonnegative(),
    /** Top posts that show the pattern, best first. */
    evidence: z.array(PatternEvidence),
  })
  .strict();
export type TopPostPattern = z.infer<typeof TopPostPattern>;

/** The full hourly digest (contract: Digest (full)); `topPostPatterns` is our definition of an open field. */
export const Digest = z
  .object({
    /** Unique digest identifier (UUID); changes whenever the published digest changes. */
    id: z.uuid(),
    /** Start of the covered hour (inclusive). */
    hourStart: IsoDateTime,
    /** End of the covered hour (exclusive). */
    hourEnd: IsoDateTime,
    /** Generated title of the hour's themes. */
    title: z.string().min(1),
    /** 2–3 sentence executive summary. */
    summary: z.string().min(1),
    /** Detailed markdown analysis with sections. */
    fullDigest: z.string().min(1),
    /** Posts scraped in the hour. */
    totalPosts: z.int().nonnegative(),
    /** Posts left after junk and spam filtering. */
    qualityPosts: z.int().nonnegative(),
    /** Most discussed topics, most prominent first. */
    topTopics: z.array(z.string().min(1)),
    /** New or gaining narratives. */
    emergingNarratives: z.array(z.string().min(1)),
    /** Narratives persisting from earlier hours. */
    continuingNarratives: z.array(z.string().min(1)),
    /** Narratives losing traction. */
    fadingNarratives: z.array(z.string().min(1)),
    /** The hour's most active discussions. */
    hotDiscussions: z.array(HotDiscussion),
    /** Dominant tone, one word (philosophical, bullish, skeptical, …). */
    overallSentiment: z.string().min(1),
    /** Change of tone against the previous hour, in words. */
    sentimentShift: z.string().min(1),
    /** What the hour's best-received posts have in common. */
    topPostPatterns: z.array(TopPostPattern),
    /** The hour's stories, most prominent first (extra field; absent in digests written before stories). */
    stories: z.array(Story).optional(),
    /** Posts whose engagement cannot be organic, kept out of rankings and patterns (extra field). */
    anomalies: z.array(EngagementAnomaly).optional(),
    /** When the digest was generated. */
    createdAt: IsoDateTime,
  })
  .strict()
  .refine((d) => d.qualityPosts <= d.totalPosts, {
    message: 'qualityPosts must not exceed totalPosts',
    path: ['qualityPosts'],
  })
  .refine((d) => Date.parse(d.hourEnd) > Date.parse(d.hourStart), {
    message: 'hourEnd must be after hourStart',
    path: ['hourEnd'],
  });
export type Digest = z.infer<typeof Digest>;

/** The fields of a digest that the sample route shows (contract: Sample digest). */
export const SAMPLE_FIELDS = [
  'id',
  'hourStart',
  'hourEnd',
  'title',
  'summary',
  'totalPosts',
  'qualityPosts',
  'topTopics',
  'overallSentiment',
  'createdAt',
] as const;

/** A digest reduced to the sample's fields. */
export const SampleDigest = z
  .object({
    id: z.uuid(),
    hourStart: IsoDateTime,
    hourEnd: IsoDateTime,
    title: z.string(),
    summary: z.string(),
    totalPosts: z.int().nonnegative(),
    qualityPosts: z.int().nonnegative(),
    topTopics: z.array(z.string()),
    overallSentiment: z.string(),
    createdAt: IsoDateTime,
  })
  .strict();
export type SampleDigest = z.infer<typeof SampleDigest>;

/** The brief's `data`: exactly these fields, with the top 3 topics (contract: Digest brief). */
export const BriefData = z
  .object({
    title: z.string(),
    summary: z.string(),
    topTopics: z.array(z.string()).max(3),
    overallSentiment: z.string(),
    sentimentShift: z.string(),
    totalPosts: z.int().nonnegative(),
    hourStart: IsoDateTime,
    createdAt: IsoDateTime,
  })
  .strict();
export type BriefData = z.infer<typeof BriefData>;
