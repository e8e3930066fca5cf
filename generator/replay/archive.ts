import type { ForumComment, ForumPost } from '../../core/forum.ts';
import { HOUR_MS } from '../../core/hours.ts';
import { asNonEmptyText, asRecord, asTimestampMs } from '../forum/lenient.ts';
import { flattenComments } from '../forum/parse-comments.ts';
import { parsePost } from '../forum/parse-post.ts';
import { byNewestThenId } from '../forum/window.ts';
import { emptyTally, type LineTally, parseJsonLine, skip } from './jsonl.ts';

/** Recorded posts and comment threads, indexed for replaying hour by hour. */
export interface ReplayArchive {
  /** Start of a UTC hour (ms) → the posts created in it, newest first then by id. */
  readonly postsByHour: ReadonlyMap<number, readonly ForumPost[]>;
  /** Post id → its recorded comments, flattened (parents before replies). */
  readonly threads: ReadonlyMap<string, readonly ForumComment[]>;
}

/** What reading the files gave, beside the archive. */
export interface ArchiveTally {
  /** Post lines: used, skipped, first problem. `distinct` posts remain after `duplicates` (a later line wins). */
  readonly posts: LineTally & { readonly distinct: number; readonly duplicates: number };
  /** Comment lines (and nested replies that could not be read). */
  readonly comments: LineTally & {
    /** Comments kept, and the posts they hang from. */
    readonly kept: number;
    readonly threads: number;
    /** Threads whose post is not among the recorded posts (never replayed). */
    readonly unmatchedThreads: number;
  };
}

/** Builds a `ReplayArchive` line by line, so a file is read once and never held whole in memory. */
export interface ArchiveBuilder {
  /** One line of a posts file: a post as the forum API returns it, a flat row, or a `{post, comments}` answer. */
  addPostLine(text: string, line: number): void;
  /** One line of a comments file: a comment carrying `post_id` (flat with `parent_id`, or nested `replies`). */
  addCommentLine(text: string, line: number): void;
  finish(): { archive: ReplayArchive; tally: ArchiveTally };
}

/**
 * The post with the time its counts were recorded (`snapshot_at` of the shared sample's rows), when the
 * line says, so that the advisor labels it with the age it had then, not its age at replay time.
 */
function withReadAt(post: ForumPost, raw: unknown): ForumPost {
  const record = asRecord(raw);
  const ms = record ? asTimestampMs(record.snapshot_at ?? record.snapshotAt) : null;
  return ms === null || ms < Date.parse(post.createdAt)
    ? post
    : { ...post, readAt: new Date(ms).toISOString() };
}

/**
 * A builder that reads every line with the forum client's own lenient parsers (`parsePost`,
 * `flattenComments`): the row format of the shared Moltbook sample (`author_name`, `submolt_name`,
 * `comment_count`, `post_id`, `parent_id`, `score` without downvotes…) and API-shaped objects alike.
 * Unusable lines are skipped and counted with the first problem. When a post id repeats, the later line
 * wins; the result depends only on the lines given (deterministic).
 */
export function archiveBuilder(): ArchiveBuilder {
  const posts = new Map<string, ForumPost>();
  /** Post id → raw comment items, from comment lines (newest line first) and from `{post, comments}` lines. */
  const fileComments = new Map<string, unknown[]>();
  const embedded = new Map<string, readonly unknown[]>();
  const postTally = emptyTally();
  const commentTally = emptyTally();
  let duplicates = 0;

  return {
    addPostLine(text, line) {
      const parsed = parseJsonLine(text, line);
      if (parsed === 'blank') return;
      if (!('value' in parsed)) return skip(postTally, parsed);
      const { post: raw, comments } = unwrapPost(parsed.value);
      const result = parsePost(raw);
      if (!result.ok)
        return skip(postTally, { line, reason: result.deleted ? 'post marked deleted' : result.reason });
      postTally.used += 1;
      if (posts.has(result.post.id)) duplicates += 1;
      posts.set(result.post.id, withReadAt(result.post, raw));
      if (comments.length > 0) embedded.set(result.post.id, comments);
    },
    addCommentLine(text, line) {
      const parsed = parseJsonLine(text, line);
      if (parsed === 'blank') return;
      if (!('value' in parsed)) return skip(commentTally, parsed);
      const record = asRecord(parsed.value);
      if (!record) return skip(commentTally, { line, reason: 'not a JSON object' });
      const postId = asNonEmptyText(record.post_id ?? record.postId);
      if (!postId) return skip(commentTally, { line, reason: 'no post_id' });
      // Checked alone first, so that a problem is reported with its line number.
      const alone = flattenComments([record], postId);
      for (const s of alone.skipped)
        skip(commentTally, {
          line,
          reason: `comment ${s.id === null ? 'without id' : JSON.stringify(s.id.slice(0, 64))}: ${s.reason}`,
        });
      if (alone.comments.length === 0) return;
      commentTally.used += 1;
      const items = fileComments.get(postId) ?? [];
      items.unshift(record); // later lines first: flattenComments keeps the first of a repeated id
      fileComments.set(postId, items);
    },
    finish() {
      const postsByHour = new Map<number, ForumPost[]>();
      for (const post of posts.values()) {
        const hour = Math.floor(Date.parse(post.createdAt) / HOUR_MS) * HOUR_MS;
        const list = postsByHour.get(hour);
        if (list) list.push(post);
        else postsByHour.set(hour, [post]);
      }
      for (const list of postsByHour.values()) list.sort(byNewestThenId);

      const threads = new Map<string, readonly ForumComment[]>();
      let kept = 0;
      let unmatchedThreads = 0;
      for (const postId of new Set([...fileComments.keys(), ...embedded.keys()])) {
        const items = [...(fileComments.get(postId) ?? []), ...(embedded.get(postId) ?? [])];
        const thread = flattenComments(items, postId).comments;
        if (thread.length === 0) continue;
        if (!posts.has(postId)) unmatchedThreads += 1;
        threads.set(postId, thread);
        kept += thread.length;
      }
      return {
        archive: { postsByHour, threads },
        tally: {
          posts: { ...postTally, distinct: posts.size, duplicates },
          comments: { ...commentTally, kept, threads: threads.size - unmatchedThreads, unmatchedThreads },
        },
      };
    },
  };
}

/**
 * The post of a line and any comments recorded with it: a post object itself (its `comments` array,
 * if any), or the answer of `GET /posts/{id}`, `{success, post, comments}`.
 */
function unwrapPost(value: unknown): { post: unknown; comments: readonly unknown[] } {
  const record = asRecord(value);
  if (!record) return { post: value, comments: [] };
  const inner = record.id === undefined ? asRecord(record.post) : null;
  const post = inner ?? record;
  const comments = Array.isArray(record.comments)
    ? record.comments
    : Array.isArray(post.comments)
      ? post.comments
      : [];
  return { post, comments };
}
