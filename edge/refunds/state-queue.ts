import { randomUUID } from 'node:crypto';
import type { StateStore } from '../state/state.ts';
import {
  LockLostError,
  newRecord,
  orderOf,
  PENDING_STATES,
  type RefundClaim,
  type RefundQueue,
} from './order.ts';

/** A claim of a state queue, which can also remove its order (handed over to another store). */
export interface StateRefundClaim extends RefundClaim {
  /**
   * Deletes the order while the lock is still ours (else LockLostError). Only for an order now stored
   * elsewhere (`fallback-queue.ts` moves the instance's orders to Redis).
   */
  discard(): Promise<void>;
}

/** A refund queue over one state store, whose claims can discard their order. */
export interface StateRefundQueue extends RefundQueue {
  claim(id: string, ttlMs: number): Promise<StateRefundClaim | undefined>;
  /** Whether the store answers right now (Redis: connected). */
  ready(): boolean;
}

/**
 * Refund orders as rows of a state store (`edge/state/`): `enqueue` resolves once the row is durable
 * (SQLite: committed with `synchronous=FULL`; Redis: one Lua script, as durable as its AOF) and is
 * idempotent by settlement; a claim is the row's lock with an expiry (a crashed worker's lock only
 * expires), and every save or discard happens only while the lock is the claimer's, renewing it.
 * `close` leaves the store to its owner. `now` (ms since epoch) stamps the orders' queue and update
 * times; the locks expire by the store's clock.
 */
export function refundQueue(state: StateStore, opts: { now?: () => number } = {}): StateRefundQueue {
  const now = opts.now ?? Date.now;
  return {
    ready: () => state.ready(),

    async enqueue(order) {
      const record = newRecord(order, new Date(now()));
      return orderOf((await state.insertRefund(record)) ?? record);
    },

    get: (id) => state.getRefund(id),

    list: () => state.listRefunds(),

    pending: () => state.listRefunds(PENDING_STATES),

    async claim(id, ttlMs) {
      const owner = randomUUID();
      if (!(await state.lockRefund(id, owner, ttlMs))) return undefined;
      const release = () => state.unlockRefund(id, owner);
      const record = await state.getRefund(id);
      if (!record) {
        await release();
        return undefined;
      }
      return {
        record,
        async save(next) {
          if (!(await state.saveRefund(id, owner, next, ttlMs))) {
            throw new LockLostError(`lock of refund ${id} was lost`);
          }
        },
        async discard() {
          if (!(await state.deleteRefund(id, owner))) {
            throw new LockLostError(`lock of refund ${id} was lost`);
          }
        },
        release,
      };
    },

    async close() {},
  };
}
