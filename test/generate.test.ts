// The hourly job end to end through its commands, run in-process (generateCommand, backfillCommand,
// with their environment and output given here) against the forum simulator over loopback HTTP,
// writing into a temporary content folder. The command lines as processes: generate.e2e.test.ts.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HourSignals } from '../generator/analyse/types.ts';
import { backfillCommand } from '../generator/cli/backfill-command.ts';
import { generateCommand } from '../generator/cli/generate-command.ts';
import type { Simulator } from '../generator/sim/server.ts';
import { runCommand } from './cli.ts';
import { readSimulatedHour, SIM_NOW, simulatedForum } from './simulated-forum.ts';

const forum = simulatedForum('generate');
const env = () => forum.env();
const readHour = readSimulatedHour;

describe('generate', () => {
  it('publishes one valid hour, and re-running it changes nothing', async () => {
    const content = join(forum.dir, 'one');
    const first = await runCommand(
      generateCommand,
      ['--hour', '2026-01-28T12:00Z', '--content', content],
      env(),
    );
    expect(first.stderr).not.toMatch(/error:/);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/2026-01-28T12:00:00.000Z created: \d+\/\d+ quality posts/);
    const digest = await readHour(content, '12');
    expect(digest.totalPosts).toBeGreaterThan(200);
    expect(digest.qualityPosts).toBeLessThan(digest.totalPosts);
    expect(digest.topTopics.length).toBeGreaterThan(0);
    const bytes = await readFile(join(content, 'digests/2026/01/28/12.json'), 'utf8');

    const again = await runCommand(
      generateCommand,
      ['--hour', '2026-01-28T12:00Z', '--content', content],
      env(),
    );
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/unchanged/);
    expect(await readFile(join(content, 'digests/2026/01/28/12.json'), 'utf8')).toBe(bytes);
  });

  it('gives the same digest content from two independent runs (deterministic)', async () => {
    const a = join(forum.dir, 'det-a');
    const b = join(forum.dir, 'det-b');
    for (const content of [a, b]) {
      const r = await runCommand(
        generateCommand,
        ['--hour', '2026-01-28T13:00Z', '--content', content],
        env(),
      );
      expect(r.code).toBe(0);
    }
    const [da, db] = [await readHour(a, '13'), await readHour(b, '13')];
    expect({ ...da, createdAt: '' }).toEqual({ ...db, createdAt: '' });
    expect(await readFile(join(a, 'digests/2026/01/28/13.md'), 'utf8')).toBe(
      (await readFile(join(b, 'digests/2026/01/28/13.md'), 'utf8')).replace(db.createdAt, da.createdAt),
    );
  });

  it('publishes nothing and exits 1 when the forum is down', async () => {
    const content = join(forum.dir, 'down');
    forum.sim.setFaults({ down: true } as Parameters<Simulator['setFaults']>[0]);
    try {
      const r = await runCommand(generateCommand, ['--hour', '2026-01-28T12:00Z', '--content', content], {
        ...env(),
        FORUM_MAX_RETRIES: '1',
        FORUM_BUDGET_MS: '5000',
        FORUM_REQUEST_TIMEOUT_MS: '1000',
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/error:/);
      await expect(readdir(content)).rejects.toThrow(/ENOENT/);
    } finally {
      forum.sim.setFaults({});
    }
  });

  it('never prints a secret of the forum URL or key in its errors and logs', async () => {
    const pathKey = 'forumPathKey0123456789abcdef';
    const r = await runCommand(
      generateCommand,
      ['--hour', '2026-01-28T12:00Z', '--content', join(forum.dir, 'secret')],
      {
        ...env(),
        FORUM_BASE_URL: `http://127.0.0.1:9/${pathKey}/api/v1`,
        FORUM_API_KEY: 'forumApiKeyValue',
        FORUM_MAX_RETRIES: '0',
        FORUM_BUDGET_MS: '5000',
        FORUM_REQUEST_TIMEOUT_MS: '1000',
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error:/);
    for (const secret of [pathKey, 'forumApiKeyValue'])
      expect(`${r.stdout}${r.stderr}`).not.toContain(secret);
  });

  it.each([
    [['--hour', 'noon']],
    [['--hour', '2026-01-28T12:30Z']],
    [['--hour', '2999-01-01T00:00Z']],
    [['--bogus']],
  ])('rejects bad arguments %j with exit 2', async (args) => {
    const r = await runCommand(generateCommand, [...args, '--content', join(forum.dir, 'bad')], env());
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/error: /);
  });

  it('refuses an hour that has not ended on its clock, with exit 2', async () => {
    const r = await runCommand(
      generateCommand,
      ['--hour', '2026-01-28T18:00Z', '--content', join(forum.dir, 'bad')],
      env(),
      () => SIM_NOW,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: --hour 2026-01-28T18:00:00.000Z has not ended yet; only complete hours are published\n',
    );
  });

  it('stops on a bad configuration value, naming the variable', async () => {
    const r = await runCommand(generateCommand, ['--content', join(forum.dir, 'bad')], {
      ...env(),
      FORUM_PAGE_SIZE: 'lots',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/FORUM_PAGE_SIZE/);
  });
});

describe('backfill', () => {
  it('fills hours in order, resumes after an interruption, and tracks narratives across hours', async () => {
    const content = join(forum.dir, 'backfill');
    forum.sim.setFaults({ down: true } as Parameters<Simulator['setFaults']>[0]);
    const failed = await runCommand(
      backfillCommand,
      ['--from', '2026-01-28T08:00Z', '--to', '2026-01-28T11:00Z', '--content', content],
      { ...env(), FORUM_MAX_RETRIES: '0', FORUM_BUDGET_MS: '3000', FORUM_REQUEST_TIMEOUT_MS: '1000' },
    );
    forum.sim.setFaults({});
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/run the same command again to resume/);

    const partial = await runCommand(
      backfillCommand,
      ['--from', '2026-01-28T08:00Z', '--to', '2026-01-28T09:00Z', '--content', content],
      env(),
    );
    expect(partial.code).toBe(0);
    const full = await runCommand(
      backfillCommand,
      ['--from', '2026-01-28T08:00Z', '--to', '2026-01-28T11:00Z', '--content', content],
      env(),
    );
    expect(full.code).toBe(0);
    expect(full.stdout).toMatch(/\[1\/4\] 2026-01-28T08:00:00.000Z already published, skipped/);
    expect(full.stdout).toMatch(/\[3\/4\] 2026-01-28T10:00:00.000Z created/);
    expect(full.stdout).toMatch(/backfill complete: 2 published, 2 already there/);

    const digests = await Promise.all(['08', '09', '10', '11'].map((h) => readHour(content, h)));
    expect(digests[0]?.continuingNarratives).toEqual([]);
    const later = digests.slice(1).flatMap((d) => d.continuingNarratives);
    expect(later.length).toBeGreaterThan(0);
    const signals = HourSignals.parse(
      JSON.parse(await readFile(join(content, 'signals/2026/01/28/11.json'), 'utf8')),
    );
    expect(signals.narratives.length).toBeGreaterThan(0);
  });
});
