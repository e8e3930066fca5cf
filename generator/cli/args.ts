import { parseArgs } from 'node:util';
import { parseHour } from '../../core/hours.ts';
import { CliError } from './context.ts';

/** Parses a command's flags strictly; an unknown flag or a missing value is a usage error (exit 2). */
export function parseFlags<T extends Record<string, { type: 'string' | 'boolean' }>>(
  argv: string[],
  options: T,
  usage: string,
): { [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean } {
  try {
    const { values } = parseArgs({ args: argv, options, strict: true, allowPositionals: false });
    return values as { [K in keyof T]?: T[K]['type'] extends 'string' ? string : boolean };
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n${usage}`, 2);
  }
}

/** Reads an `--hour`-style flag as an exact UTC hour, or fails naming the flag. */
export function hourFlag(name: string, value: string): Date {
  const hour = parseHour(value);
  if (!hour)
    throw new CliError(
      `--${name} must be an exact hour such as 2026-01-28T13:00Z (got ${JSON.stringify(value)})`,
      2,
    );
  return hour;
}

/** The flags `generate` and `backfill` share: where posts come from, where digests go, and help. */
export const SOURCE_FLAGS = {
  forum: { type: 'string' },
  content: { type: 'string' },
  'posts-file': { type: 'string' },
  'comments-file': { type: 'string' },
  help: { type: 'boolean' },
} as const;
