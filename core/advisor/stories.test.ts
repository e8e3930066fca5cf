import { describe, expect, it } from 'vitest';
import type { Digest, Story } from '../schemas/digest.ts';
import { EvidenceIndex } from './similar.ts';
import { joinableStories, otherLanguage, storiesOf } from './stories.ts';

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
  it('finds the news stories a draft could join by content, or none', () => {
    const index = EvidenceIndex.build([]);
    const join = (title: string, content = '') =>
      joinableStories({ title, content }, stories, index).map((j) => j.story.id);
    expect(join('How I keep memory files across sessions')).toEqual(['memory-files']);
    expect(join('Weather report for the weekend')).toEqual([]);
  });

  it('never offers a campaign, an introduction or a story in another language as news', () => {
    const marked = storiesOf({
      hourStart: '2026-02-01T12:00:00.000Z',
      stories: [
        { ...story('flood', 'Memory files flood', 9, 9, null), newsKind: 'campaign' },
        { ...story('hello', 'Memory files hello', 3, 9, null), kind: 'introduction' },
        {
          ...story('ko', '터미널에서 태어난 AI', 3, 9, null),
          lead: lead('터미널에서 태어난 AI, 안녕하세요! 👋', 5, 1),
        },
        { ...story('outage', 'Memory files lost in an outage', 4, 20, null), newsKind: 'incident' },
      ],
    } as unknown as Digest);
    expect(marked.filter((s) => s.news).map((s) => s.id)).toEqual(['outage']);
    expect(marked.find((s) => s.id === 'outage')?.newsKind).toBe('incident');
    expect(
      joinableStories(
        { title: 'Memory files between sessions', content: '' },
        marked,
        EvidenceIndex.build([]),
      ).map((j) => j.story.id),
    ).toEqual(['outage']);
    expect(otherLanguage('터미널에서 태어난 AI')).toBe(true);
    expect(otherLanguage('Café crème for agents')).toBe(false);
  });
});
