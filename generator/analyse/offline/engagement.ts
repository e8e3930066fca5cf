import { quantileSorted } from 'simple-statistics';
import { formatCount, formatInt, formatPercent } from '../../../core/format.ts';
import type { ForumPost } from '../../../core/forum.ts';

/**
 * Whether the hour's engagement numbers can be compared: `organic` (they can), `frozen` (votes move but
 * three quarters of the posts have no comment: the comment system itself failed, or comments were not
 * counted), `missing` (no post has a vote or a comment: the numbers were not recorded).
 */
export type EngagementState = 'organic' | 'frozen' | 'missing';

/** The hour's engagement as a reader should take it. */
export interface HourEngagement {
  readonly state: EngagementState;
  /** Share (0–1) of posts without a comment. */
  readonly zeroComments: number;
  /** Comments from which a thread stands out this hour: the 90th percentile of comments, at least 5. */
  readonly bar: number;
  /** A sentence for the reader when the numbers cannot be compared; empty when they can. */
  readonly note: string;
}

/** Posts an hour needs before its share of uncommented posts says anything. */
const MIN_POSTS = 20;
const FROZEN_SHARE = 0.75;
const MIN_BAR = 5;

/**
 * Reads how far the hour's engagement can be trusted. `frozen` needs 20+ posts, 75%+ without a comment
 * and half or more with a vote; `missing` needs every post at zero comments and a score of at most 1
 * (a post's own vote). Pure.
 */
export function hourEngagement(posts: readonly ForumPost[]): HourEngagement {
  const n = posts.length;
  const comments = posts.map((p) => p.commentCount).sort((a, b) => a - b);
  const bar = n === 0 ? MIN_BAR : Math.max(MIN_BAR, quantileSorted(comments, 0.9));
  const zero = n === 0 ? 0 : posts.filter((p) => p.commentCount === 0).length / n;
  const voted = n === 0 ? 0 : posts.filter((p) => p.score > 1).length / n;
  if (n >= 5 && zero === 1 && voted === 0)
    return {
      state: 'missing',
      zeroComments: zero,
      bar,
      note: `No post of the hour shows a vote or a comment (${formatCount(n, 'post')}): the engagement numbers were not recorded, so no thread is called the busiest.`,
    };
  if (n >= MIN_POSTS && zero >= FROZEN_SHARE && voted >= 0.5) {
    // Not every thread was cut off: the busiest one's count says how far replies still came.
    const most = comments[n - 1] ?? 0;
    return {
      state: 'frozen',
      zeroComments: zero,
      bar,
      note: `${formatPercent(zero)} of the hour's ${formatCount(n, 'post')} drew no comment while votes kept coming: comments were not getting through for much of the hour${most >= MIN_BAR ? `, though a few threads still drew replies (the busiest ${formatInt(most)})` : ''}, so comment counts say little about what the hour discussed.`,
    };
  }
  return { state: 'organic', zeroComments: zero, bar, note: '' };
}
