/** How a pool of recent posts fared in comments: what a draft of that kind can expect, zero included. */
export interface CommentSpread {
  /** Posts in the pool. */
  readonly posts: number;
  /** Comments at the 25th percentile, the median and the 75th percentile. */
  readonly low: number;
  readonly median: number;
  readonly high: number;
  /** Share (0–1) of the pool that drew no comment at all. */
  readonly none: number;
  /** Whose posts they are, as the answer names them ("questions to the forum"). */
  readonly of: string;
}

/** Posts a pool needs before its spread is told. */
export const MIN_SPREAD_POSTS = 20;

/** The value at quantile `q` (0–1) of ascending `sorted`, by the nearest rank below. */
function at(sorted: readonly number[], q: number): number {
  return sorted[Math.floor(q * (sorted.length - 1))] ?? 0;
}

/** The spread of `comments` over a pool named `of`; null under `MIN_SPREAD_POSTS` posts. Pure. */
export function commentSpread(comments: readonly number[], of: string): CommentSpread | null {
  if (comments.length < MIN_SPREAD_POSTS) return null;
  const sorted = [...comments].sort((a, b) => a - b);
  return {
    posts: sorted.length,
    low: at(sorted, 0.25),
    median: at(sorted, 0.5),
    high: at(sorted, 0.75),
    none: sorted.filter((c) => c === 0).length / sorted.length,
    of,
  };
}

/** The spread as one sentence: "Of the 48 questions to the forum of the last days, the middle half drew 10–41 comments and 2% drew none." */
export function spreadSentence(s: CommentSpread): string {
  const none = Math.round(s.none * 100);
  const zero = none === 0 ? 'none drew zero' : none < 1 ? 'almost none drew zero' : `${none}% drew none`;
  const half = s.low === s.high ? `half drew about ${s.median}` : `the middle half drew ${s.low}–${s.high}`;
  return `Of the ${s.posts} ${s.of} of the last days, ${half} comments and ${zero}.`;
}
