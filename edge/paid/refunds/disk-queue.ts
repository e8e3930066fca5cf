import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createFileAtomic, removeStaleTemps, syncDir, TEMP_SUFFIX, writeFileAtomic } from './atomic-file.ts';
import {
  byQueuedAt,
  isPending,
  LockLostError,
  matches,
  type NewRefundOrder,
  newRecord,
  orderOf,
  type RefundClaim,
  type RefundOrder,
  type RefundQueue,
  type RefundRecord,
  refundId,
  requeueFailed,
} from './order.ts';

interface LockFile {
  owner: string;
  expiresAt: number;
}

/** A lock file that cannot be read is treated as held for this long after it was written. */
const UNREADABLE_LOCK_GRACE_MS = 5_000;

/** A claim of the disk queue, which can also remove its order (handed over to another queue). */
export interface DiskRefundClaim extends RefundClaim {
  /**
   * Removes the order file, durably, while the lock is still ours (else LockLostError), then gives the
   * lock back. Only for an order now stored elsewhere (`fallback-queue.ts` moves disk orders to Redis).
   */
  discard(): Promise<void>;
}

/** The disk refund queue, whose claims can discard their order. */
export interface DiskRefundQueue extends RefundQueue {
  claim(id: string, ttlMs: number): Promise<DiskRefundClaim | undefined>;
}

/**
 * Refund orders on disk under `dir`: `orders/<id>.json`, one file per order, every write atomic and
 * durable (temp file + fsync + rename or link + fsync of the folder), and `locks/<id>.lock` for the
 * worker holding an order (owner and expiry; a lock past its expiry is taken over). Meant for ONE
 * instance (several workers or queue objects in it are fine); instances sharing the queue use Redis.
 */
export function diskRefundQueue(dir: string): DiskRefundQueue {
  const ordersDir = join(dir, 'orders');
  const locksDir = join(dir, 'locks');
  const orderPath = (id: string) => join(ordersDir, `${safeId(id)}.json`);
  const lockPath = (id: string) => join(locksDir, `${safeId(id)}.lock`);

  let ready: Promise<void> | undefined;
  const ensureDirs = () => {
    ready ??= (async () => {
      await mkdir(ordersDir, { recursive: true });
      await mkdir(locksDir, { recursive: true });
      await syncDir(dir);
      await syncDir(dirname(dir)).catch(() => {});
      await removeStaleTemps(ordersDir);
      await removeStaleTemps(locksDir);
    })().catch((error) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  const readRecord = async (id: string): Promise<RefundRecord | undefined> => {
    try {
      return JSON.parse(await readFile(orderPath(id), 'utf8')) as RefundRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };

  const readLock = async (path: string): Promise<LockFile | 'missing' | 'unreadable'> => {
    try {
      const lock = JSON.parse(await readFile(path, 'utf8')) as LockFile;
      return typeof lock.owner === 'string' && typeof lock.expiresAt === 'number' ? lock : 'unreadable';
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : 'unreadable';
    }
  };

  const takeLock = async (path: string, owner: string, ttlMs: number): Promise<boolean> => {
    const body = () => JSON.stringify({ owner, expiresAt: Date.now() + ttlMs } satisfies LockFile);
    if (await createFileAtomic(path, body())) return true;
    const held = await readLock(path);
    if (held === 'missing') return createFileAtomic(path, body());
    if (held === 'unreadable') {
      const info = await stat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs < UNREADABLE_LOCK_GRACE_MS) return false;
    } else if (held.expiresAt > Date.now()) {
      return false;
    }
    // Expired: take it over. Another process taking it at the same instant is the one race left; the
    // owner check before every save keeps the loser from writing.
    await unlink(path).catch(() => {});
    return createFileAtomic(path, body());
  };

  const queue: DiskRefundQueue = {
    async enqueue(order: NewRefundOrder): Promise<RefundOrder> {
      const record = newRecord(order, new Date());
      await ensureDirs();
      if (await createFileAtomic(orderPath(record.id), `${JSON.stringify(record, null, 2)}\n`)) {
        return orderOf(record);
      }
      const existing = await readRecord(record.id);
      if (!existing) throw new Error(`refund ${record.id} exists but cannot be read`);
      return orderOf(existing);
    },

    async get(id) {
      await ensureDirs();
      return readRecord(id);
    },

    async list(filter) {
      await ensureDirs();
      const records: RefundRecord[] = [];
      for (const name of await readdir(ordersDir)) {
        if (!name.endsWith('.json') || name.endsWith(TEMP_SUFFIX)) continue;
        const record = await readRecord(name.slice(0, -'.json'.length));
        if (record && matches(record, filter)) records.push(record);
      }
      return records.sort(byQueuedAt);
    },

    async pending() {
      return (await queue.list()).filter(isPending);
    },

    async claim(id, ttlMs): Promise<DiskRefundClaim | undefined> {
      await ensureDirs();
      const path = lockPath(id);
      const owner = randomUUID();
      if (!(await takeLock(path, owner, ttlMs))) return undefined;
      const release = async () => {
        const held = await readLock(path);
        if (typeof held === 'object' && held.owner === owner) await unlink(path).catch(() => {});
      };
      const record = await readRecord(id);
      if (!record) {
        await release();
        return undefined;
      }
      return {
        record,
        async save(next) {
          const held = await readLock(path);
          if (typeof held !== 'object' || held.owner !== owner) {
            throw new LockLostError(`lock of refund ${id} was lost`);
          }
          await writeFileAtomic(orderPath(id), `${JSON.stringify(next, null, 2)}\n`);
          await writeFileAtomic(path, JSON.stringify({ owner, expiresAt: Date.now() + ttlMs }));
        },
        async discard() {
          const held = await readLock(path);
          if (typeof held !== 'object' || held.owner !== owner) {
            throw new LockLostError(`lock of refund ${id} was lost`);
          }
          await unlink(orderPath(id));
          await syncDir(ordersDir);
          await release();
        },
        release,
      };
    },

    requeue(id) {
      return requeueFailed(queue, id, new Date());
    },

    async close() {},
  };
  return queue;
}

/** An id safe as a file name (ids are `rf_` + hex; anything else is hashed the same way). */
function safeId(id: string): string {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : refundId(id);
}
