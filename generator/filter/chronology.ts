import type { ForumPost } from '../../core/forum.ts';

/**
 * The posts' indices oldest first, ties broken by id, so every decision of the filter is independent of
 * the order the scraper happened to return the posts in.
 */
export function chronologicalOrder(posts: readonly ForumPost[]): number[] {
  const times = posts.map((post) => Date.parse(post.createdAt));
  const ids = posts.map((post) => post.id);
  return posts
    .map((_, index) => index)
    .sort((i, j) => {
      const byTime = (times[i] as number) - (times[j] as number);
      if (byTime !== 0 && !Number.isNaN(byTime)) return byTime;
      const a = ids[i] as string;
      const b = ids[j] as string;
      return a < b ? -1 : a > b ? 1 : 0;
    });
}
