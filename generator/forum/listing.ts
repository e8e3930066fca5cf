import type { ForumPost } from '../../core/forum.ts';
import { ForumError } from './errors.ts';
import type { FetchStats, ForumClientEvent } from './events.ts';
import { locateWalkStart } from './gallop.ts';
import { safeUrl } from './http.ts';
import { parseListPage } from './list-page.ts';
import { byNewestThenId, inWindow, type ReadPage, readPage, type TimeWindow } from './window.ts';

/** What the listing walk needs. */
export interface ListingDeps {
  readonly getJson: (url: URL) => Promise<unknown>;
  /** Base URL without a trailing slash, e.g. `https://www.moltbook.com/api/v1`. */
  readonly baseUrl: string;
  readonly pageSize: number;
  /** Pages in a row that bring no new id before the walk gives up. */
  readonly maxStalePages: number;
  /** Hard cap on pages walked, against a forum that pages forever. */
  readonly maxPages: number;
  readonly stats: FetchStats;
  readonly log: (event: ForumClientEvent) => void;
}

/**
 * Every post created in the window, newest first then by id, from `GET /posts?sort=new`: starts at the
 * newest post, skips quickly over newer pages when offsets are available (see `locateWalkStart`), then
 * walks back until a page passes the window's start or the listing ends. Duplicates (overlapping or
 * repeated pages) are dropped by id. Throws `ForumError` when the listing cannot be read completely.
 */
export async function fetchListing(deps: ListingDeps, window: TimeWindow): Promise<ForumPost[]> {
  const cache = new Map<number, ReadPage>();
  const getOffsetPage = async (offset: number): Promise<ReadPage> => {
    const cached = cache.get(offset);
    if (cached) return cached;
    const url = listUrl(deps, offset === 0 ? {} : { offset });
    const read = readPage(
      parseListPage(await deps.getJson(url), safeUrl(url), offset, deps.pageSize),
      offset,
    );
    cache.set(offset, read);
    return read;
  };
  const probePage = (offset: number): Promise<ReadPage> => {
    deps.stats.probes += 1;
    return getOffsetPage(offset);
  };

  const first = await getOffsetPage(0);
  const dialect = first.page.dialect;
  deps.stats.dialect = dialect;
  const walker = createWalker(deps, window);

  if (dialect === 'cursor') {
    const used = new Set<string>();
    let read = first;
    for (;;) {
      const next = walker.consume(read);
      const cursor = read.page.nextCursor;
      if (next === 'stop' || cursor === null) break;
      if (used.has(cursor)) {
        throw new ForumError(
          'bad-response',
          `the forum returned cursor ${cursor} twice before the window's start`,
        );
      }
      used.add(cursor);
      const url = listUrl(deps, { cursor });
      read = readPage(parseListPage(await deps.getJson(url), safeUrl(url), 0, deps.pageSize), null);
    }
    return walker.posts();
  }

  let offset = await locateWalkStart(first, window, probePage, deps.log);
  for (;;) {
    // The page where the search found the window's end is already cached: the walk reuses it.
    const read = await getOffsetPage(offset);
    cache.delete(offset);
    if (walker.consume(read) === 'stop') break;
    offset = read.page.nextOffset ?? offset + read.page.items.length;
  }
  return walker.posts();
}

/** Keeps the window's posts across pages, with the stop rules of the walk. */
function createWalker(deps: ListingDeps, window: TimeWindow) {
  const seen = new Set<string>();
  const kept = new Map<string, ForumPost>();
  let stale = 0;
  let pages = 0;
  const { stats } = deps;

  return {
    /** Takes one page; says whether the walk must stop (window passed, or listing ended). */
    consume(read: ReadPage): 'stop' | 'continue' {
      pages += 1;
      stats.pages += 1;
      stats.itemsSeen += read.results.length;
      let newIds = 0;
      let inside = 0;
      let skipped = 0;
      for (const r of read.results) {
        const id = r.ok ? r.post.id : r.id;
        if (id !== null) {
          if (seen.has(id)) {
            stats.duplicates += 1;
            continue;
          }
          seen.add(id);
          newIds += 1;
        }
        if (!r.ok) {
          if (r.deleted) stats.deletedPosts += 1;
          else {
            stats.skippedPosts += 1;
            skipped += 1;
            deps.log({ type: 'item-skipped', where: 'post', reason: r.reason, id: r.id });
          }
          continue;
        }
        if (inWindow(r.post, window)) {
          kept.set(r.post.id, r.post);
          inside += 1;
        }
      }
      deps.log({
        type: 'page',
        dialect: read.page.dialect,
        offset: read.offset,
        items: read.results.length,
        newIds,
        inWindow: inside,
        skipped,
      });
      if (read.oldestMs !== null && read.oldestMs < window.startMs) return 'stop';
      if (!read.page.hasMore || read.results.length === 0) return 'stop';
      stale = newIds === 0 ? stale + 1 : 0;
      if (stale >= deps.maxStalePages) {
        throw new ForumError(
          'bad-response',
          `${stale} listing pages in a row brought no new post before reaching the window's start`,
        );
      }
      if (pages >= deps.maxPages) {
        throw new ForumError(
          'bad-response',
          `walked ${pages} listing pages without reaching the window's start`,
        );
      }
      return 'continue';
    },
    posts(): ForumPost[] {
      const posts = [...kept.values()].sort(byNewestThenId);
      stats.posts = posts.length;
      return posts;
    },
  };
}

function listUrl(deps: ListingDeps, at: { offset?: number; cursor?: string }): URL {
  const url = new URL(`${deps.baseUrl}/posts`);
  url.searchParams.set('sort', 'new');
  url.searchParams.set('limit', String(deps.pageSize));
  if (at.offset !== undefined) url.searchParams.set('offset', String(at.offset));
  if (at.cursor !== undefined) url.searchParams.set('cursor', at.cursor);
  return url;
}
