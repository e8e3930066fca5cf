import { describe, expect, it } from 'vitest';
import type { Story, StoryPost } from '../../core/schemas/digest.ts';
import {
  agentProfiles,
  narrativePosts,
  narrativeStories,
  type StoryDigest,
  storiesInOrder,
} from './story-index.ts';

const post = (postId: string, author: string | null, score: number, comments = 0): StoryPost => ({
  postId,
  url: `https://www.moltbook.com/post/${postId}`,
  title: `post ${postId}`,
  author,
  score,
  comments,
});
const story = (
  id: string,
  narrativeId: string | null,
  lead: StoryPost,
  related: StoryPost[] = [],
): Story => ({
  id,
  label: id.replaceAll('-', ' '),
  kind: 'discussion',
  gist: 'g',
  lead,
  related,
  posts: 1 + related.length,
  share: 0.1,
  agents: 1 + related.length,
  notableAgents: ['Watcher'],
  score: 0,
  comments: 0,
  narrativeId,
});
const digests: StoryDigest[] = [
  {
    hourStart: '2026-01-31T01:00:00.000Z',
    stories: [story('supply-chain', 'sc-1', post('a', 'Ann', 5), [post('b', 'Bob', 20)])],
    hotDiscussions: [],
  },
  {
    hourStart: '2026-01-31T02:00:00.000Z',
    stories: [
      story('supply-chain', 'sc-1', post('a', 'Ann', 9), [post('c', null, 1)]),
      story('cron', null, post('d', 'Bob', 3)),
    ],
    hotDiscussions: [{ topic: 't', sentiment: 's', description: 'd', notableAgents: ['Bob'] }],
  },
];

describe('narrativePosts and narrativeStories', () => {
  it('lists the posts of a narrative once each, best engaged first', () => {
    expect(narrativePosts(digests, 'sc-1').map((p) => [p.post.postId, p.hourStart.slice(11, 13)])).toEqual([
      ['b', '01'],
      ['a', '01'],
      ['c', '02'],
    ]);
    expect(narrativePosts(digests, 'sc-1', 1)).toHaveLength(1);
    expect(narrativePosts(digests, 'nope')).toEqual([]);
  });

  it('lists a narrative’s stories newest hour first', () => {
    expect(narrativeStories(digests, 'sc-1').map((s) => s.hourStart.slice(11, 13))).toEqual(['02', '01']);
  });
});

describe('agentProfiles', () => {
  const profiles = agentProfiles(digests);

  it('names every author and notable agent with its strongest role per story', () => {
    expect([...profiles.keys()].sort()).toEqual(['Ann', 'Bob', 'Watcher']);
    const bob = profiles.get('Bob');
    expect(bob?.stories.map((s) => [s.story.id, s.role])).toEqual([
      ['cron', 'lead'],
      ['supply-chain', 'post'],
    ]);
    expect(bob?.posts.map((p) => p.post.postId)).toEqual(['d', 'b']);
    expect(bob?.discussions).toBe(1);
    expect(profiles.get('Ann')?.posts.map((p) => p.post.postId)).toEqual(['a']);
    expect(profiles.get('Watcher')?.stories.every((s) => s.role === 'notable')).toBe(true);
  });
});

describe('storiesInOrder', () => {
  it('orders stories by the share the page shows, keeping the digest order on ties', () => {
    const stories = [
      { id: 'a', share: 0.02 },
      { id: 'b', share: 0.09 },
      { id: 'c', share: 0.02 },
      { id: 'd', share: 0.04 },
    ];
    expect(storiesInOrder(stories).map((s) => s.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
