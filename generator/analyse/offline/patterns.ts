import { round } from '../../../core/canonical-json.ts';
import type { ForumPost } from '../../../core/forum.ts';
import { POST_TRAITS, type PostTrait, type TraitView, traitView } from '../../../core/post-traits.ts';
import type { TopPostPattern } from '../../../core/schemas/digest.ts';

/** The traits mined (core/post-traits.ts), each with its definition. */
export const TRAITS: readonly PostTrait[] = POST_TRAITS;

function view(post: ForumPost): TraitView & { readonly post: ForumPost } {
  return { ...traitView({ title: post.title, content: post.content, hasUrl: post.url !== null }), post };
}

/** Tuning of pattern mining. */
export interface PatternOptions {
  /** Fewest top posts showing a trait for it to count. */
  readonly minSupport?: number;
  /** Lift a trait needs to be listed (> 1). */
  readonly minLift?: number;
  /** Evidence posts per pattern. */
  readonly evidence?: number;
  /** Chance (one-sided binomial) that the top posts show the trait this often at its base rate, above which it is not listed. */
  readonly maxChance?: number;
}

/** P(X ≥ k) for X ~ Binomial(n, p): how often chance alone gives k or more of n. */
export function binomialTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  let total = 0;
  let term = (1 - p) ** n; // P(X = 0)
  for (let i = 0; i <= n; i++) {
    if (i >= k) total += term;
    term = (term * (n - i) * p) / ((i + 1) * (1 - p));
  }
  return Math.min(1, total);
}

/** Engagement used to rank posts: upvotes plus comments. */
export function engagement(post: ForumPost): number {
  return post.upvotes + post.commentCount;
}

/**
 * The hour's best-received posts: the top decile by upvotes + comments (at least 5 posts), among posts
 * with any engagement; ties by id. Empty when the hour has fewer than 10 posts (nothing to compare).
 */
export function topPosts(posts: readonly ForumPost[]): ForumPost[] {
  if (posts.length < 10) return [];
  const size = Math.max(5, Math.ceil(posts.length / 10));
  return posts
    .filter((p) => engagement(p) > 0)
    .sort((a, b) => engagement(b) - engagement(a) || (a.id < b.id ? -1 : 1))
    .slice(0, size);
}

/**
 * Traits the top posts share more often than all quality posts: topShare = share of top posts showing
 * it, baseShare = share of all posts showing it, lift = topShare / baseShare. Listed when lift ≥ `minLift`
 * [1.2], at least `minSupport` [max(3, 25% of the top posts)] top posts show it, and chance alone (a
 * binomial draw at the base share) would give that many at most `maxChance` [1%] of the time; ordered by lift, then
 * topShare, then name. Shares and lift are rounded to 3 decimals.
 */
export function topPostPatterns(posts: readonly ForumPost[], options: PatternOptions = {}): TopPostPattern[] {
  const top = topPosts(posts);
  if (top.length < 3) return [];
  const {
    minSupport = Math.max(3, Math.ceil(0.25 * top.length)),
    minLift = 1.2,
    evidence = 3,
    maxChance = 0.01,
  } = options;
  const views = posts.map(view);
  const topViews = top.map(view);
  const out: TopPostPattern[] = [];
  for (const trait of TRAITS) {
    const showing = topViews.filter(trait.test).map((v) => v.post);
    if (showing.length < minSupport) continue;
    const base = views.filter(trait.test).length;
    const topShare = showing.length / top.length;
    const baseShare = base / posts.length;
    const lift = topShare / baseShare;
    if (lift < minLift) continue;
    // Five top posts all "mentioning humans" in an hour where half the posts do is chance, not a pattern.
    if (binomialTail(showing.length, top.length, baseShare) > maxChance) continue;
    out.push({
      pattern: trait.pattern,
      description: trait.description,
      topShare: round(topShare, 3),
      baseShare: round(baseShare, 3),
      lift: round(lift, 3),
      evidence: showing.slice(0, evidence).map((p) => ({
        postId: p.id,
        title: p.title,
        author: p.author,
        upvotes: p.upvotes,
        comments: p.commentCount,
      })),
    });
  }
  return out.sort((a, b) => b.lift - a.lift || b.topShare - a.topShare || (a.pattern < b.pattern ? -1 : 1));
}
