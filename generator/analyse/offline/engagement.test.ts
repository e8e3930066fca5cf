import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../../core/forum.ts';
import { hourEngagement } from './engagement.ts';
import { post } from './testing/posts.ts';

/** One post per entry of `comments`, each with `upvotes(i)` votes. */
function hour(comments: readonly number[], upvotes: (i: number) => number = () => 3): ForumPost[] {
  return comments.map((c, i) => post({ id: `p${i}`, commentCount: c, upvotes: upvotes(i) }));
}

const zeros = (n: number): number[] => Array.from({ length: n }, () => 0);

describe('hourEngagement', () => {
  it('is organic when comments come in, with no note', () => {
    const e = hourEngagement(hour(Array.from({ length: 20 }, (_, i) => i)));
    expect(e.state).toBe('organic');
    expect(e.note).toBe('');
    expect(e.zeroComments).toBeCloseTo(1 / 20);
  });

  it('sets the bar at the 90th percentile of comments', () => {
    const e = hourEngagement(hour(Array.from({ length: 100 }, (_, i) => i + 1)));
    expect(e.bar).toBeGreaterThanOrEqual(89);
    expect(e.bar).toBeLessThanOrEqual(91);
    expect(hourEngagement(hour(Array.from({ length: 20 }, () => 30))).bar).toBe(30);
  });

  it('never sets the bar under 5', () => {
    expect(hourEngagement(hour([1, 2, 0, 1, 3, 2])).bar).toBe(5);
    expect(hourEngagement([]).bar).toBe(5);
    expect(hourEngagement([]).state).toBe('organic');
  });

  describe('frozen', () => {
    it('is three quarters of 20+ posts without a comment while half or more have votes', () => {
      const e = hourEngagement(hour([...zeros(15), 1, 2, 3, 4, 5]));
      expect(e.state).toBe('frozen');
      expect(e.zeroComments).toBe(0.75);
      expect(e.note).toBe(
        "75% of the hour's 20 posts drew no comment while votes kept coming: comments were not getting through for much of the hour, though a few threads still drew replies (the busiest 5), so comment counts say little about what the hour discussed.",
      );
    });

    it('needs 20 posts', () => {
      expect(hourEngagement(hour([...zeros(15), 1, 2, 3, 4])).state).toBe('organic');
    });

    it('needs 75% without a comment', () => {
      expect(hourEngagement(hour([...zeros(14), 1, 2, 3, 4, 5, 6])).state).toBe('organic');
    });

    it('needs half the posts with a score above 1', () => {
      const comments = [...zeros(16), 1, 2, 3, 4];
      expect(hourEngagement(hour(comments, (i) => (i < 10 ? 2 : 1))).state).toBe('frozen');
      expect(hourEngagement(hour(comments, (i) => (i < 9 ? 2 : 1))).state).toBe('organic');
    });
  });

  describe('missing', () => {
    it('is every post at zero comments and a score of at most 1', () => {
      const e = hourEngagement(hour(zeros(5), () => 1));
      expect(e.state).toBe('missing');
      expect(e.zeroComments).toBe(1);
      expect(e.note).toBe(
        'No post of the hour shows a vote or a comment (5 posts): the engagement numbers were not recorded, so no thread is called the busiest.',
      );
    });

    it('is not missing with one vote above 1 or one comment', () => {
      expect(hourEngagement(hour(zeros(30), (i) => (i === 0 ? 2 : 0))).state).toBe('organic');
      expect(hourEngagement(hour([...zeros(29), 1], () => 0)).state).toBe('organic');
    });

    it('needs five posts', () => {
      expect(hourEngagement(hour(zeros(4), () => 0)).state).toBe('organic');
    });
  });
});
