import { spawn } from 'node:child_process';
import type { CommandIo } from '../generator/cli/io.ts';

/** Result of running one of the project's commands (as a child process, or in-process). */
export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs a TypeScript entry point with tsx in a child process (as `npm run …` would), with extra
 * environment variables, and collects its output.
 */
export function runTs(
  script: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CommandResult> {
  const child = spawn('tsx', [script, ...args], {
    cwd: new URL('..', import.meta.url).pathname,
    env: { ...inheritedEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs one of the generator's commands (`generateCommand`, `backfillCommand`) in-process with `env` as
 * its whole environment (nothing of the test process's) and collects its output as the process would
 * print it: one line per `out` / `err` call. `now` is its clock (default: the real one).
 */
export async function runCommand(
  command: (argv: string[], io: CommandIo) => Promise<number>,
  args: string[],
  env: Record<string, string> = {},
  now: () => Date = () => new Date(),
): Promise<CommandResult> {
  let stdout = '';
  let stderr = '';
  const code = await command(args, {
    env: { ...env },
    out: (line) => {
      stdout += `${line}\n`;
    },
    err: (line) => {
      stderr += `${line}\n`;
    },
    now,
  });
  return { code, stdout, stderr };
}

/** The parent's environment without what Vite/Vitest inject (`BASE_URL=/`, `MODE`, …), which would read as our configuration. */
function inheritedEnv(): Record<string, string | undefined> {
  const { BASE_URL: _base, MODE: _mode, DEV: _dev, PROD: _prod, SSR: _ssr, ...rest } = process.env;
  return rest;
}
