import { parseArgs } from 'node:util';
import type { SimDialect } from './handlers.ts';
import type { SimulatorOptions } from './server.ts';

/** Help text of `npm run forum:sim`. */
export const USAGE = `usage: npm run forum:sim -- [--port <p>] [--seed <n>] [--posts-per-hour <n>]
       [--dialect production-offset|production-cursor|opensource] [--now <ISO time>]
       [--api-key <key>] [--max-page-size <n>] [--rate-limit-per-minute <n>]
  Serves a deterministic synthetic forum on 127.0.0.1 (port 0 = any free port) and prints its base URL.`;

const DIALECTS: readonly SimDialect[] = ['production-offset', 'production-cursor', 'opensource'];

/** What the command line asked for, or why it is wrong (exit code 2). */
export type CliArgs =
  | { readonly kind: 'run'; readonly options: SimulatorOptions }
  | { readonly kind: 'help' }
  | { readonly kind: 'error'; readonly message: string };

function int(flag: string, text: string, min: number, max: number): number | string {
  if (!/^-?\d+$/.test(text)) return `--${flag} must be a whole number (got "${text}")`;
  const n = Number(text);
  if (n < min || n > max) return `--${flag} must be from ${min} to ${max} (got ${n})`;
  return n;
}

/** Parses the simulator's command line; never exits, never prints. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        'posts-per-hour': { type: 'string' },
        dialect: { type: 'string' },
        now: { type: 'string' },
        'api-key': { type: 'string' },
        'max-page-size': { type: 'string' },
        'rate-limit-per-minute': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    return { kind: 'error', message: (error as Error).message };
  }
  if (values.help) return { kind: 'help' };
  const options: SimulatorOptions = {};
  const numeric: ReadonlyArray<readonly [string, keyof SimulatorOptions, number, number]> = [
    ['port', 'port', 0, 65_535],
    ['seed', 'seed', -2_147_483_648, 2_147_483_647],
    ['posts-per-hour', 'postsPerHour', 0, 1_000_000],
    ['max-page-size', 'maxPageSize', 1, 10_000],
    ['rate-limit-per-minute', 'rateLimitPerMinute', 1, 1_000_000],
  ];
  for (const [flag, key, min, max] of numeric) {
    const text = values[flag];
    if (typeof text !== 'string') continue;
    const n = int(flag, text, min, max);
    if (typeof n === 'string') return { kind: 'error', message: n };
    (options as Record<string, unknown>)[key] = n;
  }
  if (typeof values.dialect === 'string') {
    if (!DIALECTS.includes(values.dialect as SimDialect)) {
      return {
        kind: 'error',
        message: `--dialect must be one of ${DIALECTS.join(', ')} (got "${values.dialect}")`,
      };
    }
    options.dialect = values.dialect as SimDialect;
  }
  if (typeof values.now === 'string') {
    const now = /^\d{4}-\d{2}-\d{2}T/.test(values.now) ? new Date(values.now) : new Date(Number.NaN);
    if (Number.isNaN(now.getTime())) {
      return {
        kind: 'error',
        message: `--now must be an ISO date-time such as 2026-02-10T12:05:00Z (got "${values.now}")`,
      };
    }
    options.now = now;
  }
  if (typeof values['api-key'] === 'string') {
    if (values['api-key'].length === 0) return { kind: 'error', message: '--api-key must not be empty' };
    options.apiKey = values['api-key'];
  }
  return { kind: 'run', options };
}
