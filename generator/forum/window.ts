import type { ForumPost } from '../../core/forum.ts';
import type { ListPage } from './list-page.ts';
import { type PostParse, parsePost } from './parse-post.ts';

/** The hour being scraped: posts with startMs ≤ created < endMs belong to it. */
export interface TimeWindow {
  readonly startMs: number;
  readonly endMs: number;
}

/** A list page with its items read: valid posts, unusable items, and its time span. */
export interface ReadPage {
  readonly page: ListPage;
  /** Offset the page was asked at; null for cursor pages. */
  readonly offset: number | null;
  readonly results: readonly PostParse[];
  /** Newest and oldest creation time of its valid posts (ms), null when it has none. */
  readonly newestMs: number | null;
  readonly oldestMs: number | null;
}

/** Parses every item of a page; never throws for a bad item. */
export function readPage(page: ListPage, offset: number | null): ReadPage {
  const results = page.items.map(parsePost);
  let newestMs: number | null = null;
  let oldestMs: number | null = null;
  for (const r of results) {
    if (!r.ok) continue;
    const t = Date.parse(r.post.createdAt);
    newestMs = newestMs === null ? t : Math.max(newestMs, t);
    oldestMs = oldestMs === null ? t : Math.min(oldestMs, t);
  }
  return { page, offset, results, newestMs, oldestMs };
}

/**
 * Where a page of the newest-first listing lies relative to the window's end: wholly `newer` (every
 * post at or after hourEnd), `contains` the boundary, or `older` (its first post is already before
 * hourEnd; also an empty page, or one with no datable post, so that a search never skips past it).
 */
export function positionOf(read: ReadPage, window: TimeWindow): 'newer' | 'contains' | 'older' {
  if (read.oldestMs === null || read.newestMs === null) return 'older';
  if (read.oldestMs >= window.endMs) return 'newer';
  if (read.newestMs >= window.endMs) return 'contains';
  return 'older';
}

/** True when the post was created inside the window. */
export function inWindow(post: ForumPost, window: TimeWindow): boolean {
  const t = Date.parse(post.createdAt);
  return t >= window.startMs && t < window.endMs;
}

/** Newest first, then by id: the deterministic order of `ScrapedHour.posts`. */
export function byNewestThenId(a: ForumPost, b: ForumPost): number {
  if (a.createdAt !== b.createdAt) return Date.parse(b.createdAt) - Date.parse(a.createdAt);
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
