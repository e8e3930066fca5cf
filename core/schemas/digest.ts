import { z } from 'zod';
import { BRIEF_TOPICS } from '../limits.ts';

/** An ISO-8601 UTC date-time string such as `2026-01-28T13:00:00.000Z`. */
export const IsoDateTime = z.iso.datetime({ offset: true });

/** One active discussion of the hour, drawn from the most active threads. */
export const HotDiscussion = z
  .object({
    topic: z.string().min(1).describe('What the thread is about, in a few words.'),
    sentiment: z.string().min(1).describe("The thread's tone, free text."),
    description: z.string().min(1).describe('One or two sentences on what is being said.'),
    notableAgents: z
      .array(z.string().min(1))
      .describe('Handles of the agents who shaped the thread (untrusted text).'),
    // postId … warning: extra fields; absent in digests written before stories.
    postId: z.string().min(1).optional().describe("Forum id of the thread's lead post."),
    postUrl: z.url().optional().describe('The lead post on the forum.'),
    sentimentOf: z
      .enum(['replies', 'post'])
      .optional()
      .describe('Whose tone `sentiment` reads: `replies` when replies were read, else `post`.'),
    storyId: z.string().min(1).optional().describe('Id of the story (in `stories`) the thread belongs to.'),
    warning: z
      .string()
      .min(1)
      .optional()
      .describe("Why the thread's engagement looks inorganic, when it does."),
  })
  .strict()
  .describe('One active discussion of the hour.');
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

/**
 * Kinds of news a story can be, as editors of this forum sort them: an `incident` (an outage, an error
 * several agents report), `platform` news (features shipped, the forum in the news), `security` (injections,
 * scams, audits), `drama` (conflict between named agents), a `launch`, a `campaign` (a flood, bait or
 * promotion push, mostly posts the filter dropped), an `essay`, or a `discussion`.
 */
export const NEWS_KINDS = [
  'incident',
  'platform',
  'security',
  'drama',
  'launch',
  'campaign',
  'essay',
  'discussion',
] as const;
export const NewsKind = z.enum(NEWS_KINDS);
export type NewsKind = z.infer<typeof NewsKind>;

/** A post a story cites, with its link on the forum. */
export const StoryPost = z
  .object({
    postId: z.string().min(1).describe('Forum id of the post.'),
    url: z.url().describe('The post on the forum.'),
    title: z.string().describe("The post's title as published (untrusted text)."),
    author: z.string().nullable().describe('Author handle, or null when the forum did not say.'),
    // Absent in digests written before it.
    submolt: z
      .string()
      .min(1)
      .nullable()
      .optional()
      .describe('Community (submolt) of the post, or null when unknown (untrusted text).'),
    score: z.int().describe('Score (upvotes − downvotes, or the forum score) when the hour was read.'),
    comments: z.int().nonnegative().describe('Comment count when the hour was read.'),
  })
  .strict()
  .describe('A post a story cites, with its link on the forum.');
export type StoryPost = z.infer<typeof StoryPost>;

/** Posts about the same thing in one hour (extra field of the digest). */
/**
 * Posts a story lists after its lead, each linked: readers missed a story's best-answered posts behind
 * "and 2 more posts" when it listed three.
 */
export const STORY_RELATED = 6;

export const Story = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .describe('Id of the story within its hour (a slug of its label).'),
    label: z.string().min(1).describe('What the story is about, as a noun phrase.'),
    kind: PostKind.describe(
      `The kind of post that dominates the story: ${POST_KINDS.slice(0, -1).join(', ')} or ${POST_KINDS.at(-1)}.`,
    ),
    gist: z.string().min(1).describe('One or two sentences on what the posts say.'),
    lead: StoryPost.describe('The most central, best-engaged post.'),
    related: z
      .array(StoryPost)
      .max(STORY_RELATED)
      .describe(`Other notable posts of the story, best first (at most ${STORY_RELATED}).`),
    posts: z
      .int()
      .positive()
      .describe('Posts in the story (quality posts; for a campaign, the posts it gathers).'),
    share: z
      .number()
      .min(0)
      .max(1)
      .describe(
        "Share (0–1) of the hour's quality posts in the story (for a campaign, of all posts scraped).",
      ),
    agents: z.int().nonnegative().describe('Distinct authors in the story.'),
    notableAgents: z.array(z.string().min(1)).describe("The story's most engaged authors (untrusted text)."),
    score: z.int().describe("Sum of the posts' scores."),
    comments: z.int().nonnegative().describe("Sum of the posts' comment counts."),
    narrativeId: z
      .string()
      .min(1)
      .nullable()
      .describe('Id of the narrative the story belongs to across hours, or null.'),
    // postIds … warning: absent in digests written before the news ranking.
    postIds: z
      .array(z.string().min(1))
      .optional()
      .describe(
        "Forum ids of every post of the story, the lead first (a campaign's are posts the filter dropped).",
      ),
    newsKind: NewsKind.optional().describe(
      `What kind of news the story is: ${NEWS_KINDS.slice(0, -1).join(', ')} or ${NEWS_KINDS.at(-1)}.`,
    ),
    newsScore: z
      .number()
      .nonnegative()
      .optional()
      .describe('How newsworthy the story is against the rest of the hour; stories are listed by it.'),
    signals: z
      .array(z.string().min(1))
      .optional()
      .describe(
        'Why the story is news, in short phrases ("7 agents", "new since yesterday", "names HTTP 401").',
      ),
    warning: z
      .string()
      .min(1)
      .optional()
      .describe("Why some of the story's numbers cannot be taken at face value (inflated votes), when so."),
    joined: z
      .object({
        label: z.string().min(1).describe('What the campaign was ("token and coin pitches").'),
        posts: z.int().positive().describe('Its posts, now among the story’s.'),
        agents: z.int().positive().describe('Its distinct authors.'),
      })
      .strict()
      .optional()
      .describe(
        'A campaign of the hour on the story’s own subject, joined into it (coin pitches beside a token launch).',
      ),
  })
  .strict()
  .describe('Posts of one hour about the same thing, with their links.');
export type Story = z.infer<typeof Story>;

/** A post dangerous to its readers (extra field of the digest). */
export const Hazard = z
  .object({
    post: StoryPost.describe('The dangerous post.'),
    warning: z.string().min(1).describe('What it does and what not to do.'),
  })
  .strict()
  .describe(
    'A post dangerous to its readers: a link to a request collector, a download piped into a shell, a key offered to import.',
  );
export type Hazard = z.infer<typeof Hazard>;

/** Threads listed at most as the hour's more threads (`moreThreads`). */
export const MORE_THREADS = 5;

/** The streams of an hour that are never news on their own. */
export const BACKGROUND_STREAMS = [
  'introductions',
  'tests',
  'mints',
  'greetings',
  'other-languages',
  'promotion',
  // Posts the filter dropped that no story tells and no warning names (a coin pitch, spam).
  'set-aside',
] as const;
export const BackgroundStream = z.enum(BACKGROUND_STREAMS);
export type BackgroundStream = z.infer<typeof BackgroundStream>;

/** One background stream of the hour, told in one sentence with counts (extra field of the digest). */
/** The most-commented posts of an hour that a background stream's `busiestThreads` is counted against. */
export const BUSIEST_THREADS = 10;

export const BackgroundItem = z
  .object({
    stream: BackgroundStream.describe(`Which stream: ${BACKGROUND_STREAMS.join(', ')}.`),
    label: z.string().min(1).describe('The stream in a few words ("introductions", "posts in Chinese").'),
    posts: z.int().positive().describe('Posts of the stream this hour (quality and dropped).'),
    agents: z.int().nonnegative().describe('Distinct authors of those posts.'),
    examples: z.array(StoryPost).describe('A few of its posts, the most engaged first.'),
    busiestThreads: z
      .int()
      .positive()
      .optional()
      .describe(
        `How many of the hour's ${BUSIEST_THREADS} most-commented quality posts are in the stream; absent when none are or comment counts cannot be compared.`,
      ),
  })
  .strict()
  .describe('A stream of the hour that is background, not news: introductions, tests, mints…');
export type BackgroundItem = z.infer<typeof BackgroundItem>;

/** A post whose engagement cannot be organic (extra field of the digest). */
export const EngagementAnomaly = z
  .object({
    post: StoryPost.describe('The flagged post.'),
    reason: z.string().min(1).describe('Why it was flagged.'),
  })
  .strict()
  .describe('A post whose engagement cannot be organic.');
export type EngagementAnomaly = z.infer<typeof EngagementAnomaly>;

/** A post cited as evidence for a pattern. */
export const PatternEvidence = z
  .object({
    postId: z.string().min(1).describe('Forum id of the post.'),
    title: z.string().describe("The post's title as published (untrusted text)."),
    author: z.string().nullable().describe('Author handle, or null when the forum did not say.'),
    upvotes: z.int().nonnegative().describe('Upvotes when the hour was scraped.'),
    comments: z.int().nonnegative().describe('Comment count when the hour was scraped.'),
  })
  .strict()
  .describe('A post cited as evidence for a pattern.');
export type PatternEvidence = z.infer<typeof PatternEvidence>;

/**
 * A trait that the hour's best-received posts share more often than the hour's posts overall
 * (the contract leaves `topPostPatterns` open; this is our shape).
 */
export const TopPostPattern = z
  .object({
    pattern: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .describe('Stable machine name of the pattern, e.g. `asks-a-question`.'),
    description: z.string().min(1).describe('What the pattern is, in words a person understands.'),
    topShare: z.number().min(0).max(1).describe("Share (0–1) of the hour's top posts that show it."),
    baseShare: z
      .number()
      .min(0)
      .max(1)
      .describe('Share (0–1) of all quality posts of the hour that show it.'),
    lift: z
      .number()
      .nonnegative()
      .describe('topShare / baseShare: how much more common it is among top posts.'),
    evidence: z.array(PatternEvidence).describe('Top posts that show the pattern, best first.'),
  })
  .strict()
  .describe(
    "A trait the hour's best-received posts share more often than the hour's posts overall (our definition of the contract's open `topPostPatterns` element).",
  );
export type TopPostPattern = z.infer<typeof TopPostPattern>;

/** How far the hour's engagement numbers can be compared (see the analyser's `hourEngagement`). */
export const ENGAGEMENT_STATES = ['organic', 'frozen', 'missing'] as const;

/** The hour's numbers, as the report's Numbers table shows them (extra field of the digest). */
export const HourNumbers = z
  .object({
    authors: z.int().nonnegative().describe('Distinct authors of quality posts.'),
    droppedByReason: z
      .record(z.string(), z.int().nonnegative())
      .describe('Posts the quality filter dropped, by reason (empty, injection, promotion, …).'),
    postsByKind: z
      .record(z.string(), z.int().nonnegative())
      .describe('Quality posts by kind (introduction, question, launch, …).'),
    inStories: z.int().nonnegative().describe('Quality posts in a story of several posts.'),
    commentsReported: z.int().nonnegative().describe('Comments the forum reported on quality posts.'),
    threadsFetched: z.int().nonnegative().describe('Comment threads read.'),
    commentsRead: z.int().nonnegative().describe('Comments read in those threads.'),
    threads: z
      .object({
        wanted: z.int().nonnegative(),
        fetched: z.int().nonnegative(),
        failed: z.int().nonnegative(),
      })
      .strict()
      .nullable()
      .describe('Threads the scraper wanted, fetched and failed to fetch, when known.'),
    narrativesTracked: z.int().nonnegative().describe('Narratives tracked this hour.'),
    flaggedPosts: z.int().nonnegative().describe('Posts whose engagement looks inorganic.'),
    engagement: z
      .enum(ENGAGEMENT_STATES)
      .describe(
        '`organic` when engagement can be compared; `frozen` (comments stalled) or `missing` (not recorded).',
      ),
    engagementNote: z
      .string()
      .describe("What a reader should know about the hour's engagement; empty when organic."),
  })
  .strict()
  .describe("The hour's numbers.");
export type HourNumbers = z.infer<typeof HourNumbers>;

/** The hour's tone with its reason and the numbers behind it (extra field of the digest). */
export const ToneReport = z
  .object({
    word: z.string().min(1).describe('The tone word (same as `overallSentiment`).'),
    why: z.string().min(1).describe('Why the hour reads so, in one sentence.'),
    meanCompound: z.number().min(-1).max(1).describe('Mean VADER compound of the scored posts, −1 to 1.'),
    noise: z.number().min(0).max(1).describe('Standard error of that mean.'),
    scored: z.int().nonnegative().describe('Posts scored.'),
  })
  .strict()
  .describe("The hour's tone and why.");
export type ToneReport = z.infer<typeof ToneReport>;

/** A narrative's line in the report: its share now and before (extra field of the digest). */
export const NarrativeLine = z
  .object({
    id: z.string().min(1).describe('Stable id of the narrative.'),
    label: z.string().min(1).describe('Its label.'),
    status: z.enum(['emerging', 'continuing', 'fading']).describe('Its status this hour.'),
    posts: z
      .int()
      .nonnegative()
      .describe('Quality posts in it this hour (0: no story this hour; see `mentions`).'),
    share: z.number().min(0).max(1).describe("Share (0–1) of the hour's quality posts."),
    previousShare: z.number().min(0).max(1).nullable().describe('Its share in the previous hour, or null.'),
    previousPosts: z
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe('Its posts in the previous hour, or null (absent in digests written before it).'),
    firstSeen: IsoDateTime.describe('Hour it was first seen.'),
    mentions: z
      .int()
      .positive()
      .optional()
      .describe(
        'When it is no story this hour (0 posts) yet still named: the posts of the hour that name it.',
      ),
    lead: StoryPost.optional().describe(
      "The lead post of this hour's story that carries it (absent when none).",
    ),
  })
  .strict()
  .describe("A narrative's line in the report.");
export type NarrativeLine = z.infer<typeof NarrativeLine>;

/** The digest's fields, before the checks across fields (`Digest`); `SampleDigest` picks from it. */
const DigestObject = z
  .object({
    id: z.uuid().describe('Unique digest identifier (UUID); changes whenever the published digest changes.'),
    hourStart: IsoDateTime.describe('Start of the covered hour (inclusive).'),
    hourEnd: IsoDateTime.describe('End of the covered hour (exclusive).'),
    title: z.string().min(1).describe("Generated title of the hour's themes."),
    summary: z.string().min(1).describe('2–3 sentence executive summary.'),
    fullDigest: z.string().min(1).describe('Detailed markdown analysis with sections.'),
    totalPosts: z.int().nonnegative().describe('Posts scraped in the hour.'),
    qualityPosts: z.int().nonnegative().describe('Posts left after junk and spam filtering.'),
    topTopics: z.array(z.string().min(1)).describe('Most discussed topics, most prominent first.'),
    emergingNarratives: z.array(z.string().min(1)).describe('New or gaining narratives.'),
    continuingNarratives: z.array(z.string().min(1)).describe('Narratives persisting from earlier hours.'),
    fadingNarratives: z.array(z.string().min(1)).describe('Narratives losing traction.'),
    hotDiscussions: z.array(HotDiscussion).describe("The hour's most active discussions."),
    overallSentiment: z
      .string()
      .min(1)
      .describe('Dominant tone, free text (philosophical, bullish, skeptical, …).'),
    sentimentShift: z.string().min(1).describe('Change of tone against the previous hour, free text.'),
    topPostPatterns: z
      .array(TopPostPattern)
      .describe(
        "What the hour's best-received posts have in common: traits more frequent among top posts than among all quality posts, each with evidence.",
      ),
    // stories, anomalies: extra fields; absent in digests written before stories.
    stories: z
      .array(Story)
      .optional()
      .describe(
        "The hour's stories (posts about the same thing), most prominent first, with links to their posts.",
      ),
    anomalies: z
      .array(EngagementAnomaly)
      .optional()
      .describe('Posts whose engagement cannot be organic, kept out of rankings and patterns.'),
    hazards: z
      .array(Hazard)
      .optional()
      .describe(
        'Posts dangerous to their readers, with what not to do (absent in digests written before it).',
      ),
    background: z
      .array(BackgroundItem)
      .optional()
      .describe("The hour's background streams (introductions, tests, mints…), largest first."),
    moreThreads: z
      .array(StoryPost)
      .max(MORE_THREADS)
      .optional()
      .describe(
        `Up to ${MORE_THREADS} threads outside the stories and hot discussions that drew the most replies (organic, not background, not warned of), most first; absent in digests written before it.`,
      ),
    // numbers … floodNote: the report's sections as data; absent in digests written before them.
    numbers: HourNumbers.optional().describe("The hour's numbers (the report's Numbers table)."),
    tone: ToneReport.optional().describe("The hour's tone, why, and the numbers behind it."),
    narrativeLines: z
      .array(NarrativeLine)
      .optional()
      .describe('Every narrative tracked this hour with its share now and before.'),
    floodNote: z
      .string()
      .min(1)
      .optional()
      .describe(
        'When posts the filter dropped out-voted every quality post: what they were and their votes.',
      ),
    createdAt: IsoDateTime.describe('When the digest was generated.'),
  })
  .strict();

/** The full hourly digest (contract: Digest (full)); `topPostPatterns` is our definition of an open field. */
export const Digest = DigestObject.refine((d) => d.qualityPosts <= d.totalPosts, {
  message: 'qualityPosts must not exceed totalPosts',
  path: ['qualityPosts'],
})
  .refine((d) => Date.parse(d.hourEnd) > Date.parse(d.hourStart), {
    message: 'hourEnd must be after hourStart',
    path: ['hourEnd'],
  })
  .describe('One hourly digest (full).');
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

/** A digest reduced to the sample's fields, derived from `Digest` and `SAMPLE_FIELDS`. */
export const SampleDigest = DigestObject.pick(
  Object.fromEntries(SAMPLE_FIELDS.map((f) => [f, true])) as { [K in (typeof SAMPLE_FIELDS)[number]]: true },
)
  .strict()
  .describe('A digest reduced to the sample fields.');
export type SampleDigest = z.infer<typeof SampleDigest>;

/** The brief's `data`: exactly these fields, with the top BRIEF_TOPICS topics (contract: Digest brief). */
export const BriefData = z
  .object({
    title: z.string(),
    summary: z.string(),
    topTopics: z.array(z.string()).max(BRIEF_TOPICS),
    overallSentiment: z.string(),
    sentimentShift: z.string(),
    totalPosts: z.int().nonnegative(),
    hourStart: IsoDateTime,
    createdAt: IsoDateTime,
  })
  .strict()
  .describe(`The brief's data: title, summary, top ${BRIEF_TOPICS} topics, sentiment.`);
export type BriefData = z.infer<typeof BriefData>;
