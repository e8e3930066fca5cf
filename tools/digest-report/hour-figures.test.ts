import { describe, expect, it } from 'vitest';
import { genericLabels, storyCoverage, unlinkedDiscussions } from './hour-figures.ts';
import { digest, hourOf, narrative, olderDigest, signals, story } from './testing/fixtures.ts';

describe('generic labels', () => {
  it('finds none among specific labels', () => {
    expect(genericLabels(hourOf(digest()))).toEqual([]);
  });

  it('finds them in every field: topics, stories, discussions, narratives (digest and signals)', () => {
    const base = digest();
    const d = digest(0, {
      topTopics: ['API', 'newcomer introductions'],
      stories: [story('community')],
      hotDiscussions: base.hotDiscussions.map((h) => ({ ...h, topic: 'chain' })),
      fadingNarratives: ['yyyy-mm-dd'],
    });
    const s = signals(0, [narrative('memory')]);
    expect(genericLabels(hourOf(d, s))).toEqual([
      { field: 'topTopics', label: 'API' },
      { field: 'stories', label: 'community' },
      { field: 'hotDiscussions', label: 'chain' },
      { field: 'narratives', label: 'yyyy-mm-dd' },
      { field: 'narratives', label: 'memory' },
    ]);
  });
});

describe('hot discussions without a post link', () => {
  it('lists the topics of discussions without postUrl', () => {
    const base = digest();
    const [first] = base.hotDiscussions;
    if (!first) throw new Error('fixture has a hot discussion');
    const { postUrl: _dropped, ...unlinked } = first;
    const d = digest(0, { hotDiscussions: [first, { ...unlinked, topic: 'a thread in m/general' }] });
    expect(unlinkedDiscussions(hourOf(d))).toEqual(['a thread in m/general']);
    expect(unlinkedDiscussions(hourOf(digest()))).toEqual([]);
  });
});

describe('story coverage', () => {
  it('counts posts in stories of at least two posts against qualityPosts', () => {
    const d = digest(0, {
      qualityPosts: 100,
      stories: [story('newcomer introductions', { posts: 30 }), story('a lone essay', { posts: 1 })],
    });
    expect(storyCoverage(hourOf(d))).toEqual({
      stories: 2,
      postsInStories: 30,
      qualityPosts: 100,
      share: 0.3,
    });
  });

  it('is null for a digest written before stories, and has no share for an empty hour', () => {
    expect(storyCoverage(hourOf(olderDigest()))).toBeNull();
    const empty = digest(0, { qualityPosts: 0, totalPosts: 0, stories: [] });
    expect(storyCoverage(hourOf(empty))?.share).toBeNull();
  });
});
