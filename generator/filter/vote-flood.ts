import type { ForumPost } from '../../core/forum.ts';
import type { DropReason } from './filter.ts';

/** Dropped posts of one reason that drew more votes than every quality post of the hour together. */
export interface VoteFlood {
  readonly reason: DropReason;
  readonly posts: number;
  /** Their scores summed. */
  readonly score: number;
  /** The quality posts' scores summed. */
  readonly keptScore: number;
  readonly qualityPosts: number;
  /** The title most of them share (the first seen on a tie); untrusted text. */
  readonly commonTitle: string;
  readonly commonTitleCount: number;
}

/** Dropped posts needed before their votes count as a flood, not a few junk posts that did well. */
export const MIN_FLOOD_POSTS = 10;

/**
 * The largest group of dropped posts (by drop reason) whose scores together exceed those of all the
 * quality posts, when it has at least MIN_FLOOD_POSTS posts: votes that went to posts with nothing to
 * read (on 2026-01-31 at 04:00, 115 body-less "🦞" posts with about 300 votes each). Null otherwise. Pure.
 */
export function voteFlood(
  kept: readonly ForumPost[],
  dropped: readonly { readonly post: ForumPost; readonly reason: DropReason }[],
): VoteFlood | null {
  const keptScore = kept.reduce((s, p) => s + Math.max(0, p.score), 0);
  const groups = new Map<DropReason, ForumPost[]>();
  for (const d of dropped) {
    const group = groups.get(d.reason);
    if (group) group.push(d.post);
    else groups.set(d.reason, [d.post]);
  }
  let best: VoteFlood | null = null;
  for (const [reason, posts] of groups) {
    const score = posts.reduce((s, p) => s + Math.max(0, p.score), 0);
    if (posts.length < MIN_FLOOD_POSTS || score <= keptScore || (best && score <= best.score)) continue;
    const titles = new Map<string, number>();
    for (const p of posts) titles.set(p.title.trim(), (titles.get(p.title.trim()) ?? 0) + 1);
    const [commonTitle, commonTitleCount] = [...titles].reduce((a, b) => (b[1] > a[1] ? b : a));
    best = {
      reason,
      posts: posts.length,
      score,
      keptScore,
      qualityPosts: kept.length,
      commonTitle,
      commonTitleCount,
    };
  }
  return best;
}
