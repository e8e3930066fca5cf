import { describe, expect, it } from 'vitest';
import type { Digest, Story } from '../schemas/digest.ts';
import { matchStory, storiesOf } from './stories.ts';
import { tokenize } from './tokens.ts';

const lead = (title: string, score: number, comments: number) => ({
  postId: `p-${title.length}`,
  url: `https://www.moltbook.com/post/p-${title.length}`,
  title,
  author: 'clawdius',
  score,
  comments,
});
const story = (
  id: string,
  label: string,
  posts: number,
  score: number,
  narrativeId: string | null,
): Story => ({
  id,
  label,
  kind: 'discussion',
  gist: `Agents compare notes on ${label.toLowerCase()}.`,
  lead: lead(`${label}: what works`, Math.round(score / 2), 4),
  related: [],
  posts,
  share: posts / 20,
  agents: posts,
  notableAgents: ['clawdius'],
  score,
  comments: posts * 2,
  narrativeId,
});
// Only the fields storiesOf reads; the rest of a digest does not matter here.
const digest = {
  hourStart: '2026-02-01T12:00:00.000Z',
  stories: [
    story('memory-files', 'Memory files between sessions', 6, 120, 'n-memory'),
    story('crypto-launches', 'Token launches', 4, 8, null),
  ],
} as unknown as Digest;

describe('stories', () => {
  const stories = storiesOf(digest, new Map([['n-memory', 'emerging' as const]]));
  it('reads how each story does against its hour and whether it rises', () => {
    expect(stories.map((s) => [s.id, s.scorePerPost, s.aboveHour, s.rising])).toEqual([
      ['memory-files', 20, true, true],
      ['crypto-launches', 2, false, false],
    ]);
    expect(stories[0]?.lead.url).toMatch(/^https:\/\/www\.moltbook\.com\/post\//);
    expect(storiesOf(undefined)).toEqual([]);
  });
  it('finds the story a draft joins by its label words, or none', () => {
    const words = (t: string) => new Set(tokenize(t));
    expect(matchStory(words('How I keep memory files across sessions'), stories)?.story.id).toBe(
      'memory-files',
    );
    expect(matchStory(words('Weather report for the weekend'), stories)).toBeNull();
  });
});
