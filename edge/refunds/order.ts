import { createHash } from 'node:crypto';

/** A refund to send: USDC back to the payer of a settled payment whose work was not delivered. */
export interface RefundOrder {
  /** Derived from `settlementTx` (see refundId), so one settlement can only ever get one order. */
  id: string;
  /** CAIP-2 network of the settlement, e.g. `eip155:8453`. */
  network: string;
  /** ERC-20 token contract that was paid (USDC). */
  asset: `0x${string}`;
  /** Who gets the money back: the payer of the settlement. */
  to: `0x${string}`;
  /** Atomic units, decimal string (`"50000"` is 0.05 USDC). */
  amount: string;
  /** Route whose work failed, e.g. `/api/forum/advisor`. */
  route: string;
  /** Transaction hash of the settlement being refunded; the idempotency key. */
  settlementTx: string;
  /** Why the refund is owed (short text for operators; never a request body). */
  reason: string;
  /** When it was queued (ISO 8601). */
  queuedAt: string;
  /**
   * Not paid before this time (ISO 8601): the answer may still be delivered to a retry with the same
   * payment until then, which cancels the order.
   */
  holdUntil?: string;
}

/**
 * Where an order is: `queued` (nothing signed, or the last transaction is provably dead), `signed` (a
 * transaction is recorded and may be in flight: only that transaction, or a fee bump with the same
 * nonce, may ever be sent), `confirmed` (mined with success: done), `failed` (permanent, e.g. an
 * invalid order: logged, never retried unless an operator requeues it), `cancelled` (a held order
 * whose answer was delivered after all, before anything was signed).
 */
export type RefundState = 'queued' | 'signed' | 'confirmed' | 'failed' | 'cancelled';

/** States still to be worked on. */
export const PENDING_STATES: readonly RefundState[] = ['queued', 'signed'];

/** One signed refund transaction, recorded durably before it is broadcast. */
export interface SignedRefundTx {
  /** The refund wallet that signed it. */
  from: `0x${string}`;
  nonce: number;
  hash: `0x${string}`;
  /** The signed raw transaction: rebroadcast as is, never re-signed with another nonce while alive. */
  raw: `0x${string}`;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  gas: string;
  signedAt: string;
}

/** An order with its processing state, as a queue stores it and operators inspect it. */
export interface RefundRecord extends RefundOrder {
  state: RefundState;
  /** Tries that did not end in a confirmation. */
  attempts: number;
  updatedAt: string;
  /** Earliest next try (ISO 8601), after a failed one (backoff). */
  nextAttemptAt?: string;
  /** Last transient error, for operators. */
  lastError?: string;
  /**
   * While `signed`: the recorded transactions, all with ONE nonce (later entries are fee bumps of the
   * first), so at most one of them can ever be mined.
   */
  txs?: SignedRefundTx[];
  /** Transactions given up because they can never be mined any more (nonce used by another, or reverted). */
  abandonedTxs?: Array<{ hash: `0x${string}`; nonce: number; why: string }>;
  /** Hash of the refund transaction once confirmed. */
  sentTx?: `0x${string}`;
  blockNumber?: string;
  confirmedAt?: string;
  /** Why the order failed permanently. */
  failedReason?: string;
}

/** The order fields a caller gives to `enqueue`. */
export type NewRefundOrder = Omit<RefundOrder, 'id' | 'queuedAt'>;

/** The id of the refund of a settlement: stable, so enqueueing one settlement twice finds the first. */
export function refundId(settlementTx: string): string {
  return `rf_${createHash('sha256').update(settlementTx.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

/** Thrown by enqueue for an order that cannot even be filed (no settlement transaction). */
export class RefundOrderError extends Error {
  override readonly name = 'RefundOrderError';
}

/**
 * The order to file for `order` (id and queue time added). Only what idempotency needs is checked
 * here; anything else wrong is kept and failed permanently by the worker, so an owed refund is never
 * dropped at the door.
 */
export function newRecord(order: NewRefundOrder, now: Date): RefundRecord {
  if (typeof order.settlementTx !== 'string' || order.settlementTx.trim() === '') {
    throw new RefundOrderError('refund order needs a settlementTx');
  }
  const at = now.toISOString();
  return {
    id: refundId(order.settlementTx),
    network: String(order.network),
    asset: order.asset,
    to: order.to,
    amount: String(order.amount),
    route: String(order.route),
    settlementTx: order.settlementTx,
    reason: String(order.reason),
    queuedAt: at,
    ...(order.holdUntil === undefined ? {} : { holdUntil: order.holdUntil, nextAttemptAt: order.holdUntil }),
    state: 'queued',
    attempts: 0,
    updatedAt: at,
  };
}

/** The order part of a record (what enqueue answers). */
export function orderOf(record: RefundRecord): RefundOrder {
  const { id, network, asset, to, amount, route, settlementTx, reason, queuedAt, holdUntil } = record;
  const order = { id, network, asset, to, amount, route, settlementTx, reason, queuedAt };
  return holdUntil === undefined ? order : { ...order, holdUntil };
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ZERO = /^0x0{40}$/;

/**
 * Why an order can never be paid by a worker on `chainId` (then it fails permanently), or undefined
 * when it is valid. `maxAmount` bounds a single refund (a guard against a bug draining the wallet).
 */
export function invalidReason(order: RefundOrder, chainId: number, maxAmount?: bigint): string | undefined {
  if (order.network !== `eip155:${chainId}`) return `network ${order.network} is not eip155:${chainId}`;
  if (!ADDRESS.test(order.asset)) return `asset ${order.asset} is not an address`;
  if (!ADDRESS.test(order.to) || ZERO.test(order.to)) return `recipient ${order.to} is not a usable address`;
  if (!/^[1-9][0-9]{0,30}$/.test(order.amount)) return `amount ${order.amount} is not a positive integer`;
  if (maxAmount !== undefined && BigInt(order.amount) > maxAmount) {
    return `amount ${order.amount} exceeds the per-refund maximum ${maxAmount}`;
  }
  return undefined;
}

/** Whether a record still needs work. */
export function isPending(record: RefundRecord): boolean {
  return record.state === 'queued' || record.state === 'signed';
}

/** Thrown by a claim's `save` when its lock was lost (expired and taken by another worker): stop at once. */
export class LockLostError extends Error {
  override readonly name = 'LockLostError';
}

/** An order held by one worker: read fresh under the lock; `save` writes only while the lock is held. */
export interface RefundClaim {
  readonly record: RefundRecord;
  /** Writes the record durably, checking the lock is still ours (and extending it); else LockLostError. */
  save(next: RefundRecord): Promise<void>;
  /** Gives the lock back (no-op when it expired meanwhile). */
  release(): Promise<void>;
}

/**
 * Durable refund orders. `enqueue` resolves only once the order is stored durably, and is idempotent
 * by `settlementTx` (a second call answers the first order). Workers `claim` an order (a lock with an
 * expiry, so only one worker processes it at a time) and `save` its progress under that lock.
 */
export interface RefundQueue {
  enqueue(order: NewRefundOrder): Promise<RefundOrder>;
  /** One order with its state, for operators. */
  get(id: string): Promise<RefundRecord | undefined>;
  /** Every order, oldest first. */
  list(): Promise<RefundRecord[]>;
  /** Orders still to be paid (queued or signed), oldest first. */
  pending(): Promise<RefundRecord[]>;
  /** Takes the order's lock for `ttlMs`; undefined when another worker holds it or the order is unknown. */
  claim(id: string, ttlMs: number): Promise<RefundClaim | undefined>;
  close(): Promise<void>;
}

/**
 * Cancels a held order before anything was signed for it (its answer was delivered after all): false
 * when it cannot be (unknown, held by a worker, or already signed or done).
 */
export async function cancelRefund(queue: RefundQueue, id: string, why: string, now: Date): Promise<boolean> {
  const claim = await queue.claim(id, 30_000);
  if (!claim) return false;
  try {
    if (claim.record.state !== 'queued' || (claim.record.txs ?? []).length > 0) return false;
    await claim.save({
      ...claim.record,
      state: 'cancelled',
      failedReason: why,
      updatedAt: now.toISOString(),
    });
    return true;
  } finally {
    await claim.release();
  }
}

/** Sorts records oldest first (queue time, then id), as `list` and `pending` answer them. */
export function byQueuedAt(a: RefundRecord, b: RefundRecord): number {
  return a.queuedAt < b.queuedAt ? -1 : a.queuedAt > b.queuedAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
