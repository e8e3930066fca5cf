import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIBLINGS, resolveMovedPath } from '../core/docs/moved-routes.ts';
import { routeById } from '../core/routes.ts';
import { ErrorBody, HistoryResponse, LatestResponse } from '../core/schemas/envelope.ts';
import { makeDigest } from '../core/testing/digest.ts';
import { createApp, type EdgeDeps } from './app.ts';
import { memoryStore } from './rate-limit/memory-store.ts';
import { routeIndex } from './routes/route-index.ts';
import { distFromEntries, emptyDist } from './static/dist-map.ts';
import { fakeFacilitator, fakePayment, fakeShop } from './testing/fake-facilitator.ts';
import { asClient, fakeSiteFiles, LATEST, TEST_CTX, writeContent } from './testing/fixtures.ts';

const NOW = Date.parse('2026-01-30T11:20:00.000Z');
let contentDir: string;
let clientCounter = 0;

beforeAll(async () => {
  contentDir = await mkdtemp(join(tmpdir(), 'edge-app-'));
  const hours = Array.from({ length: 30 }, (_, i) =>
    makeDigest(new Date(Date.parse('2026-01-30T10:00:00.000Z') - i * 3_600_000).toISOString()),
  );
  await writeContent(contentDir, hours);
  // An hour far outside the site's window, only in content/.
  await writeContent(contentDir, [makeDigest('2025-06-01T08:00:00.000Z')]);
});
afterAll(async () => {
  await rm(contentDir, { recursive: true, force: true });
});

function app(overrides: Partial<EdgeDeps> = {}) {
  const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform);
  return createApp({
    ctx: TEST_CTX,
    dist: () => dist,
    contentDir,
    store: memoryStore(),
    now: () => NOW,
    ...overrides,
  });
}

/** A request from a client of its own, so limits of other tests never interfere. */
function request(a: ReturnType<typeof app>, path: string, init: RequestInit = {}) {
  clientCounter++;
  return a.request(path, init, asClient(`10.0.${clientCounter >> 8}.${clientCounter & 255}`));
}

async function expectErrorBody(res: Response, status: number) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = ErrorBody.parse(await res.json());
  return body;
}

describe('static files from memory', () => {
  it('serves extensionless API files as JSON with a strong ETag, Cache-Control and the limit headers', async () => {
    const res = await request(app(), '/api/forum/digests/latest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers.get('cache-control')).toContain('max-age');
    expect(res.headers.get('ratelimit-limit')).toBe('5');
    expect(res.headers.get('ratelimit-remaining')).toBe('4');
    expect(LatestResponse.parse(await res.json()).data.id).toBe(LATEST.id);
  });

  it('answers 304 to a matching If-None-Match (also weak or listed), 200 otherwise', async () => {
    const a = app();
    const etag = (await request(a, '/discovery')).headers.get('etag') ?? '';
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await request(a, '/discovery', { headers: { 'If-None-Match': header } });
      expect(res.status).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    expect((await request(a, '/discovery', { headers: { 'If-None-Match': '"nope"' } })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const a = app();
    const get = await request(a, '/openapi.json');
    const head = await request(a, '/openapi.json', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    expect(head.headers.get('content-length')).toBe(String((await get.arrayBuffer()).byteLength));
    expect(await head.text()).toBe('');
  });

  it('serves /api as markdown, and as JSON only when Accept ranks JSON higher', async () => {
    const a = app();
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'text/markdown'],
      ['*/*', 'text/markdown'],
      ['text/html,application/xhtml+xml,*/*;q=0.8', 'text/markdown'],
      ['application/json', 'application/json'],
      ['text/markdown;q=0.5, application/json', 'application/json'],
      ['application/json;q=0.2, text/markdown', 'text/markdown'],
    ];
    for (const [accept, type] of cases) {
      const res = await request(a, '/api', accept ? { headers: { Accept: accept } } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`${type}; charset=utf-8`);
      expect(res.headers.get('vary')).toBe('Accept');
    }
  });

  it('serves pages, fingerprinted assets as immutable, and never the host files', async () => {
    const a = app();
    const home = await request(a, '/');
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const css = await request(a, '/_astro/site.abc123.css');
    expect(css.headers.get('cache-control')).toContain('immutable');
    expect((await request(a, '/digests/2026/01/30/10/')).status).toBe(200);
    const noSlash = await request(a, '/digests/2026/01/30/10?x=1');
    expect(noSlash.status).toBe(301);
    expect(noSlash.headers.get('location')).toBe('/digests/2026/01/30/10/?x=1');
    await expectErrorBody(await request(a, '/_headers'), 404);
    await expectErrorBody(await request(a, '/_redirects'), 404);
  });

  it('redirects an hour page beyond the site window to its day in the archive', async () => {
    const res = await request(app(), '/digests/2026/01/20/07/');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/archive/2026/01/20/#h07');
  });

  it('serves any hour JSON and markdown from content/, beyond the site window', async () => {
    const a = app();
    const json = await request(a, '/digests/2025/06/01/08.json');
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await json.json()) as { hourStart: string }).hourStart).toBe('2025-06-01T08:00:00.000Z');
    const md = await request(a, '/digests/2025/06/01/08.md');
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    await expectErrorBody(await request(a, '/digests/2025/06/01/09.json'), 404);
    await expectErrorBody(await request(a, '/digests/2025/13/01/08.json'), 404);
  });

  it('answers 500 without internals when a content file is not a valid digest', async () => {
    await writeContent(contentDir, [makeDigest('2024-02-02T02:00:00.000Z')]);
    await writeFile(join(contentDir, 'digests/2024/02/02/02.json'), '{"id": "broken"}');
    const res = await request(app(), '/digests/2024/02/02/02.json');
    const body = await expectErrorBody(res, 500);
    expect(JSON.stringify(body)).not.toContain(contentDir);
  });
});

describe('errors', () => {
  it('answers 404 in the error shape for unknown API paths and, to browsers, the site 404 page elsewhere', async () => {
    const a = app();
    expect((await expectErrorBody(await request(a, '/api/forum/nothing'), 404)).error).toBe('not found');
    await expectErrorBody(await request(a, '/nothing', { headers: { Accept: 'application/json' } }), 404);
    const page = await request(a, '/nothing', { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    await expectErrorBody(await request(a, '/api/nothing', { headers: { Accept: 'text/html' } }), 404);
  });

  it('answers 404 "no digests available" for latest, brief and index, and no sample, before any digest', async () => {
    const empty = distFromEntries(fakeSiteFiles(TEST_CTX, { withDigests: false }), 'forum');
    const a = app({ dist: () => empty });
    for (const path of [
      '/api/forum/digests/latest',
      '/api/forum/digests/brief',
      '/api/forum/digests/index',
    ]) {
      expect((await expectErrorBody(await request(a, path), 404)).error).toBe('no digests available');
    }
    expect((await expectErrorBody(await request(a, '/api/forum/sample'), 404)).error).toBe(
      'no sample available',
    );
  });

  it('answers 405 with Allow from the route table for a wrong method, and 204 to OPTIONS', async () => {
    const a = app();
    const del = await request(a, '/api/forum/digests/latest', { method: 'DELETE' });
    await expectErrorBody(del, 405);
    expect(del.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const get = await request(a, '/api/forum/advisor');
    await expectErrorBody(get, 405);
    expect(get.headers.get('allow')).toBe('POST, HEAD, OPTIONS');
    const post = await request(a, '/feed.xml', { method: 'POST', body: 'x' });
    await expectErrorBody(post, 405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    await expectErrorBody(await request(a, '/not-here', { method: 'PUT' }), 404);
    const options = await request(a, '/api/forum/advisor', { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('access-control-allow-methods')).toBe('POST, HEAD, OPTIONS');
  });

  it('answers 500 without internals when a handler throws', async () => {
    const broken = () => {
      throw new Error('secret internals /srv/x');
    };
    const res = await request(app({ dist: broken }), '/api/forum/digests/latest');
    const body = await expectErrorBody(res, 500);
    expect(JSON.stringify(body)).not.toContain('secret');
  });
});

describe('redirects and retired routes', () => {
  it('answers 301 with newEndpoint for deprecated paths and /api-for-agents.md', async () => {
    const a = app();
    const res = await request(a, '/api/digests/latest?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/api/forum/digests/latest?x=1');
    expect(((await res.json()) as { newEndpoint: string }).newEndpoint).toBe('/api/forum/digests/latest');
    const guide = await request(a, '/api-for-agents.md');
    expect(guide.status).toBe(301);
    expect(guide.headers.get('location')).toBe('/api');
  });

  it('answers 308 with the query preserved, Deprecation and Sunset, for any method, never 402', async () => {
    const a = app({
      siblings: { gh: 'https://gh.test', signals: 'https://sig.test', markets: 'https://mk.test' },
    });
    for (const method of ['GET', 'POST', 'HEAD']) {
      const res = await request(a, '/api/pulse/narratives/top?since=1h&x=%20', {
        method,
        headers: { 'PAYMENT-SIGNATURE': 'abc' },
      });
      expect(res.status).toBe(308);
      expect(res.headers.get('location')).toBe('https://sig.test/v1/pulse/narratives/top?since=1h&x=%20');
      expect(res.headers.get('deprecation')).toBe('true');
      expect(res.headers.get('sunset')).toBe('2026-09-08');
      expect(res.headers.get('payment-required')).toBeNull();
      if (method !== 'HEAD') {
        const body = (await res.json()) as Record<string, unknown>;
        expect(Object.keys(body)).toEqual(
          expect.arrayContaining(['deprecated', 'movedTo', 'sunset', 'note']),
        );
      }
    }
    expect((await request(a, '/api/polymarket/unknown-thing')).headers.get('location')).toBe(
      'https://mk.test',
    );
  });

  it('no path of the route table is a moved one (so the app may look routes up first)', () => {
    for (const platform of ['forum', 'moltbook']) {
      for (const path of routeIndex(platform).byPath.keys()) {
        expect(resolveMovedPath(path, '', DEFAULT_SIBLINGS, platform), path).toBeNull();
      }
    }
  });

  it('answers 410 for the bundle and tokens, tokens with a Deprecation header', async () => {
    const a = app();
    const bundle = await request(a, '/api/bundle');
    await expectErrorBody(bundle, 410);
    expect(bundle.headers.get('deprecation')).toBeNull();
    const tokens = await request(a, '/api/tokens/abc');
    await expectErrorBody(tokens, 410);
    expect(tokens.headers.get('deprecation')).toBe('true');
  });
});

describe('paid routes (the payment seam)', () => {
  const decode = (res: Response) =>
    JSON.parse(Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'));

  it('validates the history query first: 400 with details, before any payment', async () => {
    const a = app();
    for (const query of ['hours=0', 'hours=25', 'limit=abc', 'limit=1.5', 'foo=1', 'hours=1&hours=2']) {
      const res = await request(a, `/api/forum/digests?${query}`);
      const body = await expectErrorBody(res, 400);
      expect(body.details?.length).toBeGreaterThan(0);
      expect(res.headers.get('payment-required')).toBeNull();
    }
  });

  it('answers a valid history request with a 402 challenge mirrored in the body', async () => {
    const res = await request(app(), '/api/forum/digests?hours=2&limit=1');
    const body = await expectErrorBody(res, 402);
    const challenge = decode(res);
    expect(challenge).toMatchObject({
      x402Version: 2,
      accepts: [{ amount: '20000', network: 'eip155:8453' }],
    });
    expect(challenge.resource.url).toBe('https://murmur.test/api/forum/digests');
    expect(body).toMatchObject({ x402Version: 2, accepts: challenge.accepts });
  });

  it('answers HEAD on both paid routes with the challenge, ignoring credentials', async () => {
    const a = app();
    for (const path of ['/api/forum/digests?hours=99', '/api/forum/advisor']) {
      const res = await request(a, path, { method: 'HEAD', headers: { 'PAYMENT-SIGNATURE': 'x' } });
      expect(res.status).toBe(402);
      expect(decode(res).x402Version).toBe(2);
    }
  });

  it('validates the advisor body first (400 with details), then answers 402', async () => {
    const a = app();
    const post = (body: string) =>
      request(a, '/api/forum/advisor', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      });
    expect((await expectErrorBody(await post('not json'), 400)).details?.[0]?.field).toBe('(body)');
    expect((await expectErrorBody(await post('{}'), 400)).details?.[0]?.field).toBe('prompt');
    expect((await expectErrorBody(await post('{"prompt":"hi","x":1}'), 400)).details?.[0]?.field).toBe('x');
    await expectErrorBody(await post(JSON.stringify({ prompt: 'x'.repeat(70_000) })), 413);
    expect(decode(await post('{"content":"A draft about agent memory"}')).accepts[0].amount).toBe('50000');
  });

  it('refuses an advisor body over 64 KB with 413: a declared length unread, a streamed one once past it', async () => {
    const a = app();
    // A body of 16 KB chunks, as many as are read; counts the chunks read.
    const chunks = (count: number) => {
      const stream = { read: 0, body: new ReadableStream<Uint8Array>() };
      stream.body = new ReadableStream<Uint8Array>(
        {
          pull(controller) {
            if (stream.read === count) return controller.close();
            stream.read++;
            controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
          },
        },
        { highWaterMark: 0 },
      );
      return stream;
    };
    const post = (body: ReadableStream<Uint8Array> | string, headers: Record<string, string> = {}) =>
      request(a, '/api/forum/advisor', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...headers },
        duplex: 'half',
      } as RequestInit);

    const declared = chunks(5);
    const tooLong = await expectErrorBody(await post(declared.body, { 'Content-Length': '81920' }), 413);
    expect(tooLong).toMatchObject({
      error: 'payload too large',
      message: expect.stringContaining('65536 bytes'),
    });
    expect(declared.read).toBe(0);

    const streamed = chunks(1000);
    await expectErrorBody(await post(streamed.body), 413);
    expect(streamed.read).toBe(5);

    // Exactly 64 KB passes the limit (and fails validation); a body not declared JSON is 415 first.
    const atLimit = `{"prompt":"${'x'.repeat(64 * 1024 - 13)}"}`;
    expect(Buffer.byteLength(atLimit)).toBe(64 * 1024);
    expect((await expectErrorBody(await post(atLimit), 400)).details?.[0]?.field).toBe('prompt');
    await expectErrorBody(await post('x'.repeat(70_000), { 'Content-Type': 'text/plain' }), 415);
  });

  it('counts advisor requests against the rate limits before reading them', async () => {
    const a = app({ adjustBucket: (bucket) => ({ ...bucket, burst: 1, ratePerSecond: 0.001 }) });
    const client = asClient('10.9.9.9');
    const post = () =>
      a.request(
        '/api/forum/advisor',
        { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } },
        client,
      );
    const first = await expectErrorBody(await post(), 400);
    expect(first.details?.[0]?.field).toBe('prompt');
    const second = await post();
    await expectErrorBody(second, 429);
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('serves history from content/ once a payment is verified and settled, with the settle headers', async () => {
    const { facilitator, calls } = fakeFacilitator();
    const shop = await fakeShop(TEST_CTX, { facilitator });
    const res = await request(app({ shop }), '/api/forum/digests?hours=3&limit=2', {
      headers: { 'PAYMENT-SIGNATURE': fakePayment(shop.x402.requirements(routeById('history'))) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-response')).toBeTruthy();
    const body = HistoryResponse.parse(await res.json());
    expect(body.charged).toBe(true);
    expect(body.data.map((d) => d.hourStart)).toEqual([
      '2026-01-30T10:00:00.000Z',
      '2026-01-30T09:00:00.000Z',
    ]);
    expect(calls).toMatchObject({ verify: 1, settle: 1 });
  });
});

describe('/health', () => {
  it('is ok with a fresh digest and a reachable store', async () => {
    const res = await request(app(), '/health');
    const body = (await res.json()) as { status: string; reasons: string[]; checks: Record<string, unknown> };
    expect(body.status).toBe('ok');
    expect(body.reasons).toEqual([]);
    expect(body.checks.facilitator).toMatchObject({ mode: 'challenge-only', status: 'not configured' });
    expect(JSON.stringify(body.checks.facilitator)).toContain('no money is ever taken');
  });

  it('is degraded, with reasons, when the digest is late and the site is missing', async () => {
    const late = app({ now: () => NOW + 3 * 3_600_000 });
    const body = (await (await request(late, '/health')).json()) as { status: string; reasons: string[] };
    expect(body.status).toBe('degraded');
    expect(body.reasons[0]).toMatch(/minutes past its hour/);
    const none = (await (await request(app({ dist: () => emptyDist() }), '/health')).json()) as {
      reasons: string[];
    };
    expect(none.reasons).toEqual(['no digest published yet', 'site not built (dist/ empty or missing)']);
  });
});

describe('hostile paths', () => {
  it('never puts a decoded control character into a Location header', async () => {
    const a = app();
    const moved = await request(a, '/api/github/x%0d%0aSet-Cookie:%20a=1?q=%0a');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('https://gh.example.com/v1/x%0d%0aSet-Cookie:%20a=1?q=%0a');
    const folder = await request(a, '/digests/2026/01/30/1%30');
    expect(folder.status).toBe(301);
    expect(folder.headers.get('location')).toBe('/digests/2026/01/30/1%30/');
  });
});

describe('JSON answers', () => {
  it('carry X-Content-Type-Options: nosniff, whatever built them (files, handlers, redirects, errors)', async () => {
    const a = app();
    const answers: Array<[string, RequestInit?]> = [
      ['/api/forum/digests/latest'],
      ['/api', { headers: { Accept: 'application/json' } }],
      ['/digests/2025/06/01/08.json'],
      ['/health'],
      ['/api/forum/nope'],
      ['/api/forum/digests/latest', { method: 'POST' }],
      ['/api/forum/digests?hours=0'],
      ['/api/forum/digests?hours=2'],
      ['/api/digests/latest'],
      ['/api/github/x'],
      ['/api/bundle'],
    ];
    for (const [path, init] of answers) {
      const res = await request(a, path, init);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(res.headers.get('x-content-type-options'), `${init?.method ?? 'GET'} ${path}`).toBe('nosniff');
    }
    const broken = await request(
      app({
        dist: () => {
          throw new Error('x');
        },
      }),
      '/api/forum/digests/latest',
    );
    expect(broken.status).toBe(500);
    expect(broken.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
