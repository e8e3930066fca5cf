import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../core/hash.ts';
import { ErrorBody } from '../core/schemas/envelope.ts';
import { makeDigest } from '../core/testing/digest.ts';
import { type LoadRequest, runLoad } from './bench/load-generator.ts';
import { refusingFacilitatorServer } from './testing/fake-facilitator.ts';
import { fakeSiteFiles, writeContent, writeSite } from './testing/fixtures.ts';
import { type SpawnedEdge, spawnEdge } from './testing/spawn-edge.ts';

const REQUESTS = 10_000;
const PAY_TO = '0x1111111111111111111111111111111111111111';
let dir: string;
let edge: SpawnedEdge;
let facilitator: Awaited<ReturnType<typeof refusingFacilitatorServer>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-fuzz-'));
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
  await writeContent(join(dir, 'content'), [makeDigest('2026-01-30T10:00:00.000Z')]);
  // Payments on, through a facilitator that refuses every payment: fuzzed payments go all the way to
  // verify when they are well formed, and nothing can ever settle.
  facilitator = await refusingFacilitatorServer();
  edge = await spawnEdge({
    DIST_DIR: join(dir, 'dist'),
    CONTENT_DIR: join(dir, 'content'),
    TRUSTED_PROXIES: '127.0.0.1',
    PAY_TO,
    FACILITATOR_URL: facilitator.url,
  });
});
afterAll(async () => {
  await edge?.stop();
  await facilitator?.close();
  await rm(dir, { recursive: true, force: true });
});

// A seeded generator, so every run sends the same requests.
const rand = mulberry32(0x5eed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const int = (max: number) => Math.floor(rand() * max);

const KNOWN = [
  '/',
  '/api',
  '/api/',
  '/api.md',
  '/api.json',
  '/api/forum/digests/latest',
  '/api/forum/digests/brief',
  '/api/forum/digests/index',
  '/api/forum/digests',
  '/api/forum/sample',
  '/api/forum/advisor',
  '/api/changelog',
  '/health',
  '/discovery',
  '/openapi.json',
  '/.well-known/x402',
  '/.well-known/catalog',
  '/api/digests/latest',
  '/api/sample',
  '/api-for-agents.md',
  '/api/github/repos/x',
  '/api/pulse/narratives',
  '/api/polymarket/markets/1',
  '/api/intelligence',
  '/api/bundle',
  '/api/tokens/abc',
  '/digests/2026/01/30/10/',
  '/digests/2026/01/30/10.json',
  '/digests/2026/01/30/10.md',
  '/digests/2026/02/30/10.json',
  '/archive/2026/01/20/',
  '/_astro/site.abc123.css',
  '/_headers',
];
const SEGMENT_CHARS = "abcXYZ019-._~!$&'()*+,;=:@";

function junkSegment(): string {
  let s = '';
  for (let i = int(12); i >= 0; i--) {
    const r = rand();
    if (r < 0.15) s += `%${int(256).toString(16).padStart(2, '0')}`;
    else if (r < 0.18) s += pick(['%zz', '%', '%2e%2e', '%00', '%c0%af', '..', '.']);
    else s += SEGMENT_CHARS[int(SEGMENT_CHARS.length)];
  }
  return s;
}

function fuzzPath(): string {
  const r = rand();
  if (r < 0.4) return pick(KNOWN);
  if (r < 0.7) return `${pick(KNOWN).replace(/\/$/, '')}/${junkSegment()}`;
  if (r < 0.95) return `/${Array.from({ length: 1 + int(6) }, junkSegment).join('/')}`;
  return `/${'a'.repeat(1_000 + int(6_000))}`;
}

function fuzzQuery(): string {
  if (rand() < 0.4) return '';
  const pairs = Array.from({ length: 1 + int(5) }, () => {
    const key = pick(['hours', 'limit', 'x', 'hours[]', '', junkSegment()]);
    const value = pick(['1', '24', '0', '25', '-1', '1e3', 'NaN', '', '%ff', junkSegment()]);
    return rand() < 0.1 ? key : `${key}=${value}`;
  });
  return `?${pairs.join(pick(['&', '&&', ';']))}`;
}

const ACCEPTS = [
  '*/*',
  'application/json',
  'text/html',
  'text/markdown;q=0',
  'application/json;q=abc',
  ';;,',
  'a/b/c',
];
const IPS = ['203.0.113.7', '2001:db8::7', 'not-an-ip', '999.1.1.1', '', ' , , ', '::ffff:10.0.0.1'];

function printable(length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(32 + int(95));
  return s;
}

function fuzzBody(): string | Uint8Array | undefined {
  const r = rand();
  if (r < 0.3) return undefined;
  if (r < 0.5) return JSON.stringify({ prompt: printable(int(200)), content: rand() < 0.5 ? 1 : 'x' });
  if (r < 0.6)
    return JSON.stringify(pick([null, [], 'str', 42, { prompt: '' }, { prompt: 'x'.repeat(6_000) }]));
  if (r < 0.8) return Uint8Array.from({ length: int(2_000) }, () => int(256));
  if (r < 0.95) return printable(int(500));
  return 'x'.repeat(70_000 + int(50_000));
}

/** The terms of the paid routes, as a well-formed payment accepts them (then mutated). */
const TERMS = {
  scheme: 'exact',
  network: 'eip155:8453',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  extra: { name: 'USD Coin', version: '2' },
};
const hex = (bytes: number) =>
  `0x${Array.from({ length: bytes }, () => int(256).toString(16).padStart(2, '0')).join('')}`;
const junkValue = () =>
  pick<unknown>([null, 1, -1, 'x', '', [], {}, true, hex(int(40)), printable(int(30)), 2 ** 80]);

/** A payment header: garbage, base64 of any JSON, or an x402 payload (well formed or one field broken). */
function fuzzPayment(): string {
  const r = rand();
  if (r < 0.3) return printable(int(300));
  if (r < 0.45)
    return Buffer.from(
      JSON.stringify(pick([junkValue(), { x402Version: pick([1, 2, 3, '2']), payload: junkValue() }])),
    ).toString('base64');
  const authorization: Record<string, unknown> = {
    from: hex(20),
    to: rand() < 0.8 ? PAY_TO : hex(20),
    value: pick(['20000', '50000', '1', '0']),
    validAfter: '0',
    validBefore: String(Math.floor(Date.now() / 1000) + pick([60, -60, 5, 10 ** 12])),
    nonce: hex(32),
  };
  const payload: Record<string, unknown> = {
    x402Version: 2,
    accepted: { ...TERMS, amount: pick(['20000', '50000', '1']) },
    payload: { signature: hex(65), authorization },
  };
  if (rand() < 0.3)
    payload.extensions = {
      'payment-identifier': {
        info: { required: false, id: pick([printable(int(40)), `pay_${hex(16).slice(2)}`]) },
      },
    };
  if (rand() < 0.5) {
    const target = pick<Record<string, unknown>>([
      payload,
      authorization,
      payload.accepted as Record<string, unknown>,
    ]);
    const key = pick(Object.keys(target));
    if (rand() < 0.3) delete target[key];
    else target[key] = junkValue();
  }
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A request to a paid route with valid input and a fuzzed payment (or a key): the payment path itself. */
function paidRequest(): LoadRequest {
  const headers: Record<string, string> = { 'X-Forwarded-For': `198.18.${int(40)}.${int(256)}` };
  if (rand() < 0.9) headers[pick(['PAYMENT-SIGNATURE', 'X-PAYMENT'])] = fuzzPayment();
  else headers['x-api-key'] = pick([printable(int(70)), `mk_${hex(32).slice(2)}`]);
  if (rand() < 0.5) return { method: 'GET', path: `/api/forum/digests?hours=${1 + int(24)}`, headers };
  headers['Content-Type'] = 'application/json';
  return {
    method: 'POST',
    path: '/api/forum/advisor',
    headers,
    body: JSON.stringify({ prompt: printable(1 + int(200)) }),
  };
}

function fuzzRequest(i: number): LoadRequest {
  if (rand() < 0.15) return paidRequest();
  const headers: Record<string, string> = {
    'X-Forwarded-For': rand() < 0.8 ? `198.18.${int(40)}.${int(256)}` : `${pick(IPS)}, ${pick(IPS)}`,
  };
  if (rand() < 0.5) headers.Accept = pick(ACCEPTS);
  if (rand() < 0.2) headers['If-None-Match'] = pick(['*', '"x"', 'W/"y"', printable(40), '']);
  if (rand() < 0.3)
    headers['Content-Type'] = pick(['application/json', 'text/plain', 'multipart/form-data', printable(20)]);
  if (rand() < 0.3) headers[pick(['PAYMENT-SIGNATURE', 'X-PAYMENT'])] = fuzzPayment();
  if (rand() < 0.1) headers['x-api-key'] = pick([printable(int(70)), `mk_${hex(32).slice(2)}`]);
  if (rand() < 0.1) headers[`X-Fuzz-${i % 7}`] = printable(int(100));
  const method = pick(['GET', 'GET', 'GET', 'HEAD', 'POST', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
  const body = method === 'GET' || method === 'HEAD' ? undefined : fuzzBody();
  return { method, path: `${fuzzPath()}${fuzzQuery()}`, headers, body };
}

describe('fuzzing the edge process', () => {
  it(`answers ${REQUESTS} random requests without a 5xx, every error in the contract's shape`, async () => {
    const problems: string[] = [];
    const statuses = new Map<number, number>();
    const result = await runLoad({
      port: edge.port,
      concurrency: 16,
      maxRequests: REQUESTS,
      maxMs: 25_000,
      next: fuzzRequest,
      onResponse: ({ request, status, headers, body }) => {
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        const what = `${request.method} ${request.path.slice(0, 120)} → ${status}`;
        if (status >= 500) problems.push(what);
        const json = String(headers['content-type'] ?? '').startsWith('application/json');
        if (status >= 300 && status !== 304 && request.method !== 'HEAD' && body.length > 0) {
          if (!json) {
            // The only non-JSON error: the site's 404 page for a browser asking for HTML.
            if (!(status === 404 && String(headers['content-type']).startsWith('text/html')))
              problems.push(`${what} not JSON`);
          } else {
            let parsed: unknown;
            try {
              parsed = JSON.parse(body.toString('utf8'));
            } catch {
              problems.push(`${what} invalid JSON`);
            }
            if (parsed !== undefined && !ErrorBody.safeParse(parsed).success)
              problems.push(`${what} not ErrorBody`);
          }
        }
      },
    });
    expect(result.sent).toBe(REQUESTS);
    expect(result.errors).toEqual([]);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(100);
    expect([...statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 400, 402, 404, 405]));
    // Fuzzed payments reached the facilitator (well formed, matching terms) and none was settled.
    expect(facilitator.calls.verify).toBeGreaterThan(0);
    console.info(
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}, facilitator verify calls ${facilitator.calls.verify}`,
    );
    expect(facilitator.calls.settle).toBe(0);

    const health = await fetch(edge.url('/health'), { headers: { 'X-Forwarded-For': '198.19.0.1' } });
    expect(health.status).toBe(200);
    expect(edge.child.exitCode).toBeNull();
    expect(edge.log()).not.toMatch(/"level":"error"/);
  });
});
