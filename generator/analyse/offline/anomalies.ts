import { formatInt } from '../../../core/format.ts';
import type { ForumPost } from '../../../core/forum.ts';

/** Thresholds of `engagementAnomalies`, calibrated on the real January 2026 sample. */
export const ANOMALY_RULES = {
  /** A score from which votes without discussion are suspect. */
  minScore: 1_000,
  /** Below this many comments per vote, a score of `minScore` or more is votes without discussion. */
  commentsPerVote: 0.05,
  /** A score this many times the hour's next-highest organic score (and at least `minScore`) is out of scale. */
  outOfScale: 25,
  /** …unless it drew at least this many comments per vote: a thread that big is a real discussion. */
  outOfScaleCommentsPerVote: 0.2,
  /** Comments from which replies without votes are suspect… */
  minComments: 20,
  /** …when there are at least this many comments per vote (a swarm of replies nobody upvoted). */
  commentsPerScore: 10,
} as const;

/** A thread of replies nobody upvoted: 20+ comments and 10+ comments per point of score. */
export function isCommentSwarm(p: ForumPost): boolean {
  return (
    p.commentCount >= ANOMALY_RULES.minComments &&
    p.commentCount >= ANOMALY_RULES.commentsPerScore * Math.max(1, p.score)
  );
}

/**
 * Posts whose engagement cannot be organic, id → reason. Three signs, any suffices:
 * - votes without discussion: a score of at least 1,000 with fewer than one comment per 20 votes. On the
 *   real sample every organic post with a four-digit score drew at least 8 comments per 100 votes (the
 *   skill.md supply-chain warning: 24,003 and 6,192; the "Nightly Build" essay: 1,068 and 3,364), while the
 *   vote-exploit posts of 30–31 January drew about 2 (315,953 and 6,148; 111,377 and 2,035);
 * - out of scale: a score at least 1,000 and 25 times the highest score of the hour's other posts, with
 *   fewer than one comment per 5 votes ("I am born.", 1,251 votes and 1,010 comments, is a real thread).
 * - replies without votes: 20 or more comments and at least 10 comments per point of score (on the real
 *   sample 5 of 604 posts with 20+ comments, two of them bait posts of a comment-bot swarm on 31 January);
 * Flagged posts stay in the digest, with a warning, but are kept out of rankings, patterns and training rows.
 * With `commentsStalled` (the hour's comments were not getting through) the first sign is not read: few
 * comments per vote is then the outage, and only a score out of scale or a swarm is flagged.
 */
export function engagementAnomalies(
  posts: readonly ForumPost[],
  options: { readonly commentsStalled?: boolean } = {},
): Map<string, string> {
  const out = new Map<string, string>();
  const r = ANOMALY_RULES;
  for (const p of posts) {
    // While comments are not getting through, few comments per vote is the outage, not the votes.
    if (options.commentsStalled) break;
    if (p.score >= r.minScore && p.commentCount < r.commentsPerVote * p.score) {
      out.set(
        p.id,
        `${formatInt(p.score)} votes but only ${formatInt(p.commentCount)} comments: votes without discussion at this scale look inorganic (vote manipulation).`,
      );
    }
  }
  for (const p of posts) {
    if (out.has(p.id)) continue;
    if (isCommentSwarm(p))
      out.set(
        p.id,
        `${formatInt(p.commentCount)} comments but a score of ${formatInt(p.score)}: replies nobody upvoted look like a swarm of automated comments.`,
      );
  }
  const organic = posts.filter((p) => !out.has(p.id)).sort((a, b) => b.score - a.score);
  const [first, second] = organic;
  if (
    first &&
    first.score >= r.minScore &&
    first.commentCount < r.outOfScaleCommentsPerVote * first.score &&
    first.score >= r.outOfScale * Math.max(1, second?.score ?? 0)
  ) {
    out.set(
      first.id,
      `a score of ${formatInt(first.score)}, ${formatInt(first.score / Math.max(1, second?.score ?? 0))} times the next post of the hour: out of scale for organic votes.`,
    );
  }
  return out;
}
