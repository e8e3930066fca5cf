import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.ts';

/**
 * What happened to a payment: `settled` (money moved to the payee), `refund-queued` (it had settled,
 * the work failed, and a refund order is stored), `failed` (settlement was tried and did not happen;
 * `indeterminate` when the facilitator stopped answering after the transaction may have been sent).
 */
export type SettlementOutcome = 'settled' | 'refund-queued' | 'failed';

/** One line of the settlement record: an event, appended, never rewritten. */
export interface SettlementRecord {
  /** When it happened (ISO 8601). */
  at: string;
  outcome: SettlementOutcome;
  /** Path of the paid route, e.g. `/api/forum/advisor`. */
  route: string;
  /** CAIP-2 network, e.g. `eip155:8453`. */
  network: string;
  /** Token contract paid. */
  asset: string;
  /** Atomic units. */
  amount: string;
  payer: string | null;
  /** Settlement transaction hash; null when none was sent. */
  transaction: string | null;
  /** The facilitator's reason of a failure, or why a refund is owed. */
  reason?: string;
  /** Id of the refund order (`refund-queued`). */
  refundId?: string;
  /** A failure whose transaction may still land: an operator must check `transaction` on chain. */
  indeterminate?: boolean;
}

/** Where settlement records go. `record` resolves once the record is durable. */
export interface SettlementLog {
  /** Where the records live, for logs and /health (no secrets). */
  readonly where: string;
  record(entry: SettlementRecord): Promise<void>;
  close(): Promise<void>;
}

/** A log that keeps nothing (tests and benches that do not look at records). */
export const noSettlementLog: SettlementLog = {
  where: 'nowhere',
  async record() {},
  async close() {},
};

/**
 * Settlement records as JSON lines appended to one file (mode 0600), each write followed by
 * fdatasync: `record` resolves only once its line is on disk. Concurrent records are written and
 * synced together (group commit), so 16 settlements cost one or two syncs, not 16. The folder is
 * created (and synced, so the new file's entry survives a crash) on first use.
 */
export function diskSettlementLog(file: string): SettlementLog {
  let handle: ReturnType<typeof open> | undefined;
  let pending: Array<{ line: string; resolve: () => void; reject: (e: Error) => void }> = [];
  let flushing: Promise<void> | null = null;
  let closed = false;

  const opened = () => {
    handle ??= (async () => {
      const dir = dirname(file);
      await mkdir(dir, { recursive: true });
      const h = await open(file, 'a', 0o600);
      const d = await open(dir, 'r');
      try {
        await d.sync();
      } catch {
        // Some file systems cannot sync a folder; the append itself is still synced.
      } finally {
        await d.close();
      }
      return h;
    })();
    handle.catch(() => {
      handle = undefined;
    });
    return handle;
  };

  const flush = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const h = await opened();
        await h.write(batch.map((b) => b.line).join(''));
        await h.datasync();
        for (const b of batch) b.resolve();
      } catch (error) {
        for (const b of batch) b.reject(error as Error);
      }
    }
    flushing = null;
  };

  return {
    where: file,
    record(entry) {
      if (closed) return Promise.reject(new Error('settlement log is closed'));
      return new Promise<void>((resolve, reject) => {
        pending.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
        flushing ??= flush();
      });
    },
    async close() {
      closed = true;
      await flushing;
      if (handle) await (await handle.catch(() => undefined))?.close();
      handle = undefined;
    },
  };
}

/** Reads a settlement log file back (tests, operators); missing file → no records. */
export async function readSettlementLog(file: string): Promise<SettlementRecord[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SettlementRecord);
}

/** Options of the Redis settlement log. */
export interface RedisSettlementLogOptions {
  url: string;
  /** Key prefix; records go to the stream `${prefix}settlements`. */
  prefix: string;
  /** Where a record goes when Redis does not take it (never dropped): normally the disk log. */
  fallback: SettlementLog;
  logger: Logger;
}

/** The stream key of the settlement records under a prefix. */
export function settlementStreamKey(prefix: string): string {
  return `${prefix}settlements`;
}

/**
 * Settlement records in a Redis stream shared by every instance (`XADD ${prefix}settlements`, field
 * `record` = the JSON). A record Redis does not accept within 2 s goes to `fallback` instead (logged
 * once per outage), so a settlement is never left unrecorded. Durability in Redis is its AOF/RDB
 * configuration's.
 */
export function redisSettlementLog(opts: RedisSettlementLogOptions): SettlementLog {
  const redis = new Redis(opts.url, {
    lazyConnect: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  redis.on('error', () => {});
  const key = settlementStreamKey(opts.prefix);
  let down = false;
  return {
    where: `redis stream ${key}`,
    async record(entry) {
      try {
        await redis.xadd(key, '*', 'record', JSON.stringify(entry));
        if (down) {
          down = false;
          opts.logger.info('settlement records back in Redis', { stream: key });
        }
      } catch (error) {
        if (!down) {
          down = true;
          opts.logger.warn('Redis refused a settlement record: writing to the fallback log', {
            stream: key,
            fallback: opts.fallback.where,
            error: (error as Error).message,
          });
        }
        await opts.fallback.record(entry);
      }
    },
    async close() {
      redis.disconnect();
      await opts.fallback.close();
    },
  };
}
