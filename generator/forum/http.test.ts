import { afterEach, describe, expect, it } from 'vitest';
import { ForumError } from './errors.ts';
import { emptyStats, type ForumClientEvent } from './events.ts';
import { createJsonGetter, type HttpContext } from './http.ts';
import { fakeClock } from './testing/clock.ts';
import { type Reply, type SeenRequest, startServer, type TestServer } from './testing/http-server.ts';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: (req: SeenRequest, index: number) => Reply): Promise<TestServer> {
  const server = await startServer(handler);
  servers.push(server);
  return server;
}

/** Replies in order; the last one repeats. */
function sequence(...replies: Reply[]): (req: SeenRequest, index: number) => Reply {
  return (_req, index) => replies[Math.min(index, replies.length - 1)] as Reply;
}

const OK: Reply = { body: { success: true, posts: [] } };

function getter(server: TestServer, overrides: Partial<HttpContext> = {}) {
  const clock = fakeClock();
  const events: ForumClientEvent[] = [];
  const stats = emptyStats();
  const ctx: HttpContext = {
    fetch: globalThis.fetch,
    sleep: clock.sleep,
    random: () => 0.5,
    now: clock.now,
    log: (e) => events.push(e),
    baseUrl: `${server.origin}/api/v1`,
    apiKey: undefined,
    userAgent: 'test',
    requestTimeoutMs: 5000,
    maxRetries: 3,
    backoffBaseMs: 500,
    backoffCapMs: 30_000,
    deadline: clock.now() + 600_000,
    stats,
    ...overrides,
  };
  const get = createJsonGetter(ctx);
  const url = new URL(`${server.origin}/api/v1/posts?sort=new`);
  return { get: () => get(url), clock, events, stats };
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

describe('authorization', () => {
  it('sends the Bearer header only when a key is configured', async () => {
    const server = await serve(() => OK);
    await getter(server).get();
    await getter(server, { apiKey: 'moltbook_secret' }).get();
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[1]?.headers.authorization).toBe('Bearer moltbook_secret');
    expect(server.requests[1]?.headers.accept).toBe('application/json');
  });

  it.each([401, 403])(
    'turns %i into an unauthorized error at once, without leaking the key',
    async (status) => {
      const server = await serve(() => ({ status, body: { success: false, error: 'Invalid API key' } }));
      const { get, events } = getter(server, { apiKey: 'moltbook_secret' });
      const err = await failure(get());
      expect(err.kind).toBe('unauthorized');
      expect(err.status).toBe(status);
      expect(err.message).toMatch(/configured API key was refused/);
      expect(server.requests).toHaveLength(1);
      expect(JSON.stringify(events) + err.message).not.toContain('moltbook_secret');
    },
  );

  it('says when no key is configured', async () => {
    const server = await serve(() => ({ status: 401, body: {} }));
    expect((await failure(getter(server).get())).message).toMatch(/no API key is configured/);
  });
});

describe('429 handling', () => {
  const date = (ms: number) => new Date(ms).toUTCString();
  it.each<[string, (now: number) => Reply, number]>([
    ['Retry-After seconds', () => ({ status: 429, headers: { 'retry-after': '17' } }), 17_000],
    [
      'Retry-After HTTP date',
      (now) => ({ status: 429, headers: { 'retry-after': date(now + 42_000) } }),
      42_000,
    ],
    [
      'body retry_after_seconds',
      () => ({ status: 429, body: { success: false, retry_after_seconds: 9 } }),
      9000,
    ],
    [
      'body retry_after_minutes',
      () => ({ status: 429, body: { success: false, retry_after_minutes: 2 } }),
      120_000,
    ],
    [
      'open-source retryAfter',
      () => ({ status: 429, body: { error: 'Rate limit exceeded', retryAfter: 8 } }),
      8000,
    ],
    ['open-source retryAfterMinutes', () => ({ status: 429, body: { retryAfterMinutes: 1 } }), 60_000],
  ])('waits as told by %s, then succeeds', async (_, reply, expected) => {
    let nowForReply = 0;
    const server = await serve((_req, i) => (i === 0 ? reply(nowForReply) : OK));
    const { get, clock, events, stats } = getter(server);
    nowForReply = clock.now();
    await expect(get()).resolves.toEqual({ success: true, posts: [] });
    expect(clock.sleeps).toEqual([expected]);
    expect(stats).toMatchObject({ requests: 2, retries: 1, rateLimitWaits: 1, waitedMs: expected });
    expect(events).toContainEqual(expect.objectContaining({ type: 'rate-limited', source: 'retry-after' }));
  });

  it('fails at once with timeout-budget when the wait asked for exceeds the budget', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after': '3600' } }));
    const err = await failure(getter(server).get());
    expect(err.kind).toBe('timeout-budget');
    expect(err.message).toMatch(/3600 s/);
    expect(server.requests).toHaveLength(1);
  });

  it('gives up with rate-limited when 429 persists past the retries', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after': '1' } }));
    const err = await failure(getter(server, { maxRetries: 2 }).get());
    expect(err.kind).toBe('rate-limited');
    expect(server.requests).toHaveLength(3);
  });
});

describe('rate-limit headers', () => {
  it('waits for the reset when X-RateLimit-Remaining reaches 0, and not before', async () => {
    const server = await serve((_req, i) => ({
      ...OK,
      headers: {
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': i === 0 ? '1' : '0',
        'x-ratelimit-reset': '25',
      },
    }));
    const { get, clock, events, stats } = getter(server);
    await get();
    await get();
    expect(clock.sleeps).toEqual([]);
    await get();
    expect(clock.sleeps).toEqual([26_000]);
    expect(stats.rateLimitWaits).toBe(1);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'rate-limited', source: 'rate-limit-headers' }),
    );
  });

  it('reads an epoch-seconds reset against the injected clock', async () => {
    let resetAt = 0;
    const server = await serve(() => ({
      ...OK,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) },
    }));
    const { get, clock } = getter(server);
    resetAt = clock.now() / 1000 + 40;
    await get();
    await get();
    expect(clock.sleeps).toEqual([41_000]);
  });
});

describe('against a window that resets inside a second (the open-source server)', () => {
  /**
   * A server whose quota is spent until `resetAt` (not on a whole second). Like the open-source server it
   * sends `X-RateLimit-Reset` in whole epoch seconds (rounded down), and on a 429 `Retry-After` in whole
   * seconds (rounded up) with the body `{retryAfter, retryAfterMinutes}`. The first request passes when
   * `firstPasses`.
   */
  async function windowServer(clock: { now(): number }, resetAt: number, firstPasses: boolean) {
    const headers = { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(Math.floor(resetAt / 1000)) };
    return serve((_req, i) => {
      const left = resetAt - clock.now();
      if ((i === 0 && firstPasses) || left <= 0) return { ...OK, headers };
      const seconds = Math.ceil(left / 1000);
      return {
        status: 429,
        headers: { ...headers, 'retry-after': String(seconds) },
        body: {
          error: 'Rate limit exceeded',
          retryAfter: seconds,
          retryAfterMinutes: Math.ceil(seconds / 60),
        },
      };
    });
  }

  it('after a 429 with Retry-After 1 and retryAfterMinutes 1 waits a second, not a minute', async () => {
    const clock = fakeClock();
    const server = await windowServer(clock, clock.now() + 900, false);
    await getter(server, { now: clock.now, sleep: clock.sleep }).get();
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([1000]);
  });

  it('resumes once X-RateLimit-Reset has really passed, not up to a second early into one more 429', async () => {
    const clock = fakeClock();
    const server = await windowServer(clock, clock.now() + 20_400, true);
    const { get } = getter(server, { now: clock.now, sleep: clock.sleep });
    await get();
    await get();
    expect(server.requests).toHaveLength(2);
    expect(clock.sleeps).toEqual([21_000]);
  });
});

describe('retries', () => {
  it('retries 5xx with exponential backoff and full jitter, then succeeds', async () => {
    const server = await serve(sequence({ status: 503 }, { status: 500 }, { status: 502 }, OK));
    const { get, clock, events, stats } = getter(server, { random: () => 0.5 });
    await expect(get()).resolves.toEqual(OK.body);
    // Half of the ceilings 500, 1000, 2000.
    expect(clock.sleeps).toEqual([250, 500, 1000]);
    expect(stats.retries).toBe(3);
    expect(events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.status)).toEqual([
      503, 500, 502,
    ]);
  });

  it('throws server-error once retries are exhausted', async () => {
    const server = await serve(() => ({ status: 500, body: { error: 'boom' } }));
    const err = await failure(getter(server, { maxRetries: 2 }).get());
    expect(err.kind).toBe('server-error');
    expect(err.status).toBe(500);
    expect(err.message).toMatch(/after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('retries a truncated JSON body', async () => {
    const server = await serve(sequence({ raw: '{"success":true,"posts":[{"id":"a"' }, OK));
    const { get, events } = getter(server);
    await expect(get()).resolves.toEqual(OK.body);
    expect(events).toContainEqual(expect.objectContaining({ type: 'retry', reason: 'invalid-json' }));
  });

  it('reports bad-response when the body never parses', async () => {
    const server = await serve(() => ({ raw: '<html>maintenance</html>' }));
    expect((await failure(getter(server, { maxRetries: 1 }).get())).kind).toBe('bad-response');
  });

  it('retries network errors, then reports the forum unreachable', async () => {
    const server = await serve(() => ({ destroy: true }));
    const { get, events } = getter(server, { maxRetries: 2 });
    const err = await failure(get());
    expect(err.kind).toBe('unreachable');
    expect(server.requests).toHaveLength(3);
    expect(
      events.filter((e) => e.type === 'retry').every((e) => e.type === 'retry' && e.reason === 'network'),
    ).toBe(true);
  });

  it('aborts a request that exceeds the per-request timeout and retries it', async () => {
    const server = await serve(sequence({ hang: true }, OK));
    const { get, events } = getter(server, { requestTimeoutMs: 60 });
    await expect(get()).resolves.toEqual(OK.body);
    expect(events).toContainEqual(expect.objectContaining({ type: 'retry', reason: 'timeout' }));
  });

  it('reports timeouts on every attempt as unreachable', async () => {
    const server = await serve(() => ({ hang: true }));
    const err = await failure(getter(server, { requestTimeoutMs: 40, maxRetries: 1 }).get());
    expect(err.kind).toBe('unreachable');
    expect(err.message).toMatch(/within 40 ms/);
  });

  it('does not retry other 4xx', async () => {
    const server = await serve(() => ({ status: 404, body: { error: 'Not found' } }));
    const err = await failure(getter(server).get());
    expect(err.kind).toBe('http-error');
    expect(err.status).toBe(404);
    expect(server.requests).toHaveLength(1);
  });
});

describe('time budget', () => {
  it('throws timeout-budget when backoff would run past the budget', async () => {
    const server = await serve(() => ({ status: 503 }));
    const clock = fakeClock();
    const { get } = getter(server, {
      maxRetries: 50,
      random: () => 1,
      now: clock.now,
      sleep: clock.sleep,
      deadline: clock.now() + 20_000,
    });
    const err = await failure(get());
    expect(err.kind).toBe('timeout-budget');
    // 500 + 1000 + 2000 + 4000 + 8000 fit in 20 s; the next 16 s does not.
    expect(clock.sleeps).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('cuts a hanging request off at the end of the budget', async () => {
    const server = await serve(() => ({ hang: true }));
    const err = await failure(
      getter(server, { now: Date.now, deadline: Date.now() + 80, requestTimeoutMs: 60_000 }).get(),
    );
    expect(err.kind).toBe('timeout-budget');
    expect(server.requests).toHaveLength(1);
  });
});

describe('redirects', () => {
  it('refuses a redirect to another origin, naming the base URL to configure', async () => {
    const target = await serve(() => OK);
    const source = await serve((req) => ({
      status: 301,
      headers: { location: `${target.origin}${req.path}?sort=new` },
    }));
    const err = await failure(getter(source, { apiKey: 'moltbook_secret' }).get());
    expect(err.kind).toBe('redirect');
    expect(err.message).toContain(`configure the forum base URL as ${target.origin}/api/v1`);
    expect(err.message).not.toContain('moltbook_secret');
    expect(target.requests).toHaveLength(0);
  });

  it('follows a same-origin redirect and keeps the Authorization header', async () => {
    const server = await serve((req) =>
      req.path === '/api/v1/posts' ? { status: 308, headers: { location: '/api/v1/posts/?sort=new' } } : OK,
    );
    await expect(getter(server, { apiKey: 'k' }).get()).resolves.toEqual(OK.body);
    expect(server.requests.map((r) => [r.path, r.headers.authorization])).toEqual([
      ['/api/v1/posts', 'Bearer k'],
      ['/api/v1/posts/', 'Bearer k'],
    ]);
  });
});
