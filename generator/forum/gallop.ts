import { ForumError } from './errors.ts';
import type { ForumClientEvent } from './events.ts';
import { positionOf, type ReadPage, type TimeWindow } from './window.ts';

/** Guard against a forum that keeps answering pages newer than the window at ever larger offsets. */
const MAX_PROBES = 64;

/**
 * Finds the offset at which to start walking an offset-paged, newest-first listing so that the pages
 * newer than the window's end are not all read: probes offsets growing exponentially until one reaches
 * the window's end, then binary-searches the last gap down to one page. Every post before the returned
 * offset was created at or after `window.endMs` (given the listing is sorted newest first).
 * `getPage(offset)` fetches (and may cache) a page; `first` is the page at offset 0.
 */
export async function locateWalkStart(
  first: ReadPage,
  window: TimeWindow,
  getPage: (offset: number) => Promise<ReadPage>,
  log: (event: ForumClientEvent) => void,
): Promise<number> {
  const size = first.page.items.length;
  if (size === 0 || !first.page.hasMore || positionOf(first, window) !== 'newer') return 0;
  const firstIds = new Set(first.results.map((r) => (r.ok ? r.post.id : r.id)));

  let probes = 0;
  const probe = async (
    offset: number,
  ): Promise<{ read: ReadPage; position: 'newer' | 'contains' | 'older' }> => {
    probes += 1;
    if (probes > MAX_PROBES) {
      throw new ForumError(
        'bad-response',
        `still no post older than the window's end after ${MAX_PROBES} probes`,
      );
    }
    const read = await getPage(offset);
    const position = positionOf(read, window);
    log({
      type: 'probe',
      offset,
      position,
      newest: read.newestMs === null ? null : new Date(read.newestMs).toISOString(),
      oldest: read.oldestMs === null ? null : new Date(read.oldestMs).toISOString(),
    });
    if (position === 'newer' && read.results.every((r) => firstIds.has(r.ok ? r.post.id : r.id))) {
      throw new ForumError(
        'bad-response',
        `the page at offset ${offset} repeats the first page: the forum seems to ignore the offset parameter`,
      );
    }
    return { read, position };
  };

  // Invariant: every post before `lo` is newer than the window's end; the boundary is before `hi`.
  let lo = first.page.nextOffset ?? size;
  let step = size;
  let hi = lo;
  for (;;) {
    const { read, position } = await probe(hi);
    if (position === 'contains') return hi;
    if (position === 'older') break;
    lo = read.page.nextOffset ?? hi + read.page.items.length;
    if (!read.page.hasMore) return lo;
    step *= 2;
    hi = lo + step;
  }
  while (hi - lo > size) {
    const mid: number = lo + Math.floor((hi - lo) / 2);
    const { read, position } = await probe(mid);
    if (position === 'contains') return mid;
    if (position === 'older') hi = mid;
    else lo = read.page.nextOffset ?? mid + read.page.items.length;
  }
  return lo;
}
