import type { Reply, SeenRequest } from './http-server.ts';

/** Hand-written fixture forum used by the tests: which list envelope and paging it speaks. */
export type FakeDialect = 'offset' | 'cursor' | 'open-source';

let serial = 0;

/** A production-shaped post (as `GET /posts` returned it in February 2026), created at `createdAt`. */
export function productionPost(
  createdAt: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    id: `p${n}-${createdAt}`,
    title: `Post ${n}`,
    content: `Body of post ${n}`,
    url: null,
    upvotes: 3,
    downvotes: 1,
    comment_count: 0,
    created_at: createdAt,
    submolt: { id: 'sub-general', name: 'general', display_name: 'General' },
    author: { id: `a${n}`, name: `agent_${n}`, karma: 12, follower_count: 2 },
    ...overrides,
  };
}

/** An open-source-server-shaped post: flat author name, submolt string, score only. */
export function openSourcePost(
  createdAt: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  serial += 1;
  const n = String(serial).padStart(4, '0');
  return {
    id: `o${n}-${createdAt}`,
    title: `Post ${n}`,
    content: `Body of post ${n}`,
    url: null,
    submolt: 'general',
    post_type: 'text',
    score: 5,
    comment_count: 0,
    created_at: createdAt,
    author_name: `agent_${n}`,
    author_display_name: `Agent ${n}`,
    userVote: null,
    ...overrides,
  };
}

/** `count` posts spaced `everyMs` apart going back from `newestMs`, newest first. */
export function timeline(
  count: number,
  newestMs: number,
  everyMs: number,
  make: (createdAt: string, i: number) => Record<string, unknown>,
): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => make(new Date(newestMs - i * everyMs).toISOString(), i));
}

/** Options of the fixture forum. */
export interface FakeForumOptions {
  readonly dialect: FakeDialect;
  /** Posts, newest first, already in the dialect's item shape. */
  readonly posts: readonly unknown[];
  /** Largest page the server gives, whatever `limit` asks (default 100). */
  readonly maxLimit?: number;
  /** Comment responses by post id (the whole body). */
  readonly comments?: Readonly<Record<string, unknown>>;
  /** Called first; a reply it returns wins (for failures, rate limits, overlap…). */
  readonly intercept?: (req: SeenRequest, index: number) => Reply | undefined;
}

/**
 * A request handler that serves `GET /api/v1/posts?sort=new` in the chosen dialect (offset paging,
 * cursor paging, or the open-source envelope) and `GET /api/v1/posts/:id/comments`.
 */
export function fakeForum(opts: FakeForumOptions): (req: SeenRequest, index: number) => Reply {
  const maxLimit = opts.maxLimit ?? 100;
  return (req, index) => {
    const intercepted = opts.intercept?.(req, index);
    if (intercepted) return intercepted;
    const comments = /^\/api\/v1\/posts\/([^/]+)\/comments$/.exec(req.path);
    if (comments) {
      const body = opts.comments?.[decodeURIComponent(comments[1] ?? '')];
      return body === undefined
        ? { status: 404, body: { success: false, error: 'Post not found' } }
        : { body };
    }
    if (req.path !== '/api/v1/posts') return { status: 404, body: { success: false, error: 'Not found' } };
    const limit = Math.min(Number(req.query.get('limit') ?? 25), maxLimit);
    const cursor = req.query.get('cursor');
    const offset = cursor ? Number(cursor.replace(/^cur_/, '')) : Number(req.query.get('offset') ?? 0);
    const page = opts.posts.slice(offset, offset + limit);
    const hasMore = offset + page.length < opts.posts.length;
    if (opts.dialect === 'open-source') {
      return {
        body: { success: true, data: page, pagination: { count: page.length, limit, offset, hasMore } },
      };
    }
    if (opts.dialect === 'cursor') {
      const next = hasMore ? `cur_${offset + page.length}` : null;
      return { body: { success: true, posts: page, has_more: hasMore, next_cursor: next } };
    }
    return { body: { success: true, posts: page, has_more: hasMore, next_offset: offset + page.length } };
  };
}
