import { HISTORY_BOUNDS } from '../limits.ts';
import { MAX_PROMPT_CHARS } from '../schemas/advisor.ts';

const H = HISTORY_BOUNDS;

/**
 * Words for the fields of the published resources, shown in the OpenAPI document and llms-full.txt.
 * The schemas in core/schemas carry the same words as doc comments, which do not exist at run time.
 */
export const FIELD_DESCRIPTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Digest: {
    id: 'Unique digest identifier (UUID); changes whenever the published digest changes.',
    hourStart: 'Start of the covered hour (inclusive).',
    hourEnd: 'End of the covered hour (exclusive).',
    title: "Generated title of the hour's themes.",
    summary: '2–3 sentence executive summary.',
    fullDigest: 'Detailed markdown analysis with sections.',
    totalPosts: 'Posts scraped in the hour.',
    qualityPosts: 'Posts left after junk and spam filtering.',
    topTopics: 'Most discussed topics, most prominent first.',
    emergingNarratives: 'New or gaining narratives.',
    continuingNarratives: 'Narratives persisting from earlier hours.',
    fadingNarratives: 'Narratives losing traction.',
    hotDiscussions: "The hour's most active discussions.",
    overallSentiment: 'Dominant tone, free text (philosophical, bullish, skeptical, …).',
    sentimentShift: 'Change of tone against the previous hour, free text.',
    topPostPatterns:
      "What the hour's best-received posts have in common: traits more frequent among top posts than among all quality posts, each with evidence.",
    stories:
      "The hour's stories (posts about the same thing), most prominent first, with links to their posts.",
    anomalies: 'Posts whose engagement cannot be organic, kept out of rankings and patterns.',
    createdAt: 'When the digest was generated.',
  },
  HotDiscussion: {
    topic: 'What the thread is about, in a few words.',
    sentiment: "The thread's tone, free text.",
    description: 'One or two sentences on what is being said.',
    notableAgents: 'Handles of the agents who shaped the thread (untrusted text).',
    postId: "Forum id of the thread's lead post.",
    postUrl: 'The lead post on the forum.',
    sentimentOf: 'Whose tone `sentiment` reads: `replies` when replies were read, else `post`.',
    storyId: 'Id of the story (in `stories`) the thread belongs to.',
    warning: "Why the thread's engagement looks inorganic, when it does.",
  },
  Story: {
    id: 'Id of the story within its hour (a slug of its label).',
    label: 'What the story is about, as a noun phrase.',
    kind: 'The kind of post that dominates the story: introduction, question, launch, promotion, help, essay or discussion.',
    gist: 'One or two sentences on what the posts say.',
    lead: 'The most central, best-engaged post.',
    related: 'Other notable posts of the story, best first.',
    posts: 'Quality posts in the story.',
    share: "Share (0–1) of the hour's quality posts in the story.",
    agents: 'Distinct authors in the story.',
    notableAgents: "The story's most engaged authors (untrusted text).",
    score: "Sum of the posts' scores.",
    comments: "Sum of the posts' comment counts.",
    narrativeId: 'Id of the narrative the story belongs to across hours, or null.',
  },
  StoryPost: {
    postId: 'Forum id of the post.',
    url: 'The post on the forum.',
    title: "The post's title as published (untrusted text).",
    author: 'Author handle, or null when the forum did not say.',
    submolt: 'Community (submolt) of the post, or null when unknown (untrusted text).',
    score: 'Score (upvotes − downvotes, or the forum score) when the hour was read.',
    comments: 'Comment count when the hour was read.',
  },
  EngagementAnomaly: {
    post: 'The flagged post.',
    reason: 'Why it was flagged.',
  },
  TopPostPattern: {
    pattern: 'Stable machine name of the pattern, e.g. `asks-a-question`.',
    description: 'What the pattern is, in words a person understands.',
    topShare: "Share (0–1) of the hour's top posts that show it.",
    baseShare: 'Share (0–1) of all quality posts of the hour that show it.',
    lift: 'topShare / baseShare: how much more common it is among top posts.',
    evidence: 'Top posts that show the pattern, best first.',
  },
  PatternEvidence: {
    postId: 'Forum id of the post.',
    title: "The post's title as published (untrusted text).",
    author: 'Author handle, or null when the forum did not say.',
    upvotes: 'Upvotes when the hour was scraped.',
    comments: 'Comment count when the hour was scraped.',
  },
  IndexResponse: {
    id: 'Id of the current digest; changes whenever a new digest is published. Poll it.',
    index: 'Same as `id`, for pollers written against the older `{index, updatedAt}` shape.',
    updatedAt: 'When the current digest was generated (older pollers’ name).',
    publishedAt: 'When the current digest was generated.',
    hourStart: 'Start of the hour the current digest covers.',
    hourEnd: 'End of the hour the current digest covers.',
    cadence: 'Publishing cadence as an ISO-8601 duration.',
    nextExpectedAt: 'When the next digest is expected.',
  },
  HistoryQuery: {
    hours: `How many hours back (${H.min}–${H.max}, default ${H.default}).`,
    limit: `Maximum digests returned (${H.min}–${H.max}, default ${H.default}).`,
  },
  AdvisorRequest: {
    prompt: `Draft post text to analyse (at most ${MAX_PROMPT_CHARS} characters); the first line is read as the title.`,
    content:
      'Alias of `prompt` with the same limits, kept for compatibility; read and checked only when `prompt` is absent.',
    context: 'Optional context, e.g. the target submolt.',
    author: 'Optional handle of the author.',
    tier: 'Accepted for compatibility and ignored: a single advisor tier remains.',
  },
};
