import { parseArgs } from 'node:util';

/** Usage text of `npm run chain:dev`. */
export const CHAIN_DEV_USAGE =
  'usage: npm run chain:dev -- [--port <0-65535, default 8545>] [--host <address, default 127.0.0.1>] [--payers <n, default 3>]';

/** What `npm run chain:dev` was asked to do, or a message naming the bad input. */
export type ChainDevArgs =
  | { kind: 'run'; port: number; host: string; payers: number }
  | { kind: 'help' }
  | { kind: 'error'; message: string };

/** Parses the command line of `npm run chain:dev`. Pure. */
export function parseChainDevArgs(argv: string[]): ChainDevArgs {
  let values: { port?: string; host?: string; payers?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        payers: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  if (values.help) return { kind: 'help' };
  const port = wholeNumber('port', values.port, 8545, 65_535);
  if (typeof port === 'string') return { kind: 'error', message: port };
  const payers = wholeNumber('payers', values.payers, 3, 1_000);
  if (typeof payers === 'string') return { kind: 'error', message: payers };
  const host = values.host ?? '127.0.0.1';
  if (host.trim() === '') return { kind: 'error', message: '--host must not be empty' };
  return { kind: 'run', port, host, payers };
}

function wholeNumber(name: string, raw: string | undefined, fallback: number, max: number): number | string {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max)
    return `--${name} must be a whole number from 0 to ${max}, got "${raw}"`;
  return Number(raw);
}
