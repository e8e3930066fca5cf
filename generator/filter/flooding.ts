import type { ForumPost } from '../../core/forum.ts';

/**
 * Positions of the posts to drop because their author already has `maxPerAuthor` posts kept this hour.
 * Posts are given oldest first, so each author keeps their first few. Posts without an author are never
 * grouped: an unknown author is not one author.
 */
export function authorFloodPositions(posts: readonly ForumPost[], maxPerAuthor: number): Set<number> {
  const counts = new Map<string, number>();
  const flooded = new Set<number>();
  posts.forEach((post, position) => {
    if (post.author === null) return;
    const count = (counts.get(post.author) ?? 0) + 1;
    counts.set(post.author, count);
    if (count > maxPerAuthor) flooded.add(position);
  });
  return flooded;
}
