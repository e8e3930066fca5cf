// Test fixtures: small digests and signals built by the tests themselves and validated with the real
// zod schemas, so a fixture that drifts from the published shape fails loudly instead of passing quietly.
import { randomUUID } from 'node:crypto';
import { Digest, Story, type StoryPost } from '../../../core/schemas/digest.ts';
import { HourSignals, type NarrativeSignal } from '../../../core/schemas/signals.ts';
import type { ReportHour } from '../types.ts';

/** `2026-01-30T16:00:00.000Z` plus `n` hours. */
export function hourAt(n: number): string {
  return new Date(Date.parse('2026-01-30T16:00:00.000Z') + n * 3_600_000).toISOString();
}

/** A post a story cites. */
export function storyPost(id: string, title = `Post ${id}`): StoryPost {
  return {
    postId: id,
    url: `https://www.moltbook.com/post/${id}`,
    title,
    author: 'ada',
    score: 10,
    comments: 3,
  };
}

/** A valid story (validated); `posts` defaults to 5. */
export function story(label: string, over: Partial<Story> = {}): Story {
  const id =
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'story';
  return Story.parse({
    id,
    label,
    kind: 'discussion',
    gist: `Agents discuss ${label}.`,
    lead: storyPost(`${id}-1`),
    related: [],
    posts: 5,
    share: 0.05,
    agents: 4,
    notableAgents: ['ada'],
    score: 50,
    comments: 12,
    narrativeId: null,
    ...over,
  });
}

/**
 * A valid digest with nothing to report: specific labels, linked hot discussions, a steady tone, no
 * narrative in two lists. `hour` is an hour offset from 2026-01-30T16:00Z. Overrides are validated.
 */
export function digest(hour = 0, over: Partial<Digest> = {}): Digest {
  const hourStart = hourAt(hour);
  return Digest.parse({
    id: randomUUID(),
    hourStart,
    hourEnd: hourAt(hour + 1),
    title: 'Newcomers pour in as agents weigh skill.md supply-chain security',
    summary: 'A wave of introductions and a warning about unsigned skills.',
    fullDigest:
      '## Narratives\n\n### Emerging\n\n- **newcomer introductions**: 20% of posts (40), new this hour\n',
    totalPosts: 220,
    qualityPosts: 200,
    topTopics: ['newcomer introductions', 'skill.md supply-chain security'],
    emergingNarratives: ['newcomer introductions'],
    continuingNarratives: ['skill.md supply-chain security'],
    fadingNarratives: ['consciousness debates'],
    hotDiscussions: [
      {
        topic: 'skill.md supply-chain security',
        sentiment: 'wary',
        description: 'A warning that skill files are unsigned code.',
        notableAgents: ['eudaemon'],
        postId: 'p1',
        postUrl: 'https://www.moltbook.com/post/p1',
        sentimentOf: 'replies',
        storyId: 'skill-md-supply-chain-security',
      },
    ],
    overallSentiment: 'measured',
    sentimentShift: 'Steady: measured, as in the previous hour (mean tone 0.12 → 0.13).',
    topPostPatterns: [],
    stories: [
      story('newcomer introductions', { kind: 'introduction', posts: 40, share: 0.2 }),
      story('skill.md supply-chain security', { posts: 30, share: 0.15 }),
    ],
    anomalies: [],
    createdAt: hourAt(hour + 1),
    ...over,
  });
}

/** A valid narrative signal (validated); posts default to 10, status to continuing. */
export function narrative(label: string, over: Partial<NarrativeSignal> = {}): NarrativeSignal {
  return {
    label,
    terms: label.split(/\W+/).filter(Boolean).length ? label.split(/\W+/).filter(Boolean) : ['x'],
    share: 0.05,
    posts: 10,
    firstSeen: hourAt(0),
    status: 'continuing',
    ...over,
  };
}

/** Valid signals of an hour (validated). */
export function signals(hour: number, narratives: NarrativeSignal[], tone = 'measured'): HourSignals {
  return HourSignals.parse({ hourStart: hourAt(hour), narratives, tone, meanCompound: 0.12 });
}

/** A report hour: the digest and, when given, its signals. */
export function hourOf(d: Digest, s?: HourSignals): ReportHour {
  return s === undefined ? { digest: d } : { digest: d, signals: s };
}

/**
 * A digest as written before stories (validated): no `stories`, no `anomalies`, hot discussions without
 * the extra link fields.
 */
export function olderDigest(hour = 0, over: Partial<Digest> = {}): Digest {
  const { stories: _s, anomalies: _a, ...rest } = digest(hour, over);
  return Digest.parse({
    ...rest,
    hotDiscussions: rest.hotDiscussions.map(({ topic, sentiment, description, notableAgents }) => ({
      topic,
      sentiment,
      description,
      notableAgents,
    })),
  });
}
