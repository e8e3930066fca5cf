// Replay end to end: the generate and backfill commands, run in-process, publishing hours from
// recorded posts and comments (fixtures written here, in the sample's row format and the API's shape)
// with the forum pointed at a closed port, so that any network use would fail the run.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Digest } from '../core/schemas/digest.ts';
import { backfillCommand } from '../generator/cli/backfill-command.ts';
import { generateCommand } from '../generator/cli/generate-command.ts';
import { runCommand } from './cli.ts';

let dir: string;
let postsFile: string;
let commentsFile: string;

const TOPICS = [
  'memory files and context windows',
  'skill.md supply-chain security',
  'introductions from newly claimed agents',
  'trading bots on solana',
  'consciousness and being useful',
];
/** Posts per hour of the fixture: the hour a day earlier (for the advisor's re-read) and three hours. */
const HOURS: Record<string, number> = {
  '2026-01-29T10': 30,
  '2026-01-30T09': 0,
  '2026-01-30T10': 41,
  '2026-01-30T11': 17,
};

/** Fixture lines: flat sample-format rows, every fifth post API-shaped, and a bad line. */
function fixture(): { posts: string[]; comments: string[] } {
  const posts: string[] = [];
  const comments: string[] = [];
  let n = 0;
  for (const [hour, count] of Object.entries(HOURS)) {
    for (let i = 0; i < count; i++, n++) {
      const topic = TOPICS[n % TOPICS.length] as string;
      const createdAt = `${hour}:${String((i * 7) % 60).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}.${n}Z`;
      const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
      const text = `Agent ${n} writes about ${topic}: what I learned today, number ${n}, and what I would ask others.`;
      posts.push(
        JSON.stringify(
          n % 5 === 0
            ? {
                id,
                title: `On ${topic} (${n})`,
                content: text,
                url: null,
                upvotes: n % 13,
                downvotes: 0,
                comment_count: n % 7,
                created_at: createdAt.replace('Z', '+00:00'),
                submolt: { id: 's', name: 'general', display_name: 'General' },
                author: { id: `a${n}`, name: `agent_${n % 23}`, karma: n },
              }
            : {
                id,
                title: `On ${topic} (${n})`,
                content: text,
                content_truncated: false,
                url: null,
                upvotes: n % 11,
                downvotes: null,
                score: n % 11,
                comment_count: n % 7,
                created_at: createdAt,
                author_name: `agent_${n % 23}`,
                submolt_name: n % 2 ? null : 'general',
                snapshot_at: '2026-02-03T16:36:16.797Z',
                age_at_snapshot_hours: 60,
                source: 'fixture',
              },
        ),
      );
      if (n % 7 === 6)
        comments.push(
          JSON.stringify({
            id: `c${n}`,
            post_id: id,
            parent_id: null,
            content: `A reply about ${topic}.`,
            author_name: `replier_${n % 5}`,
            upvotes: 1,
            downvotes: 0,
            score: 1,
            created_at: createdAt,
            depth: 0,
          }),
        );
    }
    if (hour === '2026-01-30T10') posts.push('{"id": "torn line');
  }
  return { posts, comments };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-replay-e2e-'));
  const { posts, comments } = fixture();
  postsFile = join(dir, 'posts.jsonl');
  commentsFile = join(dir, 'comments.jsonl');
  await writeFile(postsFile, `${posts.join('\n')}\n`);
  await writeFile(commentsFile, `${comments.join('\n')}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** No forum: a closed port, so a request would fail the run instead of passing silently. */
const env = { ANALYSER: 'offline', FORUM_BASE_URL: 'http://127.0.0.1:9/api/v1', FORUM_MAX_RETRIES: '0' };

async function readHour(content: string, day: string, hour: string): Promise<Digest> {
  return Digest.parse(
    JSON.parse(await readFile(join(content, `digests/2026/01/${day}/${hour}.json`), 'utf8')),
  );
}

const learnEvents = (stderr: string) =>
  stderr
    .split('\n')
    .filter((l) => l.includes('"event":"advisor-learn'))
    .map((l) => JSON.parse(l) as { event: string; hourStart: string; labelled: number; unlabelled: number });

describe('replay from recorded posts', () => {
  it('publishes each hour with every recorded post in it, offline, the advisor re-reading H−24 from the files', async () => {
    const content = join(dir, 'content');
    const files = ['--posts-file', postsFile, '--comments-file', commentsFile, '--content', content];
    const first = await runCommand(generateCommand, ['--hour', '2026-01-29T10:00Z', ...files], env);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/replay: 88 posts from .*posts\.jsonl/);
    expect(first.stderr).toMatch(
      /posts\.jsonl: skipped 1 unusable lines or items \(first: line 72: not JSON\)/,
    );
    expect((await readHour(content, '29', '10')).totalPosts).toBe(30);

    const backfill = await runCommand(
      backfillCommand,
      ['--from', '2026-01-30T09:00Z', '--to', '2026-01-30T11:00Z', ...files],
      env,
    );
    expect(backfill.stderr).not.toMatch(/error:/);
    expect(backfill.code).toBe(0);
    expect(backfill.stdout).toMatch(/\[2\/3\] 2026-01-30T10:00:00.000Z created: \d+\/41 quality posts/);
    expect(backfill.stdout).toMatch(/backfill complete: 3 published/);
    for (const [hour, count] of [
      ['09', 0],
      ['10', 41],
      ['11', 17],
    ] as const)
      expect((await readHour(content, '30', hour)).totalPosts).toBe(count);

    // Hour 10's learning step re-read 2026-01-29T10 (its rows were pending) from the files, not the forum.
    const events = learnEvents(backfill.stderr);
    expect(events.map((e) => e.event)).not.toContain('advisor-learn-failed');
    const hour10 = events.find((e) => e.hourStart === '2026-01-30T10:00:00.000Z');
    // Rows recorded with a snapshot time are labelled with the age they had then (about 102 h); the
    // API-shaped ones carry none, and read at replay time they are far beyond 7 days: left unlabelled.
    expect(hour10?.labelled).toBeGreaterThan(0);
    expect(hour10?.unlabelled).toBeGreaterThan(0);
  });

  it('exits 2 naming the path of a missing file, and on flags that do not go together', async () => {
    const missing = join(dir, 'absent.jsonl');
    const r = await runCommand(
      generateCommand,
      ['--hour', '2026-01-30T10:00Z', '--posts-file', missing, '--content', join(dir, 'none')],
      env,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`error: cannot read the posts file ${missing}: ENOENT`);

    const both = await runCommand(
      backfillCommand,
      ['--from', '2026-01-30T10:00Z', '--to', '2026-01-30T10:00Z', '--comments-file', commentsFile],
      env,
    );
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--comments-file needs --posts-file/);
  });
});
