import type { StoredKey } from '../keys/key.ts';
import type { SettlementRecord } from '../paid/settlement-log.ts';
import type { CounterHit } from '../rate-limit/store.ts';
import type { RefundRecord, RefundState } from '../refunds/order.ts';

/** One day's counter of a free-tier key: quota name, key id (`client`), and the UTC day it counts. */
export type QuotaWindow = CounterHit;

/**
 * The edge's own state as rows (README.md), held to one behaviour by `state.contract.test.ts`. Every
 * write is atomic; a resolved write is durable as far as the store is.
 */
export interface StateStore {
  /** Where the rows live, for logs and /health (no secrets). */
  readonly where: string;
  /** Whether the store answers right now without waiting (Redis: connected; SQLite: always). */
  ready(): boolean;

  /** Adds a key; false (changing nothing) when its id is taken. */
  insertKey(key: StoredKey): Promise<boolean>;
  getKey(id: string): Promise<StoredKey | undefined>;
  /** Every key, oldest first. */
  listKeys(): Promise<StoredKey[]>;
  /** Marks a key revoked at `at` (the first revocation's time is kept); false when no such key. */
  revokeKey(id: string, at: string): Promise<boolean>;

  /** Counts one more in the window (created to expire at `resetAt`) and answers the new count. */
  takeQuota(window: QuotaWindow, now: number): Promise<number>;
  /** Gives one count of that exact window back, never below 0; false when there was none to give. */
  releaseQuota(window: QuotaWindow, now: number): Promise<boolean>;

  /** Files a new order; answers undefined when filed, or the order already filed under its id. */
  insertRefund(record: RefundRecord): Promise<RefundRecord | undefined>;
  getRefund(id: string): Promise<RefundRecord | undefined>;
  /** Orders oldest first (queue time, then id), optionally only those in `states`. */
  listRefunds(states?: readonly RefundState[]): Promise<RefundRecord[]>;
  /** Takes the order's lock for `owner` until `ttlMs` from now; false when another owner holds it unexpired or the order is unknown. */
  lockRefund(id: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Replaces the order only while `owner` holds its unexpired lock, and extends the lock by `ttlMs`. */
  saveRefund(id: string, owner: string, record: RefundRecord, ttlMs: number): Promise<boolean>;
  /** Deletes the order only while `owner` holds its unexpired lock (it was moved to another store). */
  deleteRefund(id: string, owner: string): Promise<boolean>;
  /** Gives the lock back when it is still `owner`'s. */
  unlockRefund(id: string, owner: string): Promise<void>;

  /** Appends one settlement record. */
  appendSettlement(record: SettlementRecord): Promise<void>;
  /** Every settlement record, in the order appended. */
  listSettlements(): Promise<SettlementRecord[]>;

  close(): Promise<void>;
}
