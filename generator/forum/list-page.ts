import { z } from 'zod';
import { ForumError } from './errors.ts';
import type { ListDialect } from './events.ts';
import { asBool, asInt, asNonEmptyText } from './lenient.ts';
import { describeShape } from './parse-comments.ts';

/** One page of `GET /posts?sort=new`, whatever the dialect, with its raw items still unparsed. */
export interface ListPage {
  readonly dialect: ListDialect;
  readonly items: readonly unknown[];
  readonly hasMore: boolean;
  /** Offset of the next page (offset dialects), or null in cursor paging. */
  readonly nextOffset: number | null;
  /** Cursor of the next page (cursor paging), or null. */
  readonly nextCursor: string | null;
}

/** Production list: `{success, posts, has_more, next_offset}` or `{…, next_cursor}`. */
const ProductionList = z.looseObject({
  success: z.unknown().optional(),
  posts: z.array(z.unknown()),
  has_more: z.unknown().optional(),
  next_offset: z.unknown().optional(),
  next_cursor: z.unknown().optional(),
});

/** Open-source server list: `{data, pagination: {count, limit, offset, hasMore}}`. */
const OpenSourceList = z.looseObject({
  success: z.unknown().optional(),
  data: z.array(z.unknown()),
  pagination: z.looseObject({ hasMore: z.unknown().optional(), has_more: z.unknown().optional() }).optional(),
});

/**
 * Reads a list response, detecting the dialect from the body. `offset` and `limit` are what was asked
 * for: when the forum does not say whether more pages exist, a full page means there may be.
 * Throws `ForumError('bad-response')` naming `url` when the body is no known list.
 */
export function parseListPage(body: unknown, url: string, offset: number, limit: number): ListPage {
  const production = ProductionList.safeParse(body);
  if (production.success) {
    const page = production.data;
    refuseFailure(page.success, url);
    const cursorKey = Object.hasOwn(page, 'next_cursor');
    const nextCursor = asNonEmptyText(page.next_cursor);
    const declaredOffset = asInt(page.next_offset);
    const cursorPaging = cursorKey && declaredOffset === null;
    const hasMore =
      asBool(page.has_more) ??
      (cursorPaging ? nextCursor !== null : declaredOffset !== null || page.posts.length >= limit);
    return {
      dialect: cursorPaging ? 'cursor' : 'offset',
      items: page.posts,
      hasMore,
      nextOffset: cursorPaging
        ? null
        : declaredOffset !== null && declaredOffset > offset
          ? declaredOffset
          : offset + page.posts.length,
      nextCursor: cursorPaging ? nextCursor : null,
    };
  }
  const open = OpenSourceList.safeParse(body);
  if (open.success) {
    const page = open.data;
    refuseFailure(page.success, url);
    const declared = asBool(page.pagination?.hasMore ?? page.pagination?.has_more);
    return {
      dialect: 'open-source',
      items: page.data,
      hasMore: declared ?? page.data.length >= limit,
      nextOffset: offset + page.data.length,
      nextCursor: null,
    };
  }
  throw new ForumError(
    'bad-response',
    `GET ${url}: expected a post list ({posts, has_more, next_offset|next_cursor} or {data, pagination}), got ${describeShape(body)}`,
  );
}

function refuseFailure(success: unknown, url: string): void {
  if (asBool(success) === false) {
    throw new ForumError('bad-response', `GET ${url}: the forum answered success: false with a 2xx status`);
  }
}
