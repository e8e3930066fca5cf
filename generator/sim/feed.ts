import { HOUR_MS, type PostDraft, visibleInHour } from './hour-posts.ts';
import { observePost } from './world.ts';
import type { WorldCache } from './world-cache.ts';

/** The list orders the forum accepts. */
export type FeedSort = 'new' | 'hot' | 'top' | 'rising';

/** One list request, already validated. */
export interface FeedQuery {
  readonly sort: FeedSort;
  readonly limit: number;
  /** Start position, newest = 0 (offset paging). */
  readonly offset: number;
  /** Opaque position from a previous page (cursor paging); wins over offset. */
  readonly cursor: string | null;
  /** Community index (see communityIndex), or null for all. */
  readonly submolt: number | null;
  /** Repeat this many items of the previous page at the top (the overlap fault). */
  readonly overlap: number;
}

/** One page of the feed. */
export interface FeedPage {
  readonly items: readonly PostDraft[];
  readonly offset: number;
  readonly hasMore: boolean;
  readonly nextOffset: number;
  readonly nextCursor: string | null;
}

/** Raised for a cursor that this server did not issue. */
export class BadCursorError extends Error {}

/** How far back `sort=new` reaches, in hours before the clock's hour. */
export const DEFAULT_HISTORY_HOURS = 14 * 24;
/** How many recent hours `hot`, `top` and `rising` rank. */
export const RANK_WINDOW_HOURS = 3;

type Position = readonly [hourNumber: number, index: number];

/** The posts visible at a clock reading, optionally in one community, newest first. */
class FeedView {
  readonly newestHour: number;
  readonly oldestHour: number;

  constructor(
    private readonly world: WorldCache,
    private readonly nowMs: number,
    private readonly submolt: number | null,
    historyHours: number,
  ) {
    this.newestHour = Math.floor(nowMs / HOUR_MS);
    this.oldestHour = this.newestHour - historyHours;
  }

  visible(h: number): number {
    return visibleInHour(this.world.seed, h, this.world.count(h), this.nowMs);
  }

  matchCount(h: number): number {
    const v = this.visible(h);
    if (this.submolt === null) return v;
    const subs = this.world.submolts(h);
    let n = 0;
    for (let i = 0; i < v; i++) if (subs[i] === this.submolt) n++;
    return n;
  }

  private matches(h: number, i: number): boolean {
    return this.submolt === null || this.world.submolts(h)[i] === this.submolt;
  }

  /** Positions strictly older than (h, i), newest first. */
  *olderThan(h: number, i: number): Generator<Position> {
    for (let hour = h; hour >= this.oldestHour; hour--) {
      const start = hour === h ? Math.min(i, this.visible(hour)) - 1 : this.visible(hour) - 1;
      for (let k = start; k >= 0; k--) if (this.matches(hour, k)) yield [hour, k];
    }
  }

  /** Up to `n` positions newer than (h, i), i included, nearest first. */
  newerFrom(h: number, i: number, n: number): Position[] {
    const out: Position[] = [];
    for (let hour = h; hour <= this.newestHour && out.length < n; hour++) {
      const v = this.visible(hour);
      for (let k = hour === h ? i : 0; k < v && out.length < n; k++)
        if (this.matches(hour, k)) out.push([hour, k]);
    }
    return out;
  }

  /** The position at `offset` (0 = newest), or null past the end. */
  atOffset(offset: number): Position | null {
    let rest = offset;
    for (let h = this.newestHour; h >= this.oldestHour; h--) {
      const m = this.matchCount(h);
      if (rest >= m) {
        rest -= m;
        continue;
      }
      if (this.submolt === null) return [h, this.visible(h) - 1 - rest];
      for (const pos of this.olderThan(h, this.visible(h))) {
        if (pos[0] !== h) break;
        if (rest-- === 0) return pos;
      }
    }
    return null;
  }

  /** The items at positions, in order. */
  resolve(positions: readonly Position[]): PostDraft[] {
    return positions.map(([h, i]) => this.world.drafts(h)[i] as PostDraft);
  }
}

/** Opaque cursor for a position in the `new` order (keyset: stable while new posts arrive). */
export function encodeCursor(hourNumber: number, index: number): string {
  return Buffer.from(`n:${hourNumber}:${index}`).toString('base64url');
}

/** Opaque cursor for an offset in a ranked order. */
function encodeRankCursor(offset: number): string {
  return Buffer.from(`r:${offset}`).toString('base64url');
}

function decodeCursor(cursor: string): { kind: 'n'; h: number; i: number } | { kind: 'r'; offset: number } {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const n = /^n:(\d{1,9}):(\d{1,9})$/.exec(text);
  if (n) return { kind: 'n', h: Number(n[1]), i: Number(n[2]) };
  const r = /^r:(\d{1,9})$/.exec(text);
  if (r) return { kind: 'r', offset: Number(r[1]) };
  throw new BadCursorError(`invalid cursor "${cursor}"`);
}

/** A page of `sort=new`: newest first across every hour up to the clock. */
function pageNew(world: WorldCache, nowMs: number, q: FeedQuery, historyHours: number): FeedPage {
  const view = new FeedView(world, nowMs, q.submolt, historyHours);
  let positions: Position[] = [];
  let offset = q.offset;
  if (q.cursor !== null) {
    const c = decodeCursor(q.cursor);
    if (c.kind !== 'n') throw new BadCursorError('cursor belongs to another sort order');
    offset = 0;
    if (q.overlap > 0) positions = view.newerFrom(c.h, c.i, q.overlap).reverse();
    for (const pos of view.olderThan(c.h, c.i)) {
      if (positions.length >= q.limit) break;
      positions.push(pos);
    }
  } else {
    offset = Math.max(0, q.offset - q.overlap);
    const first = view.atOffset(offset);
    if (first) {
      positions.push(first);
      for (const pos of view.olderThan(first[0], first[1])) {
        if (positions.length >= q.limit) break;
        positions.push(pos);
      }
    }
  }
  const last = positions.at(-1);
  const hasMore = last !== undefined && !view.olderThan(last[0], last[1]).next().done;
  return {
    items: view.resolve(positions),
    offset,
    hasMore,
    nextOffset: offset + positions.length,
    nextCursor: hasMore && last ? encodeCursor(last[0], last[1]) : null,
  };
}

function rankValue(sort: FeedSort, d: PostDraft, nowMs: number): number {
  const p = observePost(d, nowMs);
  const ageHours = Math.max(0, (nowMs - d.createdAtMs) / HOUR_MS);
  if (sort === 'top') return p.score;
  if (sort === 'rising') return (p.score + p.commentCount) / (ageHours + 0.25);
  return p.score / (ageHours + 2) ** 1.5;
}

let rankedMemo: { key: string; items: PostDraft[] } | null = null;

/** A page of `hot`, `top` or `rising`: the recent window ranked at the clock, paged by offset. */
function pageRanked(world: WorldCache, nowMs: number, q: FeedQuery): FeedPage {
  const view = new FeedView(world, nowMs, q.submolt, RANK_WINDOW_HOURS - 1);
  const minute = Math.floor(nowMs / 60_000);
  const key = `${world.seed}:${world.postsPerHour}:${q.sort}:${q.submolt}:${minute}`;
  if (rankedMemo?.key !== key) {
    const items: PostDraft[] = [];
    for (let h = view.newestHour; h >= view.oldestHour; h--) {
      const drafts = world.drafts(h);
      const v = view.visible(h);
      for (let i = 0; i < v; i++) {
        const d = drafts[i] as PostDraft;
        if (q.submolt === null || world.submolts(h)[i] === q.submolt) items.push(d);
      }
    }
    const at = minute * 60_000;
    const scored = items.map((d) => ({ d, v: rankValue(q.sort, d, at) }));
    scored.sort((a, b) => b.v - a.v || b.d.createdAtMs - a.d.createdAtMs);
    rankedMemo = { key, items: scored.map((s) => s.d) };
  }
  let offset = q.offset;
  if (q.cursor !== null) {
    const c = decodeCursor(q.cursor);
    if (c.kind !== 'r') throw new BadCursorError('cursor belongs to another sort order');
    offset = c.offset;
  }
  offset = Math.max(0, offset - q.overlap);
  const items = rankedMemo.items.slice(offset, offset + q.limit);
  const next = offset + items.length;
  const hasMore = next < rankedMemo.items.length;
  return { items, offset, hasMore, nextOffset: next, nextCursor: hasMore ? encodeRankCursor(next) : null };
}

/** One page of the feed as the forum would serve it at `nowMs`. */
export function feedPage(
  world: WorldCache,
  nowMs: number,
  q: FeedQuery,
  historyHours = DEFAULT_HISTORY_HOURS,
): FeedPage {
  return q.sort === 'new' ? pageNew(world, nowMs, q, historyHours) : pageRanked(world, nowMs, q);
}
