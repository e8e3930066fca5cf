// An hour whose comment threads fail after the listing succeeded: published, but saying so (exit 3, a
// marker beside the digest), and redone by the next backfill once the threads come back.
// The commands run in-process (generateCommand, backfillCommand) against a fake forum on loopback HTTP.
import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IncompleteMarker } from '../core/schemas/incomplete.ts';
import { backfillCommand } from '../generator/cli/backfill-command.ts';
import { generateCommand } from '../generator/cli/generate-command.ts';
import { fakeForum, productionPost, timeline } from '../generator/forum/testing/fake-forum.ts';
import { startServer, type TestServer } from '../generator/forum/testing/http-server.ts';
import { runCommand } from './cli.ts';

const HOUR = '2026-01-28T12:00Z';
let server: TestServer;
let dir: string;
let threadsFail = true;

beforeAll(async () => {
  // 90 posts a minute apart from 13:29 back; every third has comments.
  const posts = timeline(90, Date.parse('2026-01-28T13:29:00Z'), 60_000, (at, i) =>
    productionPost(at, {
      id: `post-${i}`,
      title: `Post ${i} about agent memory`,
      comment_count: i % 3 === 0 ? 4 : 0,
    }),
  );
  const comments = Object.fromEntries(
    posts.map((p) => [
      String(p.id),
      {
        success: true,
        comments: [
          {
            id: `c-${p.id}`,
            content: 'A reply.',
            created_at: p.created_at,
            upvotes: 1,
            downvotes: 0,
            author: { name: 'r' },
          },
        ],
      },
    ]),
  );
  const forum = fakeForum({
    dialect: 'offset',
    posts,
    comments,
    intercept: (req) => (threadsFail && req.path.endsWith('/comments') ? { status: 500 } : undefined),
  });
  server = await startServer(forum);
  dir = await mkdtemp(join(tmpdir(), 'murmur-incomplete-'));
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({
  FORUM_BASE_URL: `${server.origin}/api/v1`,
  ANALYSER: 'offline',
  FORUM_MAX_RETRIES: '0',
  FORUM_COMMENT_THREADS: '5',
});
const marker = () => join(dir, 'digests/2026/01/28/12.incomplete.json');
const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('an hour whose comment threads fail', () => {
  it('is published with exit 3 and a marker, redone by the next backfill, then skipped', async () => {
    const first = await runCommand(generateCommand, ['--hour', HOUR, '--content', dir], env());
    expect(first.code).toBe(3);
    expect(first.stdout).toMatch(
      /created: \d+\/60 quality posts.*\(incomplete: 0 of 5 comment threads fetched, 5 failed\)/,
    );
    expect(first.stderr).toMatch(/^incomplete: 2026-01-28T12:00:00.000Z was published incomplete/m);
    expect(await exists(join(dir, 'digests/2026/01/28/12.json'))).toBe(true);
    expect(IncompleteMarker.parse(JSON.parse(await readFile(marker(), 'utf8')))).toEqual({
      hourStart: '2026-01-28T12:00:00.000Z',
      threads: { wanted: 5, fetched: 0, failed: 5 },
    });

    const stillFailing = await runCommand(
      backfillCommand,
      ['--from', HOUR, '--to', HOUR, '--content', dir],
      env(),
    );
    expect(stillFailing.code).toBe(3);
    expect(stillFailing.stdout).toMatch(
      /\[1\/1\] 2026-01-28T12:00:00.000Z published incomplete before, redoing/,
    );
    expect(await exists(marker())).toBe(true);

    threadsFail = false;
    const redo = await runCommand(backfillCommand, ['--from', HOUR, '--to', HOUR, '--content', dir], env());
    expect(redo.stderr).not.toMatch(/^(error|incomplete):/m);
    expect(redo.code).toBe(0);
    expect(redo.stdout).toMatch(/published incomplete before, redoing/);
    expect(redo.stdout).toMatch(/\[1\/1\] 2026-01-28T12:00:00.000Z (updated|unchanged): /);
    expect(await exists(marker())).toBe(false);

    const again = await runCommand(backfillCommand, ['--from', HOUR, '--to', HOUR, '--content', dir], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/already published, skipped/);
  });
});
