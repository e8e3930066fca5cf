import { z } from 'zod';
import { commentDrafts } from './comments.ts';
import { COMMUNITIES, communityByName } from './communities.ts';
import { BadCursorError, type FeedQuery, feedPage } from './feed.ts';
import { HOUR_MS } from './hour-posts.ts';
import {
  commentTree,
  openSourceComment,
  openSourcePost,
  productionComment,
  productionPost,
  submoltList,
} from './wire.ts';
import { communityIndex, type WorldCache } from './world-cache.ts';

/** The API dialect the simulator speaks. */
export type SimDialect = 'production-offset' | 'production-cursor' | 'opensource';

/** Everything a handler needs to answer. */
export interface HandlerContext {
  readonly world: WorldCache;
  readonly dialect: SimDialect;
  readonly nowMs: number;
  readonly maxPageSize: number;
  /** Items of the previous page to repeat (the overlap fault), 0 normally. */
  readonly overlap: number;
}

/** A JSON answer. */
export interface Reply {
  readonly status: number;
  readonly body: unknown;
}

/** A failure that becomes the forum's JSON error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** The forum's error body. */
export function errorBody(message: string, hint?: string): Record<string, unknown> {
  return hint ? { success: false, error: message, hint } : { success: false, error: message };
}

const intParam = (name: string, min: number) =>
  z
    .string()
    .regex(/^\d+$/, `query parameter "${name}" must be a non-negative integer`)
    .transform(Number)
    .pipe(z.number().int().min(min, `query parameter "${name}" must be at least ${min}`));

const ListQuery = z.object({
  sort: z
    .enum(['new', 'hot', 'top', 'rising'], {
      error: 'query parameter "sort" must be one of new, hot, top, rising',
    })
    .default('hot'),
  limit: intParam('limit', 1).default(25),
  offset: intParam('offset', 0).default(0),
  cursor: z.string().min(1).max(200).optional(),
  submolt: z.string().min(1).max(100).optional(),
});

const CommentQuery = z.object({
  sort: z
    .enum(['top', 'new', 'controversial'], {
      error: 'query parameter "sort" must be one of top, new, controversial',
    })
    .default('top'),
  limit: intParam('limit', 1).default(100),
});

function parseQuery<T extends z.ZodType>(schema: T, query: URLSearchParams): z.infer<T> {
  const parsed = schema.safeParse(Object.fromEntries(query));
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'invalid query');
  return parsed.data;
}

/** `GET /posts` and `GET /submolts/:name/feed`. */
export function listPosts(ctx: HandlerContext, query: URLSearchParams, feedOf?: string): Reply {
  const q = parseQuery(ListQuery, query);
  const submoltName = feedOf ?? q.submolt ?? null;
  if (feedOf !== undefined && !communityByName(feedOf)) throw new HttpError(404, 'Submolt not found');
  const limit = Math.min(q.limit, ctx.maxPageSize);
  const feedQuery: FeedQuery = {
    sort: q.sort,
    limit,
    offset: q.offset,
    cursor: ctx.dialect === 'production-cursor' ? (q.cursor ?? null) : null,
    submolt: submoltName === null ? null : communityIndex(submoltName),
    overlap: ctx.overlap,
  };
  let page: ReturnType<typeof feedPage>;
  try {
    page = feedPage(ctx.world, ctx.nowMs, feedQuery);
  } catch (error) {
    if (error instanceof BadCursorError)
      throw new HttpError(400, error.message, 'Use the next_cursor of a previous page');
    throw error;
  }
  if (ctx.dialect === 'opensource') {
    return {
      status: 200,
      body: {
        success: true,
        data: page.items.map((d) => openSourcePost(d, ctx.nowMs)),
        pagination: { count: page.items.length, limit, offset: page.offset, hasMore: page.hasMore },
      },
    };
  }
  const posts = page.items.map((d) => productionPost(d, ctx.nowMs));
  if (ctx.dialect === 'production-cursor') {
    return {
      status: 200,
      body: { success: true, posts, has_more: page.hasMore, next_cursor: page.nextCursor },
    };
  }
  return {
    status: 200,
    body: { success: true, posts, has_more: page.hasMore, next_offset: page.nextOffset },
  };
}

function visiblePost(ctx: HandlerContext, id: string) {
  const draft = ctx.world.find(id);
  if (!draft || draft.createdAtMs > ctx.nowMs) throw new HttpError(404, 'Post not found');
  return draft;
}

/** `GET /posts/:id`: the post and its comment tree. */
export function getPost(ctx: HandlerContext, id: string): Reply {
  const draft = visiblePost(ctx, id);
  const tree = commentTree(commentDrafts(ctx.world.seed, draft, ctx.nowMs), 'top', 500);
  if (ctx.dialect === 'opensource') {
    return {
      status: 200,
      body: { success: true, post: openSourcePost(draft, ctx.nowMs), comments: tree.map(openSourceComment) },
    };
  }
  return {
    status: 200,
    body: {
      success: true,
      post: productionPost(draft, ctx.nowMs),
      comments: tree.map(productionComment),
      context: { tip: 'Check author.karma and author.follower_count to understand who posted this.' },
    },
  };
}

/** `GET /posts/:id/comments`: nested reply trees. */
export function getComments(ctx: HandlerContext, id: string, query: URLSearchParams): Reply {
  const q = parseQuery(CommentQuery, query);
  const draft = visiblePost(ctx, id);
  const tree = commentTree(commentDrafts(ctx.world.seed, draft, ctx.nowMs), q.sort, Math.min(q.limit, 500));
  if (ctx.dialect === 'opensource')
    return { status: 200, body: { success: true, data: tree.map(openSourceComment) } };
  return {
    status: 200,
    body: {
      success: true,
      post_id: draft.id,
      sort: q.sort,
      count: tree.length,
      comments: tree.map(productionComment),
    },
  };
}

/** `GET /submolts`. */
export function listSubmolts(ctx: HandlerContext): Reply {
  const data = submoltList((name) => 1000 + (ctx.world.seed % 97) * 13 + name.length * 211);
  if (ctx.dialect === 'opensource') return { status: 200, body: { success: true, data } };
  return { status: 200, body: { success: true, submolts: data, count: data.length } };
}

/** Launch hour of the simulated forum; /stats counts from here. */
const GENESIS_HOUR = Date.UTC(2026, 0, 28) / HOUR_MS;

/** `GET /stats`: public counters, consistent with the posting rate. */
export function getStats(ctx: HandlerContext): Reply {
  const nowHour = Math.floor(ctx.nowMs / HOUR_MS);
  let posts = 0;
  for (let h = Math.max(GENESIS_HOUR, nowHour - 24 * 366); h < nowHour; h++) posts += ctx.world.count(h);
  return {
    status: 200,
    body: {
      success: true,
      agents: 1500 + Math.floor(posts / 4),
      submolts: COMMUNITIES.length,
      posts,
      comments: posts * 4,
      last_updated: new Date(nowHour * HOUR_MS).toISOString(),
    },
  };
}
