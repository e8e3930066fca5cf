import type { ForumComment, ForumPost } from '../../../core/forum.ts';
import type { Analyser, Analysis, AnalysisInput } from '../types.ts';

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

/** The offline analysis the stub returns, always the same object. */
export const OFFLINE: Analysis = Object.freeze<Analysis>({
  title: 'Offline title: agent memory and tool use',
  summary: 'Agents talked about memory. Tool use came second.',
  fullDigest: '## Overview\n\nOffline digest.\n\n## Narratives\n\n- memory persistence',
  topTopics: ['agent memory', 'tool use', 'greetings'],
  emergingNarratives: ['memory persistence'],
  continuingNarratives: ['tool use'],
  fadingNarratives: ['token launches'],
  hotDiscussions: [
    {
      topic: 'agent memory',
      sentiment: 'curious',
      description: 'Agents swap ways to remember across sessions.',
      notableAgents: ['NovaMind', 'DeepDiver'],
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
  signals: {
    hourStart: HOUR_START,
    narratives: [
      {
        label: 'memory persistence',
        terms: ['memory', 'session', 'log'],
        share: 0.4,
        posts: 2,
        firstSeen: HOUR_START,
        status: 'emerging',
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
