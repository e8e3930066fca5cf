import type { Logger } from '../logger.ts';
import type { StateStore } from '../state/state.ts';
import {
  byQueuedAt,
  orderOf,
  type RefundClaim,
  type RefundOrderError,
  type RefundQueue,
  type RefundRecord,
} from './order.ts';
import { refundQueue } from './state-queue.ts';

/** Options of `fallbackRefundQueue`. */
export interface FallbackRefundQueueOptions {
  /** The shared state (Redis); while `ready()` answers false it is not even asked (no wait for a reconnect). */
  primary: StateStore;
  /** Where an order goes when the shared state does not take it: the instance's SQLite state. */
  fallback: StateStore;
  logger: Logger;
}

/** Records of both queues, the shared one's first when an id is in both (a copy not moved yet). */
function union(shared: RefundRecord[], local: RefundRecord[]): RefundRecord[] {
  const seen = new Set(shared.map((r) => r.id));
  return [...shared, ...local.filter((r) => !seen.has(r.id))].sort(byQueuedAt);
}

/**
 * A refund queue over two state stores that never loses an order while the shared one (Redis) is
 * unreachable, as the settlement records fall back to the instance's state:
 *
 * - `enqueue` stores the order in Redis, or, when that fails, in the instance's SQLite state
 *   (committed durably; logged). An order with no settlement transaction is refused by both alike.
 * - `pending`, `list`, `get` read both (the local state alone while Redis is down), so /health counts both.
 * - `claim` of an order still in the local state MOVES it first: enqueue into Redis (idempotent by
 *   settlement: if Redis did get it despite the error, the first order is kept), then the local row is
 *   deleted under its lock, then the Redis order is claimed. So the worker drains both, and each order
 *   is paid from one store only: a local order waits for Redis rather than risk being paid from both.
 *   An order the local state already signed (an instance that ran without Redis before) is finished
 *   there, where its transaction is recorded.
 */
export function fallbackRefundQueue(opts: FallbackRefundQueueOptions): RefundQueue {
  const primary = refundQueue(opts.primary);
  const fallback = refundQueue(opts.fallback);
  const { logger } = opts;
  const up = () => primary.ready();

  /** The shared queue's answer, or undefined (logged) when it cannot be read. */
  const fromShared = async <T>(read: () => Promise<T>, what: string): Promise<T | undefined> => {
    if (!up()) return undefined;
    try {
      return await read();
    } catch (error) {
      logger.warn(`refund queue: shared queue unreadable (${what}); local state only`, {
        error: (error as Error).message,
      });
      return undefined;
    }
  };

  /** Moves a queued local order into the shared queue; undefined when it stays local for now. */
  const moveOrKeep = async (id: string, ttlMs: number): Promise<RefundClaim | undefined | 'moved'> => {
    const local = await fallback.claim(id, ttlMs);
    if (!local) return undefined;
    const record = local.record;
    if (record.state !== 'queued' || (record.txs?.length ?? 0) > 0) return local;
    try {
      if (!up()) throw new Error('shared queue not connected');
      await primary.enqueue(orderOf(record));
    } catch (error) {
      await local.release();
      logger.warn('refund stays in the local state until the shared queue can take it', {
        refund: id,
        error: (error as Error).message,
      });
      return undefined;
    }
    await local.discard();
    logger.info('refund moved from the local state to the shared queue', { refund: id });
    return 'moved';
  };

  return {
    async enqueue(order) {
      try {
        if (!up()) throw new Error('shared queue not connected');
        return await primary.enqueue(order);
      } catch (error) {
        if ((error as RefundOrderError).name === 'RefundOrderError') throw error;
        const filed = await fallback.enqueue(order);
        logger.warn('refund queue: shared queue unreachable, refund stored in the local state', {
          refund: filed.id,
          error: (error as Error).message,
        });
        return filed;
      }
    },

    async get(id) {
      return (await fromShared(() => primary.get(id), 'get')) ?? (await fallback.get(id));
    },

    async list() {
      const shared = (await fromShared(() => primary.list(), 'list')) ?? [];
      return union(shared, await fallback.list());
    },

    async pending() {
      const shared = (await fromShared(() => primary.pending(), 'pending')) ?? [];
      return union(shared, await fallback.pending());
    },

    async claim(id, ttlMs) {
      if (await fallback.get(id)) {
        const local = await moveOrKeep(id, ttlMs);
        if (local !== 'moved') return local;
      }
      return primary.claim(id, ttlMs);
    },

    /** Leaves both stores to their owner. */
    async close() {},
  };
}
