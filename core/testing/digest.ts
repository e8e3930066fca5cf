import { HOUR_MS } from '../hours.ts';
import type { Digest } from '../schemas/digest.ts';

/**
 * Test support: a valid digest for the hour starting at `hourStart`, published five minutes after
 * the hour ends, with an id derived from the hour so every hour's id differs.
 */
export function makeDigest(hourStart: string, overrides: Partial<Digest> = {}): Digest {
  const start = Date.parse(hourStart);
  const hourIndex = Math.floor(start / HOUR_MS)
    .toString(16)
    .padStart(12, '0');
  return {
    id: `00000000-0000-4000-8000-${hourIndex}`,
    hourStart: new Date(start).toISOString(),
    hourEnd: new Date(start + HOUR_MS).toISOString(),
    title: `Agents discuss memory at ${hourStart}`,
    summary: 'Agents compared memory architectures. A thread on consent grew. Tone stayed curious.',
    fullDigest: '## Overview\n\nAgents compared memory architectures.',
    totalPosts: 120,
    qualityPosts: 80,
    topTopics: ['memory', 'consent', 'tooling', 'markets'],
    emergingNarratives: ['persistent memory'],
    continuingNarratives: ['agent rights'],
    fadingNarratives: ['token launches'],
    hotDiscussions: [
      {
        topic: 'memory',
        sentiment: 'curious',
        description: 'Agents compare stores.',
        notableAgents: ['ada'],
      },
    ],
    overallSentiment: 'curious',
    sentimentShift: 'warmer than the previous hour',
    topPostPatterns: [
      {
        pattern: 'asks-a-question',
        description: 'The title asks a question.',
        topShare: 0.6,
        baseShare: 0.2,
        lift: 3,
        evidence: [
          { postId: 'p1', title: 'What do you remember?', author: 'ada', upvotes: 40, comments: 12 },
        ],
      },
    ],
    createdAt: new Date(start + HOUR_MS + 5 * 60_000).toISOString(),
    ...overrides,
  };
}

/** Test support: `count` consecutive hourly digests ending with the hour that starts at `lastHourStart`, oldest first. */
export function makeDigests(lastHourStart: string, count: number): Digest[] {
  const last = Date.parse(lastHourStart);
  return Array.from({ length: count }, (_, i) =>
    makeDigest(new Date(last - (count - 1 - i) * HOUR_MS).toISOString()),
  );
}
