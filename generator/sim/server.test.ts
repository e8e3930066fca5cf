import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Simulator, startSimulator } from './server.ts';
import { generateHour } from './world.ts';

const NOW = new Date('2026-02-10T12:30:00.000Z');
const SEED = 9;
const PPH = 300;
let sim: Simulator;

beforeAll(async () => {
  sim = await startSimulator({ seed: SEED, postsPerHour: PPH, now: NOW });
});
afterAll(async () => {
  await sim.close();
});

type Body = Record<string, unknown> & { posts?: Record<string, unknown>[]; data?: Record<string, unknown>[] };

async function get(
  path: string,
  init?: RequestInit,
): Promise<{ status: number; body: Body; headers: Headers }> {
  const res = await fetch(`${sim.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as Body, headers: res.headers };
}

/** The ids `sort=new` should list at NOW for the last two hours, newest first. */
function expectedIds(now: Date): string[] {
  const ids: string[] = [];
  for (const start of ['2026-02-10T12:00:00.000Z', '2026-02-10T11:00:00.000Z']) {
    const posts = generateHour({ seed: SEED, postsPerHour: PPH }, new Date(start), now).posts;
    ids.push(
      ...posts
        .filter((p) => p.post.createdAt <= now.toISOString())
        .map((p) => p.post.id)
        .reverse(),
    );
  }
  return ids;
}

describe('GET /posts in the production-offset dialect', () => {
  it('pages newest first across hours with has_more and next_offset, matching generateHour', async () => {
    const want = expectedIds(NOW);
    const got: string[] = [];
    let offset = 0;
    while (got.length < want.length) {
      const { status, body } = await get(`/posts?sort=new&limit=100&offset=${offset}`);
      expect(status).toBe(200);
      expect(body.success).toBe(true);
      expect(body.has_more).toBe(true);
      expect(body.next_offset).toBe(offset + (body.posts?.length ?? 0));
      got.push(...(body.posts ?? []).map((p) => p.id as string));
      offset = body.next_offset as number;
    }
    expect(got.slice(0, want.length)).toEqual(want);
  });

  it('hides posts created after the clock, and shows them once it moves on', async () => {
    const first = (await get('/posts?sort=new&limit=1')).body.posts?.[0];
    expect(String(first?.created_at) <= '2026-02-10T12:30:00.000999+00:00').toBe(true);
    const future = generateHour(
      { seed: SEED, postsPerHour: PPH },
      new Date('2026-02-10T12:00:00Z'),
      NOW,
    ).posts.find((p) => p.post.createdAt > NOW.toISOString());
    expect(future).toBeDefined();
    expect((await get(`/posts/${future?.post.id}`)).status).toBe(404);
    sim.setNow(new Date('2026-02-10T13:00:00.000Z'));
    try {
      expect((await get(`/posts/${future?.post.id}`)).status).toBe(200);
      const top = (await get('/posts?sort=new&limit=1')).body.posts?.[0];
      expect(String(top?.created_at) > String(first?.created_at)).toBe(true);
    } finally {
      sim.setNow(NOW);
    }
  });

  it('jumps a day back by offset without walking there', async () => {
    const perHour = expectedIds(NOW).length / 1.5;
    const { body } = await get(`/posts?sort=new&limit=50&offset=${Math.round(perHour * 24)}`);
    const created = String(body.posts?.[0]?.created_at);
    expect(created.startsWith('2026-02-09T1')).toBe(true);
    const hour = generateHour(
      { seed: SEED, postsPerHour: PPH },
      new Date(`${created.slice(0, 13)}:00:00Z`),
      NOW,
    );
    expect(hour.posts.map((p) => p.post.id)).toContain(body.posts?.[0]?.id);
  });

  it('caps limit at maxPageSize and filters by submolt', async () => {
    expect((await get('/posts?sort=new&limit=1000')).body.posts).toHaveLength(100);
    const { body } = await get('/posts?sort=new&limit=40&submolt=security');
    expect(body.posts).toHaveLength(40);
    for (const p of body.posts ?? []) expect((p.submolt as { name: string }).name).toBe('security');
    const feed = await get('/submolts/security/feed?sort=new&limit=40');
    expect(feed.body.posts?.map((p) => p.id)).toEqual(body.posts?.map((p) => p.id));
    expect((await get('/submolts/nowhere/feed')).status).toBe(404);
  });

  it('orders top by score and accepts hot and rising', async () => {
    const top = (await get('/posts?sort=top&limit=50')).body.posts ?? [];
    const scores = top.map((p) => Number(p.upvotes) - Number(p.downvotes));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const sort of ['hot', 'rising'])
      expect((await get(`/posts?sort=${sort}&limit=10`)).body.posts).toHaveLength(10);
  });

  it('is realistically messy: string numbers, missing url, later-era camelCase authors, null content', async () => {
    const posts = [
      ...((await get('/posts?sort=new&limit=100')).body.posts ?? []),
      ...((await get('/posts?sort=new&limit=100&offset=100')).body.posts ?? []),
      ...((await get('/posts?sort=new&limit=100&offset=200')).body.posts ?? []),
    ];
    expect(posts.some((p) => typeof p.upvotes === 'string')).toBe(true);
    expect(posts.some((p) => !('url' in p))).toBe(true);
    expect(posts.some((p) => p.author !== null && 'followerCount' in (p.author as object))).toBe(true);
    expect(posts.some((p) => p.author !== null && 'follower_count' in (p.author as object))).toBe(true);
    expect(posts.some((p) => p.content === null && typeof p.url === 'string')).toBe(true);
    const sample = posts.find(
      (p) => typeof p.upvotes === 'number' && 'follower_count' in ((p.author as object) ?? {}),
    );
    expect(sample?.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(Object.keys(sample?.submolt as object)).toEqual(['id', 'name', 'display_name']);
  });

  it('rejects bad queries with the forum error shape', async () => {
    const bad = await get('/posts?limit=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, error: expect.stringContaining('limit') });
    const missing = await get('/nope');
    expect(missing.status).toBe(404);
    expect(missing.body.success).toBe(false);
    expect(missing.headers.get('x-ratelimit-limit')).toBe('100');
  });
});

describe('GET /posts/:id and comments', () => {
  it('returns the post with nested reply trees; comment_count may exceed what is returned', async () => {
    const hour = generateHour({ seed: SEED, postsPerHour: PPH }, new Date('2026-02-10T10:00:00Z'), NOW);
    const busy = hour.posts.filter((p) => (hour.comments.get(p.post.id)?.length ?? 0) > 3)[0];
    expect(busy).toBeDefined();
    const flat = hour.comments.get(busy?.post.id ?? '') ?? [];
    const { body } = await get(`/posts/${busy?.post.id}`);
    expect((body.post as Record<string, unknown>).id).toBe(busy?.post.id);
    const count = (nodes: Record<string, unknown>[]): number =>
      nodes.reduce((s, n) => s + 1 + count(n.replies as Record<string, unknown>[]), 0);
    const tree = body.comments as Record<string, unknown>[];
    expect(count(tree)).toBe(flat.length);
    expect(Number((body.post as Record<string, unknown>).comment_count)).toBeGreaterThanOrEqual(flat.length);

    const newest = await get(`/posts/${busy?.post.id}/comments?sort=new`);
    const roots = (newest.body.comments ?? []) as Record<string, unknown>[];
    const times = roots.map((c) => String(c.created_at));
    expect(times).toEqual([...times].sort().reverse());
    const withReplies = flat.find((c) => c.parentId !== null);
    if (withReplies) {
      const find = (nodes: Record<string, unknown>[]): Record<string, unknown> | undefined =>
        nodes.find((n) => n.id === withReplies.id) ??
        nodes.map((n) => find(n.replies as Record<string, unknown>[])).find(Boolean);
      expect(find(roots)?.parent_id).toBe(withReplies.parentId);
    }
    expect((await get('/posts/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('serves /submolts and /stats', async () => {
    const subs = await get('/submolts');
    expect((subs.body.submolts as unknown[]).length).toBeGreaterThanOrEqual(15);
    const stats = await get('/stats');
    expect(stats.body).toMatchObject({
      success: true,
      posts: expect.any(Number),
      agents: expect.any(Number),
    });
  });
});

describe('other dialects', () => {
  it('production-cursor pages by next_cursor over the same posts', async () => {
    sim.setDialect('production-cursor');
    try {
      const want = expectedIds(NOW);
      const got: string[] = [];
      let cursor = '';
      while (got.length < want.length) {
        const { body } = await get(`/posts?sort=new&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
        expect(body.next_offset).toBeUndefined();
        got.push(...(body.posts ?? []).map((p) => p.id as string));
        cursor = body.next_cursor as string;
        expect(typeof cursor).toBe('string');
      }
      expect(got.slice(0, want.length)).toEqual(want);
      expect((await get('/posts?sort=new&cursor=bm9wZQ')).status).toBe(400);
    } finally {
      sim.setDialect('production-offset');
    }
  });

  it('opensource answers {data, pagination} with flat authors, string submolts and scores', async () => {
    sim.setDialect('opensource');
    try {
      const { body } = await get('/posts?sort=new&limit=30&offset=30');
      expect(body.pagination).toEqual({ count: 30, limit: 30, offset: 30, hasMore: true });
      const post = body.data?.[0] ?? {};
      expect(typeof post.submolt).toBe('string');
      expect(typeof post.score).toBe('number');
      expect('upvotes' in post).toBe(false);
      expect(post.id).toBe(expectedIds(NOW)[30]);
      const comments = await get(`/posts/${post.id}/comments`);
      expect(Array.isArray(comments.body.data)).toBe(true);
    } finally {
      sim.setDialect('production-offset');
    }
  });
});

describe('auth and rate limits', () => {
  it('answers 401 without the right Bearer key', async () => {
    const locked = await startSimulator({ seed: SEED, postsPerHour: 50, now: NOW, apiKey: 'moltbook_test' });
    try {
      const none = await fetch(`${locked.url}/posts`);
      expect(none.status).toBe(401);
      expect(await none.json()).toMatchObject({ success: false });
      const wrong = await fetch(`${locked.url}/posts`, { headers: { Authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${locked.url}/posts`, {
        headers: { Authorization: 'Bearer moltbook_test' },
      });
      expect(right.status).toBe(200);
    } finally {
      await locked.close();
    }
  });

  it('counts down X-RateLimit-Remaining and enforces the limit with real 429s when asked', async () => {
    const strict = await startSimulator({
      seed: SEED,
      postsPerHour: 50,
      now: NOW,
      rateLimitPerMinute: 3,
      enforceRateLimit: true,
    });
    try {
      const remaining: (string | null)[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${strict.url}/stats`);
        remaining.push(last.headers.get('x-ratelimit-remaining'));
      }
      expect(remaining).toEqual(['2', '1', '0', '0']);
      expect(last?.status).toBe(429);
      expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await last?.json()).toMatchObject({ retry_after_seconds: expect.any(Number) });
      expect(Number(last?.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
      expect(strict.stats().byRoute['GET /stats']).toBe(4);
    } finally {
      await strict.close();
    }
  });
});

describe('startSimulator', () => {
  it('rejects bad options, naming them', async () => {
    await expect(startSimulator({ dialect: 'cursor' as never })).rejects.toThrow(/dialect must be one of/);
    await expect(startSimulator({ postsPerHour: -1 })).rejects.toThrow(/postsPerHour/);
    await expect(startSimulator({ faults: { rules: [{ kind: 'nope' }] } as never })).rejects.toThrow(
      /faults: rules\.0/,
    );
  });
});
