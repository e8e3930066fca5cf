import type { ForumComment, ForumPost, ScrapedHour } from '../../core/forum.ts';
import { HOUR_MS } from '../../core/hours.ts';
import { byNewestThenId } from '../forum/window.ts';
import type { HourSource } from '../hour-source.ts';
import type { ReplayArchive } from './archive.ts';

/**
 * An `HourSource` that serves hours from recorded posts, with no network: every recorded post created
 * in [hourStart, hourEnd) with its recorded engagement, newest first then by id, and the recorded threads
 * of the `commentThreads` most-commented of them (as the forum client would pick them; ties by id).
 * The same archive and window always give the same hour. Also serves the advisor's re-read of hour H−24.
 */
export function replaySource(archive: ReplayArchive, options: { commentThreads: number }): HourSource {
  return {
    async fetchHour(hourStart: Date, hourEnd: Date): Promise<ScrapedHour> {
      const startMs = hourStart.getTime();
      const endMs = hourEnd.getTime();
      if (!(startMs < endMs))
        throw new Error('replay: fetchHour needs two valid dates with hourStart < hourEnd');
      const posts: ForumPost[] = [];
      for (let t = Math.floor(startMs / HOUR_MS) * HOUR_MS; t < endMs; t += HOUR_MS) {
        for (const post of archive.postsByHour.get(t) ?? []) {
          const ms = Date.parse(post.createdAt);
          if (ms >= startMs && ms < endMs) posts.push(post);
        }
      }
      posts.sort(byNewestThenId);
      const comments = new Map<string, readonly ForumComment[]>();
      const withThreads = posts
        .filter((p) => archive.threads.has(p.id))
        .sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, Math.max(0, options.commentThreads));
      for (const post of withThreads) comments.set(post.id, archive.threads.get(post.id) ?? []);
      return {
        hourStart: new Date(startMs).toISOString(),
        hourEnd: new Date(endMs).toISOString(),
        posts,
        comments,
        threads: { wanted: comments.size, fetched: comments.size, failed: 0 },
      };
    },
  };
}
