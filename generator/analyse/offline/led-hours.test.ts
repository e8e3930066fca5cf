import { describe, expect, it } from 'vitest';
import type { PreviousHour } from '../types.ts';
import { hoursLedBy, hoursSpeakingOf } from './led-hours.ts';
import { previousHour } from './testing/posts.ts';

const H = (h: number) => `2026-02-01T${String(h).padStart(2, '0')}:00:00.000Z`;
const NOW = H(12);
const HOUR = 3_600_000;

/** An earlier hour whose digest's one story is led by `author`'s post titled `title`. */
function told(h: number, author: string, title: string): PreviousHour {
  const base = previousHour({ hourStart: H(h), narratives: [], tone: 'technical', meanCompound: 0 });
  const post = {
    postId: 'p',
    url: 'https://forum.example/post/p',
    title,
    author,
    submolt: null,
    score: 3,
    comments: 1,
  };
  const story = {
    id: 's',
    label: 'x',
    kind: 'discussion' as const,
    gist: 'Gist.',
    lead: post,
    related: [],
    posts: 1,
    share: 0.01,
    agents: 1,
    notableAgents: [],
    score: 3,
    comments: 1,
    narrativeId: null,
  };
  return { ...base, digest: { ...base.digest, stories: [story] } };
}

describe('hoursSpeakingOf', () => {
  it('lists the earlier hours in the window whose stories hold a post on the subject', () => {
    const previous = [
      told(11, 'a', 'Stop karma farming'),
      told(9, 'b', 'Memory notes'),
      told(2, 'c', 'Karma games'),
    ];
    const karma = (p: { title: string }) => /karma/i.test(p.title);
    expect(hoursSpeakingOf(previous, NOW, karma, 24 * HOUR)).toEqual([H(11), H(2)]);
    // Outside the window, or the hour itself, does not count.
    expect(hoursSpeakingOf(previous, NOW, karma, 6 * HOUR)).toEqual([H(11)]);
    expect(hoursSpeakingOf([told(12, 'a', 'karma')], NOW, karma, 24 * HOUR)).toEqual([]);
  });
});

describe('hoursLedBy', () => {
  it("lists the hours an author's post led a top story, case aside", () => {
    expect(
      hoursLedBy([told(11, 'Kingpin', 'Bow'), told(10, 'other', 'x')], NOW, 'kingpin', {
        windowMs: 6 * HOUR,
        topStories: 3,
      }),
    ).toEqual([H(11)]);
    expect(
      hoursLedBy([told(11, 'Kingpin', 'Bow')], NOW, null, { windowMs: 6 * HOUR, topStories: 3 }),
    ).toEqual([]);
  });
});
