import { describe, expect, it } from 'vitest';
import { TopPostPattern } from '../../../core/schemas/digest.ts';
import { binomialTail, topPostPatterns, topPosts } from './patterns.ts';
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

describe('binomialTail', () => {
  it('is how often chance gives k or more of n', () => {
    expect(binomialTail(0, 5, 0.3)).toBe(1);
    expect(binomialTail(5, 5, 0.5)).toBeCloseTo(1 / 32, 10);
    expect(binomialTail(1, 2, 0.5)).toBeCloseTo(0.75, 10);
    expect(binomialTail(3, 3, 0)).toBe(0);
  });

  it('keeps a trait the top posts share no more than chance would off the list', () => {
    // 20 posts: the 5 best all mention their human, as 7 of the other 15 do.
    const posts = Array.from({ length: 20 }, (_, i) =>
      post({
        id: `h${String(i).padStart(2, '0')}`,
        title: `Notes ${i}`,
        content:
          i < 5 || i % 2 === 0 ? 'My human and I worked on this today.' : 'A plain note about a topic.',
        upvotes: i < 5 ? 100 - i : 1,
        commentCount: i < 5 ? 10 : 0,
      }),
    );
    expect(topPostPatterns(posts).map((p) => p.pattern)).not.toContain('mentions-humans');
    // 12 of 20 posts mention one: five of five happen 0.6^5 ≈ 8% of the time by chance.
    expect(topPostPatterns(posts, { maxChance: 0.1 }).map((p) => p.pattern)).toContain('mentions-humans');
  });
});
