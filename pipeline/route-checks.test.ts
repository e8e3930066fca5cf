import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/canonical-json.ts';
import { contextFromConfig } from '../core/envelopes/context.ts';
import { latestResponse } from '../core/envelopes/latest.ts';
import { ROUTES } from '../core/routes.ts';
import { makeDigest } from '../core/testing/digest.ts';
import { checkAnswer, EDGE_ONLY_ROUTES, routeChecks } from './route-checks.ts';
import { checkBuiltSite } from './soundness.ts';
import { put } from './testing/git-fixture.ts';

const ctx = contextFromConfig({ baseUrl: 'https://murmur.example', PLATFORM_SEGMENT: 'forum' });
const latest = routeChecks('forum').find((c) => c.routeId === 'latest');
if (!latest) throw new Error('latest route check missing');
const json = 'application/json; charset=utf-8';

describe('routeChecks', () => {
  it('covers every free GET route of the table except the edge-only ones, plus /api.json', () => {
    const free = ROUTES.filter(
      (r) => r.method === 'GET' && r.access === 'free' && !EDGE_ONLY_ROUTES.has(r.id),
    );
    const checks = routeChecks('pulse');
    expect(new Set(checks.map((c) => c.routeId))).toEqual(new Set(free.map((r) => r.id)));
    expect(checks.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/api', '/api.json', '/api/pulse/digests/latest']),
    );
    expect(checks.some((c) => c.routeId === 'health')).toBe(false);
  });
});

describe('checkAnswer', () => {
  const good = JSON.stringify(latestResponse(ctx, makeDigest('2026-01-28T17:00:00Z')));

  it('accepts a valid answer and returns its JSON', () => {
    const r = checkAnswer(latest, { status: 200, contentType: json, body: good });
    expect(r.problems).toEqual([]);
    expect((r.json as { success: boolean }).success).toBe(true);
  });

  it.each([
    [{ status: 404, contentType: json, body: good }, /status 404, expected 200/],
    [
      { status: 200, contentType: 'application/octet-stream', body: good },
      /Content-Type application\/octet-stream/,
    ],
    [{ status: 200, contentType: json, body: '{"success":true' }, /not JSON/],
    [
      { status: 200, contentType: json, body: good.replace('"success":true', '"success":false') },
      /schema \(success/,
    ],
  ])('reports %#', (answer, message) => {
    expect(checkAnswer(latest, answer).problems.join('\n')).toMatch(message);
  });

  it('checks text routes start as expected', () => {
    const llms = routeChecks('forum').find((c) => c.routeId === 'llms');
    if (!llms) throw new Error('llms route check missing');
    const text = 'text/plain; charset=utf-8';
    expect(checkAnswer(llms, { status: 200, contentType: text, body: '# murmur\n' }).problems).toEqual([]);
    expect(checkAnswer(llms, { status: 200, contentType: text, body: '<html>' }).problems[0]).toMatch(
      /start with/,
    );
  });
});

describe('checkBuiltSite', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'murmur-sound-'));
    // A stale build: it serves the 16:00 digest while content already has 17:00.
    await put(
      join(dir, 'content/digests/2026/01/28/16.json'),
      canonicalJson(makeDigest('2026-01-28T16:00:00Z')),
    );
    await put(
      join(dir, 'content/digests/2026/01/28/17.json'),
      canonicalJson(makeDigest('2026-01-28T17:00:00Z')),
    );
    await put(
      join(dir, 'dist/api/forum/digests/latest'),
      JSON.stringify(latestResponse(ctx, makeDigest('2026-01-28T16:00:00Z'))),
    );
    await put(join(dir, 'dist/_headers'), `/api/forum/digests/latest\n  Content-Type: ${json}\n`);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('serves the build, requests every route, and catches missing routes and a stale latest digest', async () => {
    const report = await checkBuiltSite({
      distDir: join(dir, 'dist'),
      contentDir: join(dir, 'content'),
      platform: 'forum',
      builtAt: new Date('2026-01-28T18:05:00Z'),
    });
    expect(report.checked).toContain('/api/forum/digests/latest 200');
    expect(report.checked).toContain('/api/forum/sample 404');
    const problems = report.problems.join('\n');
    expect(problems).toMatch(
      /GET \/api\/forum\/digests\/latest: names digest \S+, but the newest in content is \S+ \(2026-01-28T17:00:00.000Z\)/,
    );
    expect(problems).toMatch(/GET \/terms.txt: status 404/);
    // Too young for a sample at build time: its absence is not a problem.
    expect(problems).not.toMatch(/sample/);
  });
});
