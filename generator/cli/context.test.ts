import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../core/redact.ts';
import { SetupError } from '../context.ts';
import { CliError, runCommand } from './context.ts';
import type { CommandIo } from './io.ts';

function captureIo(env: Record<string, string> = {}): CommandIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    env,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    now: () => new Date('2026-01-28T18:07:00Z'),
    stdout,
    stderr,
  };
}

describe('runCommand', () => {
  it('resolves to 0 and prints nothing of its own when main succeeds, leaving process.exitCode alone', async () => {
    const io = captureIo();
    const before = process.exitCode;
    expect(await runCommand(io, async ({ say }) => say('done'))).toBe(0);
    expect(io.stdout).toEqual(['done']);
    expect(io.stderr).toEqual([]);
    expect(process.exitCode).toBe(before);
  });

  it.each([
    [new CliError('bad flag', 2), 2, 'error: bad flag'],
    [new CliError('2 hours incomplete', 3), 3, 'incomplete: 2 hours incomplete'],
    [new CliError('hour failed', 1), 1, 'error: hour failed'],
    [new SetupError('CONTENT_DIR: bad'), 2, 'error: CONTENT_DIR: bad'],
    [new TypeError('boom'), 1, 'error: TypeError: boom\nNothing partial was published.'],
  ])('turns %s into exit %i and its message on err', async (error, code, message) => {
    const io = captureIo();
    expect(
      await runCommand(io, async () => {
        throw error;
      }),
    ).toBe(code);
    expect(io.stderr).toEqual([message]);
  });

  it("redacts its env's secrets before the context exists, then the context's, per run", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-cli-'));
    try {
      const io = captureIo({ FORUM_API_KEY: 'envKeyValue123', ANALYSER: 'offline', CONTENT_DIR: dir });
      await runCommand(io, async ({ say }) => say('key envKeyValue123'));
      const fromFlag = captureIo({ ANALYSER: 'offline', CONTENT_DIR: dir });
      const code = await runCommand(fromFlag, async ({ createContext, say }) => {
        await createContext({ forum: 'https://forum.example/flagPathKey0123456789/api/v1' });
        say('url https://forum.example/flagPathKey0123456789/api/v1/posts');
        throw new Error('failed with flagPathKey0123456789');
      });
      expect(code).toBe(1);
      expect(io.stdout).toEqual([`key ${REDACTED}`]);
      expect(fromFlag.stdout).toEqual([`url https://forum.example/${REDACTED}`]);
      expect(fromFlag.stderr).toEqual([
        `error: Error: failed with ${REDACTED}\nNothing partial was published.`,
      ]);
      // A later run with neither secret prints what it is given: nothing of another run's redactor leaks.
      const plain = captureIo();
      await runCommand(plain, async ({ say }) => say('flagPathKey0123456789 envKeyValue123'));
      expect(plain.stdout).toEqual(['flagPathKey0123456789 envKeyValue123']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('turns a setup problem of the context into exit 2, naming the variable', async () => {
    const io = captureIo({ FORUM_PAGE_SIZE: 'lots' });
    expect(await runCommand(io, async ({ createContext }) => void (await createContext({})))).toBe(2);
    expect(io.stderr).toEqual([expect.stringMatching(/^error: invalid configuration:.*FORUM_PAGE_SIZE/s)]);
  });
});
