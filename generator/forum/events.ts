import type { ForumErrorKind } from './errors.ts';

/** How the listing was paged, detected from the first response body. */
export type ListDialect =
  /** Production `{success, posts, has_more, next_offset}`. */
  | 'offset'
  /** Production `{success, posts, has_more, next_cursor}`. */
  | 'cursor'
  /** The open-source server's `{data, pagination: {count, limit, offset, hasMore}}`. */
  | 'open-source';

/** Why a request is tried again. */
export type RetryReason = 'network' | 'timeout' | 'server-error' | 'rate-limited' | 'invalid-json';

/** Counters of one `fetchHour`, returned beside the scraped hour and logged at the end. */
export interface FetchStats {
  /** Listing dialect, or null when the forum returned no page at all. */
  dialect: ListDialect | null;
  /** HTTP requests sent, retries included. */
  requests: number;
  /** Attempts that were retried. */
  retries: number;
  /** Waits imposed by the forum (Retry-After, or X-RateLimit-Remaining reaching 0). */
  rateLimitWaits: number;
  /** Total time spent sleeping (backoff and rate-limit waits), in ms. */
  waitedMs: number;
  /** Listing pages read while walking the window. */
  pages: number;
  /** Pages read to locate the window's end (galloping and binary search); the walk reuses the last. */
  probes: number;
  /** Items read on walked pages, duplicates and invalid ones included. */
  itemsSeen: number;
  /** Items whose id had already been seen on an earlier page. */
  duplicates: number;
  /** Items that could not be made into a valid post (no id, bad date…). */
  skippedPosts: number;
  /** Items the forum marked deleted (dropped). */
  deletedPosts: number;
  /** Posts kept: created in [hourStart, hourEnd). */
  posts: number;
  /** Comment threads asked for, fetched, and failed (not fatal). */
  threadsRequested: number;
  threadsFetched: number;
  threadsFailed: number;
  /** Comments kept, and comment items that could not be made valid. */
  comments: number;
  skippedComments: number;
  /** Wall time of the fetch as measured by the client's clock, in ms. */
  elapsedMs: number;
}

/** Fresh zeroed counters. */
export function emptyStats(): FetchStats {
  return {
    dialect: null,
    requests: 0,
    retries: 0,
    rateLimitWaits: 0,
    waitedMs: 0,
    pages: 0,
    probes: 0,
    itemsSeen: 0,
    duplicates: 0,
    skippedPosts: 0,
    deletedPosts: 0,
    posts: 0,
    threadsRequested: 0,
    threadsFetched: 0,
    threadsFailed: 0,
    comments: 0,
    skippedComments: 0,
    elapsedMs: 0,
  };
}

/**
 * Structured events the client reports through its `log` option. URLs are logged without credentials;
 * the API key never appears. Forum text never appears either (ids and counts only).
 */
export type ForumClientEvent =
  | { type: 'request'; url: string; attempt: number }
  | { type: 'retry'; url: string; attempt: number; reason: RetryReason; status?: number; waitMs: number }
  | { type: 'rate-limited'; url: string; waitMs: number; source: 'retry-after' | 'rate-limit-headers' }
  | {
      type: 'probe';
      offset: number;
      position: 'newer' | 'contains' | 'older';
      newest: string | null;
      oldest: string | null;
    }
  | {
      type: 'page';
      dialect: ListDialect;
      offset: number | null;
      items: number;
      newIds: number;
      inWindow: number;
      skipped: number;
    }
  | { type: 'item-skipped'; where: 'post' | 'comment'; reason: string; id: string | null }
  | { type: 'thread'; postId: string; comments: number; skipped: number }
  | { type: 'thread-failed'; postId: string; kind: ForumErrorKind; message: string }
  | { type: 'done'; stats: FetchStats };
