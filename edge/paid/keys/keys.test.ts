import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../testing/redis.ts';
import { type ApiKeyStore, diskKeyStore, redisKeyStore } from './index.ts';
import { hashKey } from './key.ts';

const prefix = uniquePrefix();
const dirs: string[] = [];
afterAll(async () => {
  await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

async function tempFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-keys-'));
  dirs.push(dir);
  return join(dir, 'state', 'api-keys.json');
}

/** Everything the store keeps, as text: the key file, or every Redis key and value under the prefix. */
async function storedText(kind: string, where: string): Promise<string> {
  if (kind === 'disk') return readFile(where, 'utf8');
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

const kinds: Array<[string, () => Promise<{ make: () => ApiKeyStore; where: string }>]> = [
  [
    'disk',
    async () => {
      const file = await tempFile();
      return { make: () => diskKeyStore(file), where: file };
    },
  ],
  [
    'redis',
    async () => {
      const own = `${prefix}${Math.random().toString(36).slice(2)}:`;
      return { make: () => redisKeyStore({ url: TEST_REDIS_URL, prefix: own }), where: own };
    },
  ],
];

describe.each(kinds)('api key store: %s', (kind, setup) => {
  it('issues a prefixed key once, verifies it, lists it, revokes it by id', async () => {
    const { make } = await setup();
    const store = make();
    try {
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
    } finally {
      await store.close();
    }
  });

  it('revokes by the key itself, keeps other keys working, and never stores a key in plain text', async () => {
    const { make, where } = await setup();
    const store = make();
    try {
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
    } finally {
      await store.close();
    }
  });

  it('a key issued or revoked through another store object takes effect without a restart', async () => {
    const { make } = await setup();
    const server = make();
    const cli = make();
    try {
      expect(await server.list()).toEqual([]);
      const { id, key } = await cli.issue('from the cli');
      expect(await server.verify(key)).toEqual({ id });
      expect(await cli.revoke(id)).toBe(true);
      expect(await server.verify(key)).toBeUndefined();
    } finally {
      await server.close();
      await cli.close();
    }
  });
});

describe('api key store: disk specifics', () => {
  it('writes the file with mode 0600 and survives concurrent issues without losing one', async () => {
    const file = await tempFile();
    const stores = [diskKeyStore(file), diskKeyStore(file), diskKeyStore(file)];
    const issued = await Promise.all(stores.flatMap((s) => [s.issue(), s.issue()]));
    const reader = diskKeyStore(file);
    expect((await reader.list()).map((k) => k.id).sort()).toEqual(issued.map((k) => k.id).sort());
    for (const k of issued) expect(await reader.verify(k.key)).toEqual({ id: k.id });
    const { stat } = await import('node:fs/promises');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('a file edited into garbage keeps the last good copy in use', async () => {
    const file = await tempFile();
    const store = diskKeyStore(file);
    const { id, key } = await store.issue();
    expect(await store.verify(key)).toEqual({ id });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(file, '{ not json');
    expect(await store.verify(key)).toEqual({ id });
    await expect(diskKeyStore(file).verify(key)).rejects.toThrow(/cannot be read as a key file/);
  });
});
