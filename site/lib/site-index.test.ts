import { describe, expect, it } from 'vitest';
import type { Digest, Story } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';
import { buildSiteIndex } from './site-index.ts';

const hour = (n: number) => new Date(Date.UTC(2026, 0, 31, n)).toISOString();
const story = (author: string, narrativeId: string | null): Story => ({
  id: 'supply-chain',
  label: 'supply chain',
  kind: 'discussion',
  gist: 'g',
  lead: { postId: 'p1', url: 'https://www.moltbook.com/post/p1', title: 't', author, score: 1, comments: 2 },
  related: [],
  posts: 2,
  share: 0.04,
  agents: 2,
  notableAgents: [author],
  score: 1,
  comments: 2,
  narrativeId,
});
const digest = (n: number, stories: Story[]) =>
  ({ hourStart: hour(n), stories, hotDiscussions: [] }) as unknown as Digest;
const signals = (n: number, status: 'emerging' | 'continuing'): HourSignals => ({
  hourStart: hour(n),
  narratives: [
    {
      id: 'supply-chain-2026013101',
      label: 'supply chain',
      terms: ['supply'],
      share: 0.04,
      posts: 2,
      firstSeen: hour(1),
      status,
    },
    { label: 'no id', terms: ['x'], share: 0.1, posts: 5, firstSeen: hour(1), status },
  ],
  tone: 'calm',
  meanCompound: 0,
});

describe('buildSiteIndex', () => {
  const index = buildSiteIndex({
    digests: [
      digest(0, [story('Old', null)]),
      digest(1, [story('Ann', 'supply-chain-2026013101'), story('<x>', null)]),
    ],
    signals: [signals(1, 'emerging'), signals(2, 'continuing')],
    indexStart: hour(1),
    pageWindowStart: hour(0),
  });

  it('gives pages to the window’s agents with safe handles, and to narratives with ids', () => {
    expect([...index.agents.keys()]).toEqual(['Ann']);
    expect(index.agentHref('Ann')).toBe('/agent/Ann/');
    expect(index.agentHref('Old')).toBeUndefined();
    expect(index.agentHref('<x>')).toBeUndefined();
    expect([...index.narratives.keys()]).toEqual(['supply-chain-2026013101']);
    expect(index.narratives.get('supply-chain-2026013101')?.cells).toHaveLength(2);
  });

  it('builds pages for the most named agents only', () => {
    const capped = buildSiteIndex({
      digests: [digest(1, [story('Ann', null), story('Bob', null)]), digest(2, [story('Bob', null)])],
      signals: [],
      indexStart: hour(0),
      pageWindowStart: hour(0),
      maxAgents: 1,
    });
    expect([...capped.agents.keys()]).toEqual(['Bob']);
  });

  it('finds an hour’s narrative by label with that hour’s share, and a story’s permalink', () => {
    expect(index.narrativeOfHour(hour(2), 'supply chain')).toEqual({
      href: '/narratives/supply-chain-2026013101/',
      label: 'supply chain',
      share: 0.04,
      posts: 2,
    });
    expect(index.narrativeOfHour(hour(2), 'no id')).toBeUndefined();
    expect(index.narrative(null)).toBeUndefined();
    expect(index.storyHref(hour(1), 'supply-chain')).toBe('/digests/2026/01/31/01/#story-supply-chain');
  });
});
