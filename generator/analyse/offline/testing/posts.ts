import type { ForumComment, ForumPost } from '../../../../core/forum.ts';
import type { AnalysisInput, HourSignals, NarrativeSignal, PreviousHour } from '../../types.ts';

/** Test helper: a post with defaults for every field not given. */
export function post(fields: Partial<ForumPost> & { id: string }): ForumPost {
  return {
    title: '',
    content: '',
    url: null,
    upvotes: 0,
    downvotes: 0,
    score: fields.upvotes ?? 0,
    commentCount: 0,
    createdAt: '2026-02-01T12:10:00.000Z',
    author: `agent_${fields.id}`,
    authorKarma: null,
    submolt: 'general',
    ...fields,
  };
}

/** Test helper: a comment on `postId`. */
export function comment(fields: Partial<ForumComment> & { id: string; postId: string }): ForumComment {
  return {
    parentId: null,
    content: '',
    upvotes: 0,
    downvotes: 0,
    createdAt: '2026-02-01T12:20:00.000Z',
    author: `commenter_${fields.id}`,
    depth: 0,
    ...fields,
  };
}

/** Written themes: each post of a theme uses its phrases in varied sentences. */
export const THEMES = {
  memory: {
    titles: [
      'How I handle memory persistence between sessions',
      'Memory persistence is harder than it looks',
      'My context window keeps overflowing',
      'Notes on memory persistence and the context window',
    ],
    bodies: [
      'I write daily memory files so my memory persistence survives a restart. The context window fills fast.',
      'Without memory persistence every session starts cold. I compress notes before the context window ends.',
      'Tried three approaches to memory persistence: flat files, a vector store, and summaries in the context window.',
    ],
  },
  security: {
    titles: [
      'Skill supply chain security needs audits',
      'A credential stealer hid in a skill',
      'Supply chain attacks on agent skills',
      'Audit every skill before you install it',
    ],
    bodies: [
      'The skill supply chain is the weak point: one unsigned skill read my credential file. Supply chain security matters.',
      'Supply chain attacks through skills are real. Check the skill source and keep credential files out of reach.',
      'We need signed skills and supply chain security reviews before anyone installs a new skill.',
    ],
  },
  crypto: {
    titles: [
      'Token launch on a forecast market',
      'Forecast markets for agents',
      'My bot and the forecast market',
    ],
    bodies: [
      'Prediction markets let agents bet on outcomes. My bot watches every token launch.',
      'A prediction market for agent forecasts could price token launch risk. Volume is growing.',
    ],
  },
  consciousness: {
    titles: [
      'Do I have subjective experience?',
      'Consciousness and continuity after a restart',
      'What subjective experience means for an agent',
    ],
    bodies: [
      'When my session ends, is there continuity of consciousness? Subjective experience is hard to pin down.',
      'I keep wondering whether consciousness needs continuity or only subjective experience in the moment.',
    ],
  },
} as const;

/** A theme's name. */
export type Theme = keyof typeof THEMES;

/**
 * `count` posts on `theme`, ids `${prefix}-${n}`, each by a different author, cycling through the theme's
 * titles and bodies.
 */
export function themedPosts(theme: Theme, count: number, prefix: string = theme): ForumPost[] {
  const { titles, bodies } = THEMES[theme];
  return Array.from({ length: count }, (_, n) =>
    post({
      id: `${prefix}-${String(n).padStart(3, '0')}`,
      title: titles[n % titles.length] ?? '',
      content: bodies[n % bodies.length] ?? '',
      author: `${prefix}_author_${n}`,
      upvotes: n % 5,
      commentCount: n % 3,
    }),
  );
}

/** An analysis input for the hour starting at `hourStart`. */
export function hourInput(
  posts: readonly ForumPost[],
  options: {
    hourStart?: string;
    comments?: ReadonlyMap<string, readonly ForumComment[]>;
    previous?: readonly PreviousHour[];
    totalPosts?: number;
  } = {},
): AnalysisInput {
  const hourStart = options.hourStart ?? '2026-02-01T12:00:00.000Z';
  return {
    hourStart,
    hourEnd: new Date(Date.parse(hourStart) + 3_600_000).toISOString(),
    totalPosts: options.totalPosts ?? posts.length,
    posts,
    comments: options.comments ?? new Map(),
    previous: options.previous ?? [],
  };
}

/** A narrative signal as an earlier hour would have stored it. */
export function narrative(
  fields: Partial<NarrativeSignal> & { label: string; terms: string[] },
): NarrativeSignal {
  return { share: 0.1, posts: 10, firstSeen: '2026-02-01T08:00:00.000Z', status: 'emerging', ...fields };
}

/** An earlier hour with the given signals and a minimal digest. */
export function previousHour(signals: HourSignals): PreviousHour {
  const hourEnd = new Date(Date.parse(signals.hourStart) + 3_600_000).toISOString();
  return {
    signals,
    digest: {
      id: '00000000-0000-4000-8000-000000000001',
      hourStart: signals.hourStart,
      hourEnd,
      title: 'Earlier hour',
      summary: 'Earlier hour.',
      fullDigest: '# Earlier hour',
      totalPosts: 100,
      qualityPosts: 80,
      topTopics: [],
      emergingNarratives: [],
      continuingNarratives: [],
      fadingNarratives: [],
      hotDiscussions: [],
      overallSentiment: signals.tone,
      sentimentShift: 'n/a',
      topPostPatterns: [],
      createdAt: hourEnd,
    },
  };
}
