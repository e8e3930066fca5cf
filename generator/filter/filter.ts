import type { ForumPost } from '../../core/forum.ts';
import { chronologicalOrder } from './chronology.ts';
import { copyReasons } from './duplicates.ts';
import { isEmptyPost } from './empty.ts';
import { type PostFeatures, postFeatures } from './features.ts';
import { authorFloodPositions } from './flooding.ts';
import { isInjection } from './injection.ts';
import { type FilterOptions, type ResolvedFilterOptions, resolveOptions } from './options.ts';
import { promotionScore } from './promotion.ts';
import { isSpam } from './spam.ts';

/** Why the filter dropped a post. */
export type DropReason =
  | 'empty'
  | 'duplicate'
  | 'near-duplicate'
  | 'template-flood'
  | 'promotion'
  | 'spam'
  | 'injection'
  | 'author-flood';

/** Every drop reason, in the order the filter checks them. */
export const DROP_REASONS: readonly DropReason[] = [
  'empty',
  'injection',
  'promotion',
  'spam',
  'duplicate',
  'near-duplicate',
  'template-flood',
  'author-flood',
];

/** The filter's verdict on one hour of posts. Both lists keep the input order. */
export interface FilterResult {
  /** The quality posts. */
  kept: ForumPost[];
  /** Everything else, each with the first reason that applied. */
  dropped: Array<{ post: ForumPost; reason: DropReason }>;
}

/**
 * Splits an hour of scraped posts into quality posts and junk. Pure and deterministic: every decision is
 * taken in (createdAt, id) order, so the result does not depend on the input order.
 *
 * Stages, each applied to what the previous ones kept:
 * 1. per post, the first of: empty, injection, promotion, spam;
 * 2. copies: exact duplicates, near duplicates and template floods (see copyReasons);
 * 3. author flood: at most maxPostsPerAuthor posts per author (the input is meant to be one hour).
 */
export function filterPosts(posts: readonly ForumPost[], options?: FilterOptions): FilterResult {
  const resolved = resolveOptions(options);
  const reasons = new Array<DropReason | null>(posts.length).fill(null);
  const order = chronologicalOrder(posts);

  const features = posts.map((post) => postFeatures(post));
  for (const index of order) reasons[index] = contentReason(features[index] as PostFeatures, resolved);

  const afterContent = order.filter((index) => reasons[index] === null);
  for (const [position, reason] of copyReasons(
    afterContent.map((index) => features[index] as PostFeatures),
    resolved,
  )) {
    reasons[afterContent[position] as number] = reason;
  }

  const afterCopies = afterContent.filter((index) => reasons[index] === null);
  for (const position of authorFloodPositions(
    afterCopies.map((index) => posts[index] as ForumPost),
    resolved.maxPostsPerAuthor,
  )) {
    reasons[afterCopies[position] as number] = 'author-flood';
  }

  const result: FilterResult = { kept: [], dropped: [] };
  posts.forEach((post, index) => {
    const reason = reasons[index];
    if (reason === null || reason === undefined) result.kept.push(post);
    else result.dropped.push({ post, reason });
  });
  return result;
}

function contentReason(features: PostFeatures, options: ResolvedFilterOptions): DropReason | null {
  if (isEmptyPost(features, options.minWords, options.minChars)) return 'empty';
  if (isInjection(features)) return 'injection';
  if (promotionScore(features) >= options.promotionThreshold) return 'promotion';
  if (isSpam(features)) return 'spam';
  return null;
}
