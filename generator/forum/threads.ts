import type { ForumComment, ForumPost } from '../../core/forum.ts';
import { ForumError } from './errors.ts';
import type { FetchStats, ForumClientEvent } from './events.ts';
import { safeUrl } from './http.ts';
import { commentItems, flattenComments } from './parse-comments.ts';

/**
 * Ids of the `count` posts with the most comments (ties broken by id), skipping posts without any:
 * the threads worth fetching. Deterministic for a given set of posts.
 */
export function pickThreads(posts: readonly ForumPost[], count: number): string[] {
  return posts
    .filter((p) => p.commentCount > 0)
    .sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, Math.max(0, count))
    .map((p) => p.id);
}

/** What fetching comment threads needs. */
export interface ThreadDeps {
  readonly getJson: (url: URL) => Promise<unknown>;
  readonly baseUrl: string;
  readonly stats: FetchStats;
  readonly log: (event: ForumClientEvent) => void;
}

/**
 * Fetches `GET {base}/posts/{id}/comments?sort=top&limit=100` for each post id, one after the other,
 * and flattens each thread. A thread that fails (any `ForumError`, the time budget included) is counted
 * and logged, never fatal. The map keeps the order of `postIds`.
 */
export async function fetchThreads(
  deps: ThreadDeps,
  postIds: readonly string[],
): Promise<Map<string, readonly ForumComment[]>> {
  const threads = new Map<string, readonly ForumComment[]>();
  deps.stats.threadsRequested += postIds.length;
  for (const postId of postIds) {
    const url = new URL(`${deps.baseUrl}/posts/${encodeURIComponent(postId)}/comments`);
    url.searchParams.set('sort', 'top');
    url.searchParams.set('limit', '100');
    try {
      const thread = flattenComments(commentItems(await deps.getJson(url), safeUrl(url)), postId);
      threads.set(postId, thread.comments);
      deps.stats.threadsFetched += 1;
      deps.stats.comments += thread.comments.length;
      deps.stats.skippedComments += thread.skipped.length;
      for (const s of thread.skipped)
        deps.log({ type: 'item-skipped', where: 'comment', reason: s.reason, id: s.id });
      deps.log({ type: 'thread', postId, comments: thread.comments.length, skipped: thread.skipped.length });
    } catch (err) {
      if (!(err instanceof ForumError)) throw err;
      deps.stats.threadsFailed += 1;
      deps.log({ type: 'thread-failed', postId, kind: err.kind, message: err.message });
    }
  }
  return threads;
}
