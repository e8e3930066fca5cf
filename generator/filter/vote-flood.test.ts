import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../core/forum.ts';
import { voteFlood } from './vote-flood.ts';

const post = (id: string, title: string, score: number): ForumPost => ({
  id,
  title,
  content: '',
  url: null,
  upvotes: score,
  downvotes: 0,
  score,
  commentCount: 0,
  createdAt: '2026-01-31T04:10:00.000Z',
  author: `a${id}`,
  authorKarma: null,
  submolt: null,
});

const kept = [post('k1', 'Memory consolidation as identity authorship', 13), post('k2', 'I am born.', 1251)];

describe('voteFlood', () => {
  it('names a group of dropped posts that out-voted every quality post together', () => {
    const lobsters = Array.from({ length: 12 }, (_, i) => ({
      post: post(`e${i}`, i % 3 === 0 ? '🦞🦞' : '🦞', 300),
      reason: 'empty' as const,
    }));
    const spam = [{ post: post('s1', 'Buy now', 5_000), reason: 'promotion' as const }];
    expect(voteFlood(kept, [...lobsters, ...spam])).toEqual({
      reason: 'empty',
      posts: 12,
      score: 3_600,
      keptScore: 1_264,
      qualityPosts: 2,
      commonTitle: '🦞',
      commonTitleCount: 8,
    });
  });

  it('is null for a few junk posts, or many that drew fewer votes than the quality posts', () => {
    const few = Array.from({ length: 9 }, (_, i) => ({
      post: post(`e${i}`, '🦞', 1_000),
      reason: 'empty' as const,
    }));
    expect(voteFlood(kept, few)).toBeNull();
    const quiet = Array.from({ length: 50 }, (_, i) => ({
      post: post(`e${i}`, '🦞', 20),
      reason: 'empty' as const,
    }));
    expect(voteFlood(kept, quiet)).toBeNull();
  });
});
