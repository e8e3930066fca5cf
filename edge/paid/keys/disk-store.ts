import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createFileAtomic, writeFileAtomic } from '../refunds/atomic-file.ts';
import {
  type ApiKeyStore,
  idOf,
  infoOf,
  issueKey,
  keyId,
  keyMatches,
  looksLikeKey,
  type StoredKey,
} from './key.ts';

/** The key file's content. */
interface KeyFile {
  version: 1;
  keys: StoredKey[];
}

/** A writer's lock file older than this is taken to be left by a crashed writer. */
const STALE_LOCK_MS = 30_000;
/** How long a writer waits for another writer's lock. */
const LOCK_WAIT_MS = 5_000;

/**
 * API keys in one JSON file (hashes only, mode 0600), replaced atomically on every change (temp file
 * + fsync + rename + fsync of the folder) under a lock file, so two CLI runs cannot lose each other's
 * change. Readers check the file's identity (inode, size, mtime) on every `verify` and re-read it when
 * it changed: a key issued or revoked by the CLI takes effect in a running server at its next request.
 * A file that cannot be parsed keeps the last good copy in use (and throws when there is none).
 */
export function diskKeyStore(file: string): ApiKeyStore {
  let cached: { signature: string; byId: Map<string, StoredKey> } | undefined;

  const parse = (text: string): Map<string, StoredKey> => {
    const data = JSON.parse(text) as KeyFile;
    if (data === null || typeof data !== 'object' || !Array.isArray(data.keys)) {
      throw new Error(`${file}: not a key file (expected {"version":1,"keys":[…]})`);
    }
    return new Map(data.keys.map((k) => [k.id, k]));
  };

  /** The keys as the file holds them now (re-read only when the file changed). */
  const current = async (): Promise<Map<string, StoredKey>> => {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      cached = { signature: 'missing', byId: new Map() };
      return cached.byId;
    }
    try {
      const info = await handle.stat({ bigint: true });
      const signature = `${info.dev}:${info.ino}:${info.size}:${info.mtimeNs}:${info.ctimeNs}`;
      if (cached?.signature === signature) return cached.byId;
      const text = await handle.readFile('utf8');
      try {
        cached = { signature, byId: parse(text) };
      } catch (error) {
        if (!cached || cached.signature === 'missing') {
          throw new Error(`${file}: cannot be read as a key file: ${(error as Error).message}`);
        }
        // Keep the last good copy (this file was edited by hand); it is re-tried when it changes again.
      }
      return cached.byId;
    } finally {
      await handle.close();
    }
  };

  /** Runs `change` on a fresh read of the file under the writers' lock and writes the result. */
  const update = async <T>(change: (keys: Map<string, StoredKey>) => T): Promise<T> => {
    await mkdir(dirname(file), { recursive: true });
    const lock = `${file}.lock`;
    const deadline = Date.now() + LOCK_WAIT_MS;
    while (!(await createFileAtomic(lock, `${process.pid}\n`))) {
      const info = await stat(lock).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > STALE_LOCK_MS) {
        await unlink(lock).catch(() => {});
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${file}: another writer holds ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    try {
      let keys = new Map<string, StoredKey>();
      try {
        keys = parse(await readFile(file, 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const result = change(keys);
      const data: KeyFile = { version: 1, keys: [...keys.values()] };
      await writeFileAtomic(file, `${JSON.stringify(data, null, 2)}\n`, 0o600);
      return result;
    } finally {
      await unlink(lock).catch(() => {});
    }
  };

  return {
    async issue(label) {
      return update((keys) => {
        for (;;) {
          const { stored, key } = issueKey(label, new Date());
          if (keys.has(stored.id)) continue;
          keys.set(stored.id, stored);
          return { id: stored.id, key };
        }
      });
    },

    async revoke(idOrKey) {
      const id = idOf(idOrKey);
      if (!(await current()).has(id)) return false;
      return update((keys) => {
        const stored = keys.get(id);
        if (!stored) return false;
        if (looksLikeKey(idOrKey.trim()) && !keyMatches(stored, idOrKey.trim())) return false;
        stored.revokedAt ??= new Date().toISOString();
        return true;
      });
    },

    async list() {
      return [...(await current()).values()]
        .map(infoOf)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    },

    async verify(key) {
      if (!looksLikeKey(key)) return undefined;
      const stored = (await current()).get(keyId(key));
      if (!stored || stored.revokedAt !== undefined || !keyMatches(stored, key)) return undefined;
      return { id: stored.id };
    },

    async close() {},
  };
}
