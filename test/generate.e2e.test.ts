// The generate and backfill command lines as child processes, one smoke test each (arguments, exit
// code and output of a real process), against the forum simulator over loopback HTTP, writing into a
// temporary content folder. Their other scenarios run in-process: generate.test.ts, incomplete-hour.test.ts
// and replay.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runTs } from './cli.ts';
import { readSimulatedHour, simulatedForum } from './simulated-forum.ts';

const forum = simulatedForum('e2e');
const env = () => forum.env();
const readHour = readSimulatedHour;

describe('the command lines, as child processes', () => {
  it('generate publishes one valid hour, exits 0 and prints its report line, logs on stderr', async () => {
    const content = join(forum.dir, 'generate');
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
    const content = join(forum.dir, 'backfill');
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
