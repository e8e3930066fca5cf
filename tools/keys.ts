// `npm run keys -- issue [--label <text>] | revoke <id|key> | list [--json]` [--store disk|redis]:
// free-tier API keys of the advisor. The store is the one the edge uses: RATE_LIMIT_STORE (memory →
// the state database `${STATE_DIR:-.state}/state.db`, redis → REDIS_URL under RATE_LIMIT_PREFIX), or
// `--store`. A new key is printed once; only its hash is stored. Exit 0 done, 1 failed, 2 bad input.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError } from '../core/config/fields.ts';
import { loadEdgeConfig } from '../edge/config.ts';
import { type ApiKeyStore, keyId, looksLikeKey } from '../edge/keys/key.ts';
import { apiKeyStore } from '../edge/keys/store.ts';
import { localState, STATE_FILE } from '../edge/state/local-state.ts';
import { redisState } from '../edge/state/redis-state.ts';
import type { StateStore } from '../edge/state/state.ts';

const USAGE = `usage: npm run keys -- <command> [--store disk|redis]
  issue [--label <text>]   issue a key (printed once; only its hash is stored)
  revoke <id|key>          revoke a key by its id (key_…) or the key itself (mk_…)
  list [--json]            list keys: id, state, creation time, label`;

/** A wrong command line: exit 2 with the message and the usage. */
class UsageError extends Error {}

interface Command {
  name: 'issue' | 'revoke' | 'list';
  label?: string;
  target?: string;
  json: boolean;
  store?: 'disk' | 'redis';
}

function parseArgs(argv: readonly string[]): Command {
  const positional: string[] = [];
  let label: string | undefined;
  let store: 'disk' | 'redis' | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const value = (flag: string) => {
      const next = argv[i + 1];
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    if (arg === '--label') label = value('--label');
    else if (arg.startsWith('--label=')) label = arg.slice('--label='.length);
    else if (arg === '--store' || arg.startsWith('--store=')) {
      const v = arg === '--store' ? value('--store') : arg.slice('--store='.length);
      if (v !== 'disk' && v !== 'redis') throw new UsageError(`--store must be disk or redis, not '${v}'`);
      store = v;
    } else if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (arg.startsWith('--')) throw new UsageError(`unknown option '${arg}'`);
    else positional.push(arg);
  }
  const [name, ...rest] = positional;
  if (name === undefined) throw new UsageError('a command is required');
  if (name !== 'issue' && name !== 'revoke' && name !== 'list')
    throw new UsageError(`unknown command '${name}'`);
  if (name === 'revoke') {
    if (rest.length !== 1 || (rest[0] as string).trim() === '') {
      throw new UsageError('revoke takes exactly one key id or key');
    }
  } else if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}' after ${name}`);
  if (label !== undefined && name !== 'issue') throw new UsageError('--label goes with issue only');
  if (label !== undefined && (label.trim() === '' || label.length > 200 || /\p{Cc}/u.test(label))) {
    throw new UsageError('--label must be 1–200 printable characters');
  }
  if (json && name !== 'list') throw new UsageError('--json goes with list only');
  const command: Command = { name, json };
  if (label !== undefined) command.label = label.trim();
  if (rest[0] !== undefined) command.target = rest[0].trim();
  if (store !== undefined) command.store = store;
  return command;
}

/** Host and port of a Redis URL, without credentials, for messages. */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '6379'}`;
  } catch {
    return 'the configured Redis';
  }
}

/** Where the command writes (stdout for results, stderr for messages). */
export interface KeysIo {
  out(text: string): void;
  err(text: string): void;
}

/** The state the edge keeps its keys in (opened later, so opening it counts as a failure to reach it). */
function openStore(
  command: Command,
  env: Record<string, string | undefined>,
): { open(): Promise<StateStore>; description: string } {
  const config = loadEdgeConfig(env);
  const kind = command.store ?? (config.RATE_LIMIT_STORE === 'redis' ? 'redis' : 'disk');
  if (kind === 'redis') {
    if (config.REDIS_URL === undefined) throw new ConfigError('REDIS_URL: is required with --store redis');
    return {
      open: async () => redisState({ url: config.REDIS_URL as string, prefix: config.RATE_LIMIT_PREFIX }),
      description: `redis at ${where(config.REDIS_URL)} (${config.RATE_LIMIT_PREFIX}apikeys)`,
    };
  }
  return { open: () => localState(config.STATE_DIR), description: join(config.STATE_DIR, STATE_FILE) };
}

async function run(command: Command, store: ApiKeyStore, description: string, io: KeysIo): Promise<number> {
  switch (command.name) {
    case 'issue': {
      const { id, key } = await store.issue(command.label);
      io.out(`id   ${id}\nkey  ${key}\n`);
      io.err(`Issued in ${description}. Copy the key now: it is shown only once.\n`);
      return 0;
    }
    case 'revoke': {
      const target = command.target as string;
      const id = looksLikeKey(target) ? keyId(target) : target;
      if (await store.revoke(target)) {
        io.out(`revoked ${id}\n`);
        return 0;
      }
      io.err(`keys: no key with id '${id}' in ${description}\n`);
      return 1;
    }
    case 'list': {
      const keys = await store.list();
      if (command.json) {
        io.out(`${JSON.stringify(keys, null, 2)}\n`);
        return 0;
      }
      if (keys.length === 0) io.err(`no keys in ${description}\n`);
      for (const k of keys) {
        const state = k.revokedAt ? `revoked ${k.revokedAt}` : 'active';
        io.out(`${k.id}  ${k.createdAt}  ${state}${k.label ? `  ${k.label}` : ''}\n`);
      }
      return 0;
    }
  }
}

/** Runs the command line `argv` (without node and the script) against `env`; answers the exit code. */
export async function main(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: KeysIo,
): Promise<number> {
  let command: Command;
  let opened: ReturnType<typeof openStore>;
  try {
    command = parseArgs(argv);
    opened = openStore(command, env);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message ? `keys: ${error.message}\n${USAGE}\n` : `${USAGE}\n`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(`keys: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  let state: StateStore | undefined;
  try {
    state = await opened.open();
    return await run(command, apiKeyStore(state), opened.description, io);
  } catch (error) {
    const message = (error as Error).message;
    const unreachable = /max retries per request|ECONNREFUSED|ETIMEDOUT|ENOTFOUND|Connection is closed/i.test(
      message,
    );
    io.err(
      unreachable
        ? `keys: cannot reach ${opened.description}: ${message}\n`
        : `keys: ${command.name} failed on ${opened.description}: ${message}\n`,
    );
    return 1;
  } finally {
    await state?.close();
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(resolve(entry)).href) {
  process.exit(
    await main(process.argv.slice(2), process.env, {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
    }),
  );
}
