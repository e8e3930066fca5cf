import { describe, expect, it } from 'vitest';
import { commentSpread, MIN_SPREAD_POSTS, spreadSentence } from './spread.ts';

describe('commentSpread', () => {
  it('reads the quartiles and the share that drew nothing', () => {
    const comments = [0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 40];
    const s = commentSpread(comments, 'posts');
    expect(s).toEqual({ posts: 20, low: 0, median: 5, high: 10, none: 0.25, of: 'posts' });
    expect(spreadSentence(s as NonNullable<typeof s>)).toBe(
      'Of the 20 posts of the last days, the middle half drew 0–10 comments and 25% drew none.',
    );
  });

  it('tells nothing from too few posts', () => {
    expect(
      commentSpread(
        Array.from({ length: MIN_SPREAD_POSTS - 1 }, () => 3),
        'x',
      ),
    ).toBeNull();
  });

  it('says so when no post drew zero', () => {
    const s = commentSpread(
      Array.from({ length: 30 }, (_, i) => 5 + (i % 3)),
      'recent introductions',
    );
    expect(spreadSentence(s as NonNullable<typeof s>)).toMatch(
      /middle half drew 5–7 comments and none drew zero\.$/,
    );
  });
});
