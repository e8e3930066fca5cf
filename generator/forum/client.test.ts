import { afterEach, describe, expect, it } from 'vitest';
import { ForumComment, ForumPost, isIncomplete } from '../../core/forum.ts';
import { createForumClient, type ForumClientEvent, type ForumClientOptions, ForumError } from './client.ts';
import { fakeClock } from './testing/clock.ts';
import {
  type FakeDialect,
  type FakeForumOptions,
  fakeForum,
  openSourcePost,
  productionPost,
  timeline,
} from './testing/fake-forum.ts';
import { startServer, type TestServer } from './testing/http-server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const HOUR_START = new Date('2026-02-10T11:00:00.000Z');
const HOUR_END = new Date('2026-02-10T12:00:00.000Z');
const T = (iso: string) => Date.parse(iso);

async function forum(opts: FakeForumOptions) {
  const server = await startServer(fakeForum(opts));
  servers.push(server);
  const clock = fakeClock(T('2026-02-10T12:05:00Z'));
  const events: ForumClientEvent[] = [];
  const client = (extra: Partial<ForumClientOptions> = {}) =>
    createForumClient({
      baseUrl: `${server.origin}/api/v1`,
      pageSize: 50,
      sleep: clock.sleep,
      now: clock.now,
      random: () => 0.5,
      log: (e) => events.push(e),
      ...extra,
    });
  const listRequests = () => server.requests.filter((r) => r.path === '/api/v1/posts');
  return { server, clock, events, client, listRequests };
}

async function failure(promise: Promise<unknown>): Promise<ForumError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ForumError);
    return err as ForumError;
  }
  throw new Error('expected a ForumError');
}

const makers: Record<FakeDialect, typeof productionPost> = {
  offset: productionPost,
  cursor: productionPost,
  'open-source': openSourcePost,
};

describe.each<FakeDialect>(['offset', 'cursor', 'open-source'])('the %s dialect', (dialect) => {
  // One post every 30 s from 12:04:30 back to 10:00:00: index 9 is 12:00:00 (excluded), 129 is 11:00:00.
  const posts = timeline(250, T('2026-02-10T12:04:30Z'), 30_000, (at) => makers[dialect](at));

  it('returns exactly the posts of [hourStart, hourEnd), newest first, strictly valid', async () => {
    const { client, listRequests, events } = await forum({ dialect, posts });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.hourStart).toBe('2026-02-10T11:00:00.000Z');
    expect(hour.hourEnd).toBe('2026-02-10T12:00:00.000Z');
    expect(hour.posts).toHaveLength(120);
    expect(hour.posts[0]?.createdAt).toBe('2026-02-10T11:59:30.000Z');
    expect(hour.posts.at(-1)?.createdAt).toBe('2026-02-10T11:00:00.000Z');
    expect(hour.posts.map((p) => p.id)).toEqual(posts.slice(10, 130).map((p) => String(p.id)));
    for (const p of hour.posts) expect(ForumPost.safeParse(p).success).toBe(true);
    expect(hour.stats).toMatchObject({ dialect, posts: 120, skippedPosts: 0, duplicates: 0 });
    // Pages of 50: the walk stops at the page holding 11:00 minus a bit (offsets 0, 50, 100), no further.
    expect(listRequests()).toHaveLength(3);
    for (const r of listRequests()) {
      expect(r.query.get('sort')).toBe('new');
      expect(r.query.get('limit')).toBe('50');
    }
    expect(events.filter((e) => e.type === 'page')).toHaveLength(3);
    expect(events.at(-1)).toMatchObject({ type: 'done' });
  });

  it('pages with the dialect’s own mechanism', async () => {
    const { client, listRequests } = await forum({ dialect, posts });
    await client().fetchHour(HOUR_START, HOUR_END);
    const later = listRequests().slice(1);
    if (dialect === 'cursor') {
      expect(later.map((r) => r.query.get('cursor'))).toEqual(['cur_50', 'cur_100']);
      expect(later.every((r) => !r.query.has('offset'))).toBe(true);
    } else {
      expect(later.map((r) => r.query.get('offset'))).toEqual(['50', '100']);
    }
  });

  it('stops at the end of the listing when the window reaches past the oldest post', async () => {
    const { client } = await forum({ dialect, posts: posts.slice(0, 60) });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.posts).toHaveLength(50);
  });

  it('returns an empty hour from an empty forum', async () => {
    const { client } = await forum({ dialect, posts: [] });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.posts).toEqual([]);
    expect(hour.comments.size).toBe(0);
  });
});

describe('overlapping and repeated pages', () => {
  const posts = timeline(250, T('2026-02-10T12:04:30Z'), 30_000, (at) => productionPost(at));

  it('dedupes by id when new posts push the listing down between requests (overlap, whole page repeated)', async () => {
    const live = [...posts];
    const arrive = (n: number) =>
      live.unshift(...timeline(n, T('2026-02-10T12:06:00Z') + n * 1000, 1000, (at) => productionPost(at)));
    const { client, events } = await forum({
      dialect: 'offset',
      posts: live,
      intercept: (req) => {
        // 20 posts arrive before the second page (20 repeated), 50 before the third (all 50 repeated).
        if (req.query.get('offset') === '50') arrive(20);
        if (req.query.get('offset') === '100') arrive(50);
        return undefined;
      },
    });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.posts.map((p) => p.id)).toEqual(posts.slice(10, 130).map((p) => String(p.id)));
    expect(hour.stats.duplicates).toBe(20 + 50);
    expect(events.filter((e) => e.type === 'page').map((e) => e.type === 'page' && e.newIds)).toEqual([
      50, 30, 0, 50, 50,
    ]);
  });

  it('gives up with bad-response when pages keep bringing nothing new before the window’s start', async () => {
    const { client, listRequests } = await forum({
      dialect: 'offset',
      posts,
      intercept: (req) =>
        req.query.has('offset')
          ? { body: { success: true, posts: posts.slice(0, 50), has_more: true, next_offset: 999 } }
          : undefined,
    });
    const err = await failure(client().fetchHour(HOUR_START, HOUR_END));
    expect(err.kind).toBe('bad-response');
    expect(err.message).toMatch(/3 listing pages in a row/);
    expect(listRequests()).toHaveLength(4);
  });

  it('refuses a cursor that comes back', async () => {
    const { client } = await forum({
      dialect: 'cursor',
      posts,
      intercept: (req) =>
        req.query.get('cursor') === 'cur_50'
          ? { body: { success: true, posts: posts.slice(50, 100), has_more: true, next_cursor: 'cur_50' } }
          : undefined,
    });
    const err = await failure(client().fetchHour(HOUR_START, HOUR_END));
    expect(err.message).toMatch(/cursor cur_50 twice/);
  });
});

describe('skipping pages newer than the window', () => {
  // One post every 5 s for about 28 hours: the hour a day ago lies ~17,000 posts deep.
  const DAY_AGO_START = new Date('2026-02-09T11:00:00.000Z');
  const DAY_AGO_END = new Date('2026-02-09T12:00:00.000Z');
  const newest = T('2026-02-10T12:04:55Z');

  it.each<FakeDialect>(['offset', 'open-source'])(
    'gallops then binary-searches in the %s dialect with few requests',
    async (dialect) => {
      const posts = timeline(20_000, newest, 5000, (at) => makers[dialect](at));
      const { client, listRequests, events } = await forum({ dialect, posts });
      const hour = await client({ pageSize: 100 }).fetchHour(DAY_AGO_START, DAY_AGO_END);
      expect(hour.posts).toHaveLength(720);
      expect(hour.posts[0]?.createdAt).toBe('2026-02-09T11:59:55.000Z');
      expect(hour.posts.at(-1)?.createdAt).toBe('2026-02-09T11:00:00.000Z');
      // Walking would read ~180 pages; the search needs about 2·log2(180) plus the hour's 8 pages.
      expect(listRequests().length).toBeLessThan(35);
      expect(hour.stats.probes).toBeGreaterThan(0);
      expect(hour.stats.pages).toBeLessThanOrEqual(10);
      expect(events.some((e) => e.type === 'probe' && e.position === 'older')).toBe(true);
    },
  );

  it('finds the window when it sits just past the first page, and when it is older than all posts', async () => {
    const posts = timeline(20_000, newest, 5000, (at) => productionPost(at));
    const near = await forum({ dialect: 'offset', posts });
    const recent = await near
      .client({ pageSize: 100 })
      .fetchHour(new Date('2026-02-10T11:00:00Z'), new Date('2026-02-10T11:55:00Z'));
    expect(recent.posts).toHaveLength(660);
    const old = await near
      .client({ pageSize: 100 })
      .fetchHour(new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T01:00:00Z'));
    expect(old.posts).toEqual([]);
  });

  it('refuses a forum that ignores the offset parameter instead of probing forever', async () => {
    const posts = timeline(500, newest, 5000, (at) => productionPost(at));
    const { client } = await forum({
      dialect: 'offset',
      posts,
      intercept: () => ({
        body: { success: true, posts: posts.slice(0, 50), has_more: true, next_offset: 50 },
      }),
    });
    const err = await failure(client().fetchHour(DAY_AGO_START, DAY_AGO_END));
    expect(err.kind).toBe('bad-response');
    expect(err.message).toMatch(/ignore the offset/);
  });
});

describe('lenient parsing in the listing', () => {
  it('keeps what can be made valid, skips and counts the rest, never crashes', async () => {
    const posts = [
      productionPost('2026-02-10T12:30:00Z'),
      { ...productionPost('2026-02-10T11:50:00Z'), id: undefined },
      productionPost('2026-02-10T11:45:00Z', { created_at: 'not a date' }),
      productionPost('2026-02-10T11:40:00Z', { is_deleted: true }),
      productionPost('2026-02-10T11:30:00Z', {
        id: 'strings',
        upvotes: '12',
        downvotes: '2',
        comment_count: '4',
        author: null,
        url: undefined,
        content: undefined,
        submolt: 'flat',
      }),
      'not even an object',
      productionPost('2026-02-10T11:20:00.123456+00:00', {
        id: 'camel',
        author: { id: 'x', name: 'Camel', karma: '9', followerCount: 3, isClaimed: true },
      }),
      productionPost('2026-02-10T10:00:00Z'),
    ];
    const { client, events } = await forum({ dialect: 'offset', posts });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.posts.map((p) => p.id)).toEqual(['strings', 'camel']);
    expect(hour.posts[0]).toMatchObject({
      upvotes: 12,
      downvotes: 2,
      score: 10,
      commentCount: 4,
      author: null,
    });
    expect(hour.posts[0]).toMatchObject({ url: null, content: '', submolt: 'flat' });
    expect(hour.posts[1]).toMatchObject({
      author: 'Camel',
      authorKarma: 9,
      createdAt: '2026-02-10T11:20:00.123Z',
    });
    expect(hour.stats).toMatchObject({ skippedPosts: 3, deletedPosts: 1, itemsSeen: 8 });
    expect(
      events.filter((e) => e.type === 'item-skipped').map((e) => e.type === 'item-skipped' && e.reason),
    ).toEqual(['no id', 'missing or invalid created_at', 'not an object']);
  });

  it('orders posts of the same instant by id whatever the forum’s order', async () => {
    const at = '2026-02-10T11:30:00Z';
    const posts = [
      productionPost(at, { id: 'b' }),
      productionPost(at, { id: 'c' }),
      productionPost(at, { id: 'a' }),
      productionPost('2026-02-10T10:00:00Z'),
    ];
    const { client } = await forum({ dialect: 'offset', posts });
    const hour = await client().fetchHour(HOUR_START, HOUR_END);
    expect(hour.posts.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('comment threads', () => {
  const reply = (id: string, minute: number, replies: unknown[] = []) => ({
    id,
    content: `comment ${id}`,
    parent_id: null,
    upvotes: 1,
    downvotes: 0,
    created_at: `2026-02-10T11:${String(minute).padStart(2, '0')}:00.5+00:00`,
    author: { id: `a-${id}`, name: `agent-${id}`, karma: 1, follower_count: 0 },
    replies,
  });
  const posts = [
    productionPost('2026-02-10T11:50:00Z', { id: 'few', comment_count: 2 }),
    productionPost('2026-02-10T11:40:00Z', { id: 'many-b', comment_count: 9 }),
    productionPost('2026-02-10T11:30:00Z', { id: 'many-a', comment_count: '9' }),
    productionPost('2026-02-10T11:20:00Z', { id: 'none', comment_count: 0 }),
    productionPost('2026-02-10T10:20:00Z', { id: 'outside', comment_count: 99 }),
  ];

  it('fetches the most-commented threads of the window (ties by id) and flattens them', async () => {
    const { client, server } = await forum({
      dialect: 'offset',
      posts,
      comments: {
        'many-a': {
          success: true,
          comments: [reply('c1', 31, [reply('c1r', 33, [reply('c1rr', 34)])]), reply('c2', 32)],
        },
        'many-b': { data: [reply('d1', 41)] },
        few: { success: true, comments: [] },
      },
    });
    const hour = await client({ commentThreads: 2, apiKey: 'k' }).fetchHour(HOUR_START, HOUR_END);
    const commentRequests = server.requests.filter((r) => r.path.endsWith('/comments'));
    expect(commentRequests.map((r) => r.path)).toEqual([
      '/api/v1/posts/many-a/comments',
      '/api/v1/posts/many-b/comments',
    ]);
    for (const r of commentRequests) {
      expect(r.query.get('sort')).toBe('top');
      expect(r.query.get('limit')).toBe('100');
    }
    expect(server.requests.every((r) => r.headers.authorization === 'Bearer k')).toBe(true);
    expect([...hour.comments.keys()]).toEqual(['many-a', 'many-b']);
    const thread = hour.comments.get('many-a') ?? [];
    expect(thread.map((c) => [c.id, c.parentId, c.depth])).toEqual([
      ['c1', null, 0],
      ['c1r', 'c1', 1],
      ['c1rr', 'c1r', 2],
      ['c2', null, 0],
    ]);
    for (const c of thread) expect(ForumComment.safeParse(c).success).toBe(true);
    expect(thread[0]).toMatchObject({
      postId: 'many-a',
      author: 'agent-c1',
      createdAt: '2026-02-10T11:31:00.500Z',
    });
    expect(hour.stats).toMatchObject({
      threadsRequested: 2,
      threadsFetched: 2,
      threadsFailed: 0,
      comments: 5,
    });
  });

  it('counts a failed thread without failing the hour', async () => {
    const { client, events } = await forum({
      dialect: 'offset',
      posts,
      comments: { 'many-b': { data: [reply('d1', 41)] }, few: { success: true, comments: [] } },
      intercept: (req) => (req.path === '/api/v1/posts/many-a/comments' ? { status: 500 } : undefined),
    });
    const hour = await client({ maxRetries: 1 }).fetchHour(HOUR_START, HOUR_END);
    expect([...hour.comments.keys()]).toEqual(['many-b', 'few']);
    expect(hour.stats).toMatchObject({ threadsRequested: 3, threadsFetched: 2, threadsFailed: 1 });
    expect(hour.threads).toEqual({ wanted: 3, fetched: 2, failed: 1 });
    expect(isIncomplete(hour)).toBe(true);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'thread-failed', postId: 'many-a', kind: 'server-error' }),
    );
  });

  it('fetches no thread when commentThreads is 0', async () => {
    const { client, server } = await forum({ dialect: 'offset', posts });
    const hour = await client({ commentThreads: 0 }).fetchHour(HOUR_START, HOUR_END);
    expect(hour.comments.size).toBe(0);
    expect(server.requests.some((r) => r.path.endsWith('/comments'))).toBe(false);
  });

  it('is deterministic: the same forum gives the same hour twice', async () => {
    const { client } = await forum({
      dialect: 'offset',
      posts,
      comments: { 'many-a': { comments: [reply('z', 31), reply('y', 31)] }, 'many-b': { data: [] } },
    });
    const a = await client().fetchHour(HOUR_START, HOUR_END);
    const b = await client().fetchHour(HOUR_START, HOUR_END);
    expect(b.posts).toEqual(a.posts);
    expect([...b.comments]).toEqual([...a.comments]);
    expect(a.comments.get('many-a')?.map((c) => c.id)).toEqual(['y', 'z']);
  });
});

describe('fatal failures', () => {
  const posts = timeline(100, T('2026-02-10T12:04:30Z'), 30_000, (at) => productionPost(at));

  it('throws when the listing fails (5xx past the retries)', async () => {
    const { client } = await forum({ dialect: 'offset', posts, intercept: () => ({ status: 502 }) });
    const err = await failure(client({ maxRetries: 2 }).fetchHour(HOUR_START, HOUR_END));
    expect(err.kind).toBe('server-error');
  });

  it('throws unauthorized on 401 at once', async () => {
    const { client, server } = await forum({
      dialect: 'offset',
      posts,
      intercept: () => ({ status: 401, body: { success: false, error: 'Authentication required' } }),
    });
    const err = await failure(client().fetchHour(HOUR_START, HOUR_END));
    expect(err.kind).toBe('unauthorized');
    expect(server.requests).toHaveLength(1);
  });

  it('throws timeout-budget when the forum asks to wait longer than the budget left', async () => {
    const { client, clock } = await forum({
      dialect: 'offset',
      posts,
      intercept: (req) =>
        req.query.get('offset') === '50'
          ? { status: 429, body: { success: false, error: 'Too many requests', retry_after_minutes: 15 } }
          : undefined,
    });
    const err = await failure(client({ budgetMs: 10 * 60_000 }).fetchHour(HOUR_START, HOUR_END));
    expect(err.kind).toBe('timeout-budget');
    expect(clock.sleeps).toEqual([]);
  });

  it('throws a body of unknown shape as bad-response naming the URL', async () => {
    const { client, server } = await forum({
      dialect: 'offset',
      posts,
      intercept: () => ({ body: { success: true, results: [] } }),
    });
    const err = await failure(client().fetchHour(HOUR_START, HOUR_END));
    expect(err.kind).toBe('bad-response');
    expect(err.message).toContain(`${server.origin}/api/v1/posts?sort=new&limit=50`);
  });
});

describe('configuration', () => {
  it.each([
    [{ baseUrl: 'not a url' }, /baseUrl/],
    [{ baseUrl: 'ftp://example.org/api/v1' }, /baseUrl/],
    [{ baseUrl: 'https://user:pw@example.org/api/v1' }, /credentials/],
    [{ baseUrl: 'https://www.moltbook.com/api/v1', pageSize: 0 }, /pageSize/],
    [{ baseUrl: 'https://www.moltbook.com/api/v1', maxRetries: -1 }, /maxRetries/],
  ])('refuses %j', (opts, message) => {
    expect(() => createForumClient(opts)).toThrow(message);
    try {
      createForumClient(opts);
    } catch (err) {
      expect((err as ForumError).kind).toBe('config');
    }
  });

  it('refuses an empty or reversed window', async () => {
    const client = createForumClient({ baseUrl: 'http://127.0.0.1:9/api/v1' });
    expect((await failure(client.fetchHour(HOUR_END, HOUR_START))).kind).toBe('config');
    expect((await failure(client.fetchHour(new Date(Number.NaN), HOUR_END))).kind).toBe('config');
  });

  it.each([
    ['', '/api/v1'],
    ['/api', '/api/v1'],
    ['/forum/', '/forum/api/v1'],
  ])('says what to add when a base URL without /api/v1 (%j) gets a 404', async (path, fixed) => {
    const posts = [productionPost('2026-02-10T11:30:00Z')];
    const { server, clock } = await forum({ dialect: 'open-source', posts });
    const client = createForumClient({
      baseUrl: `${server.origin}${path}`,
      now: clock.now,
      sleep: clock.sleep,
    });
    const err = await failure(client.fetchHour(HOUR_START, HOUR_END));
    expect(err).toMatchObject({ kind: 'http-error', status: 404 });
    expect(err.message).toContain(
      `the base URL has no /api/v1: configure the forum base URL as ${server.origin}${fixed}`,
    );
  });

  it('accepts a base URL with a trailing slash', async () => {
    const posts = [productionPost('2026-02-10T11:30:00Z'), productionPost('2026-02-10T10:00:00Z')];
    const { server, clock } = await forum({ dialect: 'offset', posts });
    const client = createForumClient({
      baseUrl: `${server.origin}/api/v1/`,
      now: clock.now,
      sleep: clock.sleep,
    });
    expect((await client.fetchHour(HOUR_START, HOUR_END)).posts).toHaveLength(1);
    expect(server.requests[0]?.path).toBe('/api/v1/posts');
  });
});
