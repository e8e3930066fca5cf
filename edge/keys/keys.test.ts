import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { localState } from '../state/local-state.ts';
import { redisState } from '../state/redis-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import type { StateStore } from '../state/state.ts';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { type ApiKeyStore, hashKey, issueKey } from './key.ts';
import { apiKeyStore } from './store.ts';

const prefix = uniquePrefix();
const dirs: string[] = [];
afterAll(async () => {
  await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-keys-'));
  dirs.push(dir);
  return dir;
}

/** Everything the store keeps, as text: the database and its journal, or every Redis key and value. */
async function storedText(kind: string, where: string): Promise<string> {
  if (kind === 'sqlite') {
    const files = ['state.db', 'state.db-wal'].map((f) => readFile(join(where, f), 'latin1').catch(() => ''));
    return (await Promise.all(files)).join('');
  }
  const redis = new Redis(TEST_REDIS_URL);
  try {
    const keys = await redis.keys(`${where}*`);
    let text = keys.join('\n');
    for (const key of keys) text += `\n${JSON.stringify(await redis.hgetall(key))}`;
    return text;
  } finally {
    redis.disconnect();
  }
}

const kinds: Array<[string, () => Promise<{ open: () => StateStore; where: string }>]> = [
  [
    'sqlite',
    async () => {
      const dir = await tempDir();
      return { open: () => sqliteState(join(dir, 'state.db')), where: dir };
    },
  ],
  [
    'redis',
    async () => {
      const own = `${prefix}${Math.random().toString(36).slice(2)}:`;
      return { open: () => redisState({ url: TEST_REDIS_URL, prefix: own }), where: own };
    },
  ],
];

/** Runs `test` with key stores over fresh state objects, closing them afterwards. */
async function withStores(
  open: () => StateStore,
  count: number,
  test: (...stores: ApiKeyStore[]) => Promise<void>,
): Promise<void> {
  const states = Array.from({ length: count }, open);
  try {
    await test(...states.map(apiKeyStore));
  } finally {
    await Promise.all(states.map((s) => s.close()));
  }
}

describe.each(kinds)('api key store: %s', (kind, setup) => {
  it('issues a prefixed key once, verifies it, lists it, revokes it by id', async () => {
    const { open } = await setup();
    await withStores(open, 1, async (store) => {
      expect(await store.list()).toEqual([]);
      const { id, key } = await store.issue('partner A');
      expect(key).toMatch(/^mk_[0-9a-f]{64}$/);
      expect(id).toMatch(/^key_[0-9a-f]{16}$/);
      expect(await store.verify(key)).toEqual({ id });
      expect(await store.verify(`${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`)).toBeUndefined();
      expect(await store.verify('mk_nope')).toBeUndefined();
      expect(await store.verify('')).toBeUndefined();
      const listed = await store.list();
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ id, label: 'partner A' });
      expect(listed[0]?.revokedAt).toBeUndefined();
      expect(JSON.stringify(listed)).not.toContain(key);

      expect(await store.revoke(id)).toBe(true);
      expect(await store.verify(key)).toBeUndefined();
      expect((await store.list())[0]?.revokedAt).toEqual(expect.any(String));
      expect(await store.revoke(id)).toBe(true);
      expect(await store.revoke('key_0000000000000000')).toBe(false);
    });
  });

  it('revokes by the key itself, keeps other keys working, and never stores a key in plain text', async () => {
    const { open, where } = await setup();
    await withStores(open, 1, async (store) => {
      const a = await store.issue();
      const b = await store.issue('b');
      expect(a.id).not.toBe(b.id);
      expect(await store.revoke(a.key)).toBe(true);
      expect(await store.verify(a.key)).toBeUndefined();
      expect(await store.verify(b.key)).toEqual({ id: b.id });
      const text = await storedText(kind, where);
      for (const key of [a.key, b.key]) {
        expect(text).not.toContain(key);
        expect(text).not.toContain(key.slice(3));
        expect(text).toContain(hashKey(key));
      }
    });
  });

  it('a key issued or revoked through another store object takes effect without a restart', async () => {
    const { open } = await setup();
    await withStores(open, 2, async (server, cli) => {
      if (!server || !cli) throw new Error('two stores expected');
      expect(await server.list()).toEqual([]);
      const { id, key } = await cli.issue('from the cli');
      expect(await server.verify(key)).toEqual({ id });
      expect(await cli.revoke(id)).toBe(true);
      expect(await server.verify(key)).toBeUndefined();
    });
  });

  it('concurrent issues from several store objects lose none', async () => {
    const { open } = await setup();
    await withStores(open, 3, async (...stores) => {
      const issued = await Promise.all(stores.flatMap((s) => [s.issue(), s.issue()]));
      const reader = stores[0] as ApiKeyStore;
      expect((await reader.list()).map((k) => k.id).sort()).toEqual(issued.map((k) => k.id).sort());
      for (const k of issued) expect(await reader.verify(k.key)).toEqual({ id: k.id });
    });
  });
});

describe('api key store: the state database', () => {
  it('is a file only its owner can read', async () => {
    const dir = await tempDir();
    const state = sqliteState(join(dir, 'state.db'));
    await apiKeyStore(state).issue();
    await state.close();
    expect((await stat(join(dir, 'state.db'))).mode & 0o777).toBe(0o600);
  });

  it('imports an earlier version’s api-keys.json once at start-up and renames it', async () => {
    const dir = await tempDir();
    const { stored, key } = issueKey('old key', new Date('2026-01-01T00:00:00.000Z'));
    const revoked = issueKey('revoked', new Date('2026-01-02T00:00:00.000Z'));
    const file = { version: 1, keys: [stored, { ...revoked.stored, revokedAt: '2026-01-03T00:00:00.000Z' }] };
    await writeFile(join(dir, 'api-keys.json'), JSON.stringify(file), { mode: 0o600 });
    const state = await localState(dir);
    try {
      const keys = apiKeyStore(state);
      expect(await keys.verify(key)).toEqual({ id: stored.id });
      expect(await keys.verify(revoked.key)).toBeUndefined();
      expect((await keys.list()).map((k) => k.label)).toEqual(['old key', 'revoked']);
    } finally {
      await state.close();
    }
    await expect(stat(join(dir, 'api-keys.json'))).rejects.toThrow(/ENOENT/);
    expect(JSON.parse(await readFile(join(dir, 'api-keys.json.imported'), 'utf8'))).toEqual(file);
    // A crash before the rename: the file is back, and is not imported twice (a revoke made since stays).
    const again = await localState(dir);
    await apiKeyStore(again).revoke(key);
    await again.close();
    await writeFile(join(dir, 'api-keys.json'), JSON.stringify(file));
    const third = await localState(dir);
    try {
      expect(await apiKeyStore(third).verify(key)).toBeUndefined();
      expect(await apiKeyStore(third).list()).toHaveLength(2);
    } finally {
      await third.close();
    }
  });

  it('refuses to start on a key file it cannot read, and leaves it in place', async () => {
    const dir = await tempDir();
    await writeFile(join(dir, 'api-keys.json'), '{ not json');
    await expect(localState(dir)).rejects.toThrow(/cannot import .*api-keys\.json/);
    expect(await readFile(join(dir, 'api-keys.json'), 'utf8')).toBe('{ not json');
  });
});
