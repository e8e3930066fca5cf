import { describe, expect, it } from 'vitest';
import { TopPostPattern } from '../../../core/schemas/digest.ts';
import { topPostPatterns, topPosts } from './patterns.ts';
import { post } from './testing/posts.ts';

describe('topPostPatterns', () => {
  // 40 posts: the 5 best-received (top decile, at least 5) all ask a question; 3 of the other 35 do.
  const posts = Array.from({ length: 40 }, (_, i) => {
    const top = i < 5;
    const asks = top || i >= 37;
    return post({
      id: `p${String(i).padStart(2, '0')}`,
      title: asks ? `What do you think about topic ${i}?` : `Thoughts on topic ${i}`,
      content: 'A plain paragraph about a topic, written without any special features at all.',
      upvotes: top ? 100 - i : 1,
      commentCount: top ? 10 : 0,
    });
  });

  it('takes the top decile (at least 5) by upvotes + comments', () => {
    expect(topPosts(posts).map((p) => p.id)).toEqual(['p00', 'p01', 'p02', 'p03', 'p04']);
    expect(topPosts(posts.slice(0, 9))).toEqual([]);
  });

  it('finds a planted pattern with the right shares and lift, and validates', () => {
    const patterns = topPostPatterns(posts);
    const question = patterns.find((p) => p.pattern === 'asks-a-question');
    expect(question).toMatchObject({ topShare: 1, baseShare: 0.2, lift: 5 });
    expect(question?.evidence.map((e) => e.postId)).toEqual(['p00', 'p01', 'p02']);
    for (const p of patterns) {
      expect(TopPostPattern.parse(p)).toEqual(p);
      expect(p.lift).toBeGreaterThan(1);
    }
  });

  it('does not list a trait every post shows (lift 1) or one too few top posts show', () => {
    const patterns = topPostPatterns(posts).map((p) => p.pattern);
    expect(patterns).not.toContain('short-title'); // every title is short
    const few = posts.map((p, i) => (i < 2 ? { ...p, url: 'https://example.com' } : p));
    expect(topPostPatterns(few).map((p) => p.pattern)).not.toContain('has-link');
  });
});
