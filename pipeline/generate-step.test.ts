// The generate step runs the generator in-process: typed results, an incomplete hour is a warning,
// configuration errors are exit 2, and no secret of the generator's URLs reaches a log line or error.
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeForum, productionPost, timeline } from '../generator/forum/testing/fake-forum.ts';
import { startServer, type TestServer } from '../generator/forum/testing/http-server.ts';
import { generateHours } from './generate-step.ts';
import type { Logger } from './log.ts';
import { StepError } from './step-error.ts';

const HOUR = new Date('2026-01-28T12:00:00.000Z');
let server: TestServer;
let dir: string;

beforeAll(async () => {
  // 90 posts a minute apart from 13:29 back; every third has comments, whose threads always fail.
  const posts = timeline(90, Date.parse('2026-01-28T13:29:00Z'), 60_000, (at, i) =>
    productionPost(at, {
      id: `post-${i}`,
      title: `Post ${i} about agent memory`,
      comment_count: i % 3 === 0 ? 4 : 0,
    }),
  );
  server = await startServer(
    fakeForum({
      dialect: 'offset',
      posts,
      intercept: (req) => (req.path.endsWith('/comments') ? { status: 500 } : undefined),
    }),
  );
  dir = await mkdtemp(join(tmpdir(), 'murmur-generate-step-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

function recorder() {
  const lines: string[] = [];
  const log: Logger = { info: (m) => lines.push(`info ${m}`), warn: (m) => lines.push(`warn ${m}`) };
  return { lines, log, onOutput: (line: string) => lines.push(`out ${line}`) };
}

const env = { ANALYSER: 'offline', FORUM_MAX_RETRIES: '0', FORUM_COMMENT_THREADS: '5' };

describe('generateHours (in-process)', () => {
  it('publishes an hour whose threads fail as a warning, with its marker, and returns typed results', async () => {
    const content = join(dir, 'incomplete');
    const r = recorder();
    const result = await generateHours(
      { backfill: null, generate: [HOUR] },
      { contentDir: content, forum: `${server.origin}/api/v1`, env, onOutput: r.onOutput },
      r.log,
    );
    expect(result.generated).toEqual([HOUR.toISOString()]);
    expect(result.backfillError).toBeNull();
    expect(r.lines.some((l) => /^warn .*published incomplete/.test(l))).toBe(true);
    await access(join(content, 'digests/2026/01/28/12.incomplete.json'));

    // The backfill redoes the marked hour (still incomplete: a warning again, not a failure).
    const again = recorder();
    const redo = await generateHours(
      { backfill: { from: HOUR, to: HOUR }, generate: [] },
      { contentDir: content, forum: `${server.origin}/api/v1`, env, onOutput: again.onOutput },
      again.log,
    );
    expect(redo.backfill?.steps).toMatchObject([{ kind: 'published', redone: true }]);
    expect(redo.backfill?.incomplete).toEqual([HOUR.toISOString()]);
    expect(again.lines.some((l) => /^warn backfill published .* incomplete/.test(l))).toBe(true);
  }, 30_000);

  it('fails with exit 1 and never prints a secret of the forum URL', async () => {
    const pathKey = 'forumPathKey0123456789abcdef';
    const forum = `http://127.0.0.1:9/${pathKey}/api/v1`;
    const r = recorder();
    const error = await generateHours(
      {
        backfill: { from: new Date('2026-01-28T10:00Z'), to: new Date('2026-01-28T11:00Z') },
        generate: [HOUR],
      },
      {
        contentDir: join(dir, 'down'),
        forum: undefined,
        env: {
          ...env,
          FORUM_BASE_URL: forum,
          FORUM_API_KEY: 'forumApiKeyValue',
          FORUM_BUDGET_MS: '5000',
          FORUM_REQUEST_TIMEOUT_MS: '1000',
        },
        onOutput: r.onOutput,
      },
      r.log,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepError);
    expect((error as StepError).exitCode).toBe(1);
    expect((error as StepError).step).toBe('generate');
    const text = [(error as StepError).message, ...r.lines].join('\n');
    expect(text).toMatch(/backfill failed at 2026-01-28T10:00:00.000Z/);
    for (const secret of [pathKey, 'forumApiKeyValue']) expect(text).not.toContain(secret);
  }, 30_000);

  it('stops with exit 2 on a bad generator configuration, naming the variable', async () => {
    const r = recorder();
    const error = await generateHours(
      { backfill: null, generate: [HOUR] },
      {
        contentDir: join(dir, 'bad'),
        forum: undefined,
        env: { FORUM_PAGE_SIZE: 'lots' },
        onOutput: r.onOutput,
      },
      r.log,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StepError);
    expect((error as StepError).exitCode).toBe(2);
    expect((error as StepError).message).toMatch(/FORUM_PAGE_SIZE/);
  });
});
