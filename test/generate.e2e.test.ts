// The generate and backfill command lines as child processes, one smoke test each (arguments, exit
// code and output of a real process), against the forum simulator over loopback HTTP, writing into a
// temporary content folder. Their other scenarios run in-process: generate.test.ts, incomplete-hour.test.ts
// and replay.test.ts.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Digest } from '../core/schemas/digest.ts';
import { type Simulator, startSimulator } from '../generator/sim/server.ts';
import { runTs } from './cli.ts';

const NOW = new Date('2026-01-28T18:07:00.000Z');
let sim: Simulator;
let dir: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 11, postsPerHour: 400, now: NOW, rateLimitPerMinute: 100_000 });
  dir = await mkdtemp(join(tmpdir(), 'murmur-e2e-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

const env = () => ({ FORUM_BASE_URL: sim.url, ANALYSER: 'offline', FORUM_BUDGET_MS: '60000' });

async function readHour(content: string, stem: string): Promise<Digest> {
  return Digest.parse(JSON.parse(await readFile(join(content, `digests/2026/01/28/${stem}.json`), 'utf8')));
}

describe('the command lines, as child processes', () => {
  it('generate publishes one valid hour, exits 0 and prints its report line, logs on stderr', async () => {
    const content = join(dir, 'generate');
    const r = await runTs(
      'generator/cli/generate.ts',
      ['--hour', '2026-01-28T12:00Z', '--content', content],
      env(),
    );
    expect(r.stderr).not.toMatch(/error:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^2026-01-28T12:00:00.000Z created: \d+\/\d+ quality posts, digest \S+ — .+\n$/);
    expect(r.stderr).toMatch(/^\{"time":"[^"]+",.*"event":"/m);
    const digest = await readHour(content, '12');
    expect(digest.totalPosts).toBeGreaterThan(200);
  });

  it('backfill publishes each hour in order, exits 0 and prints its progress', async () => {
    const content = join(dir, 'backfill');
    const r = await runTs(
      'generator/cli/backfill.ts',
      ['--from', '2026-01-28T08:00Z', '--to', '2026-01-28T09:00Z', '--content', content],
      env(),
    );
    expect(r.stderr).not.toMatch(/error:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^\[1\/2\] 2026-01-28T08:00:00.000Z created: .*\n\[2\/2\] 2026-01-28T09:00:00.000Z created: /,
    );
    expect(r.stdout).toMatch(/backfill complete: 2 published, 0 already there\n$/);
    for (const hour of ['08', '09']) expect((await readHour(content, hour)).totalPosts).toBeGreaterThan(200);
  });
});
