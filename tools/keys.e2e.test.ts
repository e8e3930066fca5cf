import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiKeyStore } from '../edge/keys/store.ts';
import { localState } from '../edge/state/local-state.ts';
import { redisState } from '../edge/state/redis-state.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../edge/testing/redis.ts';
import { runTs } from '../test/cli.ts';
import { main } from './keys.ts';

const prefix = uniquePrefix();
const dirs: string[] = [];
afterAll(async () => {
  await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** `npm run keys -- …` as a child process. */
const keys = (args: string[], env: Record<string, string>) => runTs('tools/keys.ts', args, env);

/** The same command in this process (fast), with its output collected. */
async function keysInProcess(args: string[], env: Record<string, string>) {
  let stdout = '';
  let stderr = '';
  const code = await main(args, env, {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
  });
  return { code, stdout, stderr };
}

/** The id and key an `issue` printed. */
function issued(stdout: string): { id: string; key: string } {
  const id = /^id\s+(key_[0-9a-f]{16})$/m.exec(stdout)?.[1];
  const key = /^key\s+(mk_[0-9a-f]{64})$/m.exec(stdout)?.[1];
  if (!id || !key) throw new Error(`no id and key in ${JSON.stringify(stdout)}`);
  return { id, key };
}

describe('npm run keys', () => {
  it('the state database (the default): issue prints the key once, a running store sees it, revoke and list', async () => {
    const stateDir = await mkdtemp(join(tmpdir(), 'murmur-keys-cli-'));
    dirs.push(stateDir);
    const env = { STATE_DIR: stateDir, RATE_LIMIT_STORE: 'memory' };
    const state = await localState(stateDir);
    const server = apiKeyStore(state);
    expect(await server.list()).toEqual([]);

    const issue = await keys(['issue', '--label', 'partner A'], env);
    expect(issue.code, issue.stderr).toBe(0);
    const { id, key } = issued(issue.stdout);
    expect(issue.stderr).toMatch(/shown only once/);
    expect(await server.verify(key)).toEqual({ id });
    const files = await Promise.all(
      ['state.db', 'state.db-wal'].map((f) => readFile(join(stateDir, f), 'latin1').catch(() => '')),
    );
    expect(files.join('')).toContain(id);
    expect(files.join('')).not.toContain(key.slice(3));

    const list = await keysInProcess(['list'], env);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`^${id}\\s+\\S+\\s+active\\s+partner A$`, 'm'));
    expect(list.stdout).not.toContain(key);

    const [revoke, unknown] = await Promise.all([
      keys(['revoke', id], env),
      keysInProcess(['revoke', 'key_ffffffffffffffff'], env),
    ]);
    expect(revoke).toMatchObject({ code: 0, stdout: `revoked ${id}\n` });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no key with id 'key_ffffffffffffffff'/);
    expect(await server.verify(key)).toBeUndefined();

    const json = await keysInProcess(['list', '--json'], env);
    expect(JSON.parse(json.stdout)).toEqual([
      { id, label: 'partner A', createdAt: expect.any(String), revokedAt: expect.any(String) },
    ]);
    await state.close();
  });

  it('redis (--store redis, or RATE_LIMIT_STORE=redis): issue, revoke by the key itself', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefix, RATE_LIMIT_STORE: 'memory' };
    const issue = await keys(['issue', '--store', 'redis'], env);
    expect(issue.code, issue.stderr).toBe(0);
    const { id, key } = issued(issue.stdout);
    const state = redisState({ url: TEST_REDIS_URL, prefix });
    const server = apiKeyStore(state);
    try {
      expect(await server.verify(key)).toEqual({ id });
      const revoke = await keysInProcess(['revoke', key], { ...env, RATE_LIMIT_STORE: 'redis' });
      expect(revoke).toMatchObject({ code: 0, stdout: `revoked ${id}\n` });
      expect(await server.verify(key)).toBeUndefined();
    } finally {
      await state.close();
    }
  });

  it('bad input exits 2 naming it; an unreachable store exits 1', async () => {
    const env = { STATE_DIR: join(tmpdir(), 'murmur-never-written'), RATE_LIMIT_STORE: 'memory' };
    const port = await closedPort();
    const [none, down] = await Promise.all([
      keys([], env),
      keys(['list', '--store', 'redis'], { ...env, REDIS_URL: `redis://127.0.0.1:${port}` }),
    ]);
    expect(none).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringMatching(/a command is required/),
    });
    expect(down).toMatchObject({
      code: 1,
      stdout: '',
      stderr: expect.stringMatching(new RegExp(`cannot reach redis at 127.0.0.1:${port}`)),
    });
    const cases: Array<[string[], RegExp]> = [
      [['rotate'], /unknown command 'rotate'/],
      [['issue', '--colour', 'red'], /unknown option '--colour'/],
      [['list', '--store', 'postgres'], /--store must be disk or redis, not 'postgres'/],
      [['revoke'], /revoke takes exactly one/],
      [['issue', '--label'], /--label needs a value/],
      [['list', '--label', 'x'], /--label goes with issue only/],
      [['list', '--store', 'redis'], /REDIS_URL: is required/],
    ];
    for (const [args, message] of cases) {
      const r = await keysInProcess(args, env);
      expect(r, args.join(' ')).toMatchObject({
        code: 2,
        stdout: '',
        stderr: expect.stringMatching(message),
      });
    }
    expect((await keysInProcess(['list'], { ...env, PORT: 'eighty' })).stderr).toMatch(
      /PORT: must be a number/,
    );
  });
});
