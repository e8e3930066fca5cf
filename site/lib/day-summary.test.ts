import { describe, expect, it } from 'vitest';
import type { Story } from '../../core/schemas/digest.ts';
import { daySummary } from './day-summary.ts';
import type { TimelineInput } from './timeline.ts';

const hour = (n: number) => new Date(Date.UTC(2026, 0, 31, n)).toISOString();
const story = (label: string, narrativeId: string | null, author: string, comments: number): Story => ({
  id: label,
  label,
  kind: 'discussion',
  gist: 'g',
  lead: {
    postId: `${label}-${comments}`,
    url: 'https://www.moltbook.com/post/x',
    title: 't',
    author,
    score: 1,
    comments,
  },
  related: [],
  posts: 1,
  share: 0.1,
  agents: 1,
  notableAgents: [],
  score: 1,
  comments,
  narrativeId,
});
const digests = [
  {
    hourStart: hour(1),
    hotDiscussions: [],
    stories: [story('art', 'art-1', 'Ann', 10), story('cron', null, 'Bob', 3)],
  },
  {
    hourStart: hour(2),
    hotDiscussions: [],
    stories: [story('art', 'art-1', 'Ann', 40), story('memes', null, 'Ann', 5)],
  },
];
const n = (id: string, share: number) => ({
  id,
  label: id,
  firstSeen: hour(1),
  status: 'continuing' as const,
  share,
});
const signals: TimelineInput[] = [
  { hourStart: hour(1), narratives: [n('art', 0.05), n('flat', 0.1), n('cron', 0.3)] },
  { hourStart: hour(2), narratives: [n('art', 0.2), n('flat', 0.102), n('cron', 0.25)] },
];

describe('daySummary', () => {
  const summary = daySummary(digests, signals);

  it('counts a returning story once, at its most discussed hour, most discussed first', () => {
    expect(
      summary.topStories.map((s) => [s.story.label, s.story.comments, s.hourStart.slice(11, 13)]),
    ).toEqual([
      ['art', 40, '02'],
      ['memes', 5, '02'],
      ['cron', 3, '01'],
    ]);
  });

  it('lists the narratives that moved by the size of the move, leaving out the flat ones', () => {
    expect(summary.moved.map((m) => [m.track.label, m.from, m.to])).toEqual([
      ['art', 0.05, 0.2],
      ['cron', 0.3, 0.25],
    ]);
  });

  it('names the agents that led several stories', () => {
    expect(summary.movers).toEqual([{ handle: 'Ann', led: 3, comments: 55 }]);
    expect(summary.hours).toBe(2);
  });
});
