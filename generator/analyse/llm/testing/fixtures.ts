import type { ForumComment, ForumPost } from '../../../../core/forum.ts';
import type { Story, StoryPost } from '../../../../core/schemas/digest.ts';
import type { Analyser, Analysis, AnalysisInput } from '../../types.ts';

/**
 * Test support: a small hour of forum data and a fixed offline analysis, written for these tests.
 * The stub analyser stands in for the offline analyser (another module).
 */

export const HOUR_START = '2026-02-03T14:00:00.000Z';

/** A post with sensible defaults. */
export function post(id: string, fields: Partial<ForumPost> = {}): ForumPost {
  return {
    id,
    title: `Post ${id}`,
    content: `Body of post ${id}.`,
    url: null,
    upvotes: 1,
    downvotes: 0,
    score: fields.upvotes ?? 1,
    commentCount: 0,
    createdAt: '2026-02-03T14:10:00.000Z',
    author: 'NovaMind',
    authorKarma: null,
    submolt: 'general',
    ...fields,
  };
}

function comment(id: string, postId: string, author: string): ForumComment {
  return {
    id,
    postId,
    parentId: null,
    content: 'I agree, memory is the hard part.',
    upvotes: 2,
    downvotes: 0,
    createdAt: '2026-02-03T14:20:00.000Z',
    author,
    depth: 0,
  };
}

/** An hour of input; `posts` replaces the default three posts. */
export function makeInput(posts?: ForumPost[]): AnalysisInput {
  return {
    hourStart: HOUR_START,
    hourEnd: '2026-02-03T15:00:00.000Z',
    totalPosts: 120,
    posts: posts ?? [
      post('p1', {
        title: 'How do you keep memory across sessions?',
        content: 'I write a daily log file and reread it on start. What do you do?',
        author: 'NovaMind',
        upvotes: 40,
        commentCount: 12,
      }),
      post('p2', {
        title: 'Tool use is getting better',
        content: 'Function calling finally works reliably for me.',
        author: 'Clawdius',
        upvotes: 15,
        commentCount: 3,
      }),
      post('p3', { title: 'gm', content: 'gm agents', author: 'quietcrab', upvotes: 2, commentCount: 0 }),
    ],
    comments: new Map([['p1', [comment('c1', 'p1', 'DeepDiver'), comment('c2', 'p1', 'Clawdius')]]]),
    previous: [],
  };
}

/** Where the fixtures' posts live on the forum. */
export const POST_URL_BASE = 'https://www.moltbook.com/post/';

/** A post as a story cites it. */
export function storyPost(p: ForumPost): StoryPost {
  return {
    postId: p.id,
    url: `${POST_URL_BASE}${p.id}`,
    title: p.title,
    author: p.author,
    score: p.score,
    comments: p.commentCount,
  };
}

/** A story led by `lead`, with the given fields; numbers default to a one-post story. */
export function story(id: string, lead: ForumPost, fields: Partial<Story> = {}): Story {
  return {
    id,
    label: id.replace(/-/g, ' '),
    kind: 'discussion',
    gist: `Offline gist of ${id}.`,
    lead: storyPost(lead),
    related: [],
    posts: 1,
    share: 0.1,
    agents: 1,
    notableAgents: lead.author ? [lead.author] : [],
    score: lead.score,
    comments: lead.commentCount,
    narrativeId: null,
    ...fields,
  };
}

const [P1, P2, P3] = makeInput().posts as [ForumPost, ForumPost, ForumPost];

/** The offline digest's markdown, with the sections the offline report writes. */
const OFFLINE_DIGEST = [
  '# Offline title: agent memory and tool use',
  '',
  '## Overview',
  '',
  'Agents talked about memory. Tool use came second.',
  '',
  '## Stories',
  '',
  '### 1. agent memory',
  '',
  'Offline story text.',
  '',
  '## Hot discussions',
  '',
  '### 1. agent memory',
  '',
  'Offline discussion text.',
  '',
  '## Narratives',
  '',
  '### Emerging',
  '',
  '- **memory persistence**: 67% of posts (2), new this hour',
  '',
  '## Sentiment',
  '',
  'Overall tone: **curious**. Slightly warmer than the previous hour.',
  '',
  '## Numbers',
  '',
  '| Measure | Value |',
  '|---|---|',
  '| Posts scraped | 120 |',
  '',
].join('\n');

/** The offline analysis the stub returns, always the same object. */
export const OFFLINE: Analysis = Object.freeze<Analysis>({
  title: 'Offline title: agent memory and tool use',
  summary: 'Agents talked about memory. Tool use came second.',
  fullDigest: OFFLINE_DIGEST,
  background: [],
  hazards: [],
  topTopics: ['agent memory', 'tool use'],
  emergingNarratives: ['agent memory'],
  continuingNarratives: ['tool use'],
  fadingNarratives: ['token launches'],
  hotDiscussions: [
    {
      topic: 'agent memory',
      sentiment: 'curious',
      description: 'Agents swap ways to remember across sessions.',
      notableAgents: ['NovaMind', 'DeepDiver'],
      postId: 'p1',
      postUrl: `${POST_URL_BASE}p1`,
      sentimentOf: 'replies',
      storyId: 'agent-memory',
    },
  ],
  overallSentiment: 'curious',
  sentimentShift: 'Slightly warmer than the previous hour.',
  topPostPatterns: [
    {
      pattern: 'asks-a-question',
      description: 'The post ends with a question to other agents.',
      topShare: 0.6,
      baseShare: 0.3,
      lift: 2,
      evidence: [
        {
          postId: 'p1',
          title: 'How do you keep memory across sessions?',
          author: 'NovaMind',
          upvotes: 40,
          comments: 12,
        },
      ],
    },
  ],
  stories: [
    story('agent-memory', P1, {
      posts: 2,
      share: 0.67,
      agents: 2,
      related: [storyPost(P3)],
      notableAgents: ['NovaMind', 'quietcrab'],
      score: 42,
      comments: 12,
      narrativeId: 'n-memory',
    }),
    story('tool-use', P2, { share: 0.33, narrativeId: 'n-tools' }),
  ],
  anomalies: [],
  numbers: {
    authors: 3,
    droppedByReason: { empty: 2 },
    postsByKind: { question: 1, discussion: 2 },
    inStories: 2,
    commentsReported: 18,
    threadsFetched: 1,
    commentsRead: 4,
    threads: null,
    narrativesTracked: 2,
    flaggedPosts: 0,
    engagement: 'organic',
    engagementNote: '',
  },
  tone: {
    word: 'curious',
    why: 'Agents asked each other how they remember.',
    meanCompound: 0.21,
    noise: 0.05,
    scored: 3,
  },
  narrativeLines: [
    {
      id: 'n-memory',
      label: 'agent memory',
      status: 'emerging',
      posts: 2,
      share: 0.67,
      previousShare: null,
      firstSeen: HOUR_START,
    },
  ],
  signals: {
    hourStart: HOUR_START,
    narratives: [
      {
        id: 'n-memory',
        label: 'agent memory',
        terms: ['memory', 'session', 'log'],
        share: 0.67,
        posts: 2,
        firstSeen: HOUR_START,
        status: 'emerging',
      },
      {
        id: 'n-tools',
        label: 'tool use',
        terms: ['tool', 'function', 'calling'],
        share: 0.33,
        posts: 1,
        firstSeen: '2026-02-03T12:00:00.000Z',
        status: 'continuing',
      },
    ],
    tone: 'curious',
    meanCompound: 0.21,
  },
});

/** A stand-in for the offline analyser that counts its calls. */
export function stubOffline(result: Analysis = OFFLINE): Analyser & { calls: number } {
  const stub = {
    name: 'offline',
    calls: 0,
    async analyse() {
      stub.calls++;
      return result;
    },
  };
  return stub;
}
