import { invalidReason, isPending, type RefundRecord, type SignedRefundTx } from './order.ts';

// The refund rules as pure functions (README.md); `worker.ts` reads the chain and saves what they return.

/** Fee bumps of one transaction at most (each at least +25 %); after that the last one is rebroadcast. */
export const MAX_REPLACEMENTS = 5;

/** What the worker's policy fixes for every order. */
export interface RefundPolicy {
  /** Chain the worker pays on: orders of another network fail. */
  readonly chainId: number;
  /** Largest single refund in atomic units (a guard against a bug draining the wallet). */
  readonly maxAmount?: bigint;
  /** Blocks a receipt needs before the order counts as confirmed (≥ 1). */
  readonly confirmations: bigint;
  /** A signed transaction not mined after this long (ms) is replaced by a fee bump. */
  readonly replaceAfterMs: number;
}

/** One receipt the adapter found for a recorded transaction. */
export interface ReceiptSeen {
  readonly hash: `0x${string}`;
  readonly success: boolean;
  readonly blockNumber: bigint;
  /** Blocks including the receipt's own: head − block + 1. */
  readonly confirmations: bigint;
}

/**
 * What the adapter saw of a signed order's transactions. `minedNonce` (the wallet's mined
 * transaction count) MUST be read before the receipts: then "nonce passed and no receipt" means ours
 * can never be mined, with no race against a receipt landing between the two reads.
 */
export interface TxObservation {
  readonly minedNonce: number;
  /** Receipts found, in the order of `record.txs`. */
  readonly receipts: readonly ReceiptSeen[];
}

/** Where the recorded transactions of a signed order stand. */
export type TxOutcome =
  | { readonly kind: 'confirmed'; readonly tx: SignedRefundTx; readonly receipt: ReceiptSeen }
  | { readonly kind: 'reverted'; readonly tx: SignedRefundTx }
  | { readonly kind: 'dead' }
  | { readonly kind: 'pending' };

/** The outcome of a signed order's transactions from one observation (the first receipt found decides). */
export function txOutcome(
  txs: readonly SignedRefundTx[],
  seen: TxObservation,
  policy: RefundPolicy,
): TxOutcome {
  const first = txs[0];
  if (!first) return { kind: 'dead' };
  for (const tx of txs) {
    const receipt = seen.receipts.find((r) => r.hash === tx.hash);
    if (!receipt) continue;
    if (!receipt.success) return { kind: 'reverted', tx };
    return receipt.confirmations >= policy.confirmations
      ? { kind: 'confirmed', tx, receipt }
      : { kind: 'pending' };
  }
  // The nonce was taken by a mined transaction, yet none of ours has a receipt: ours can never be mined.
  return seen.minedNonce > first.nonce ? { kind: 'dead' } : { kind: 'pending' };
}

/** What the worker does next with an order it holds. */
export type RefundStep =
  /** Nothing: the order is confirmed or failed. */
  | { readonly kind: 'done' }
  /** Save `record` (failed permanently: an invalid order). */
  | { readonly kind: 'fail'; readonly record: RefundRecord; readonly why: string }
  /** Check the wallet can pay, sign a new transaction, and save it (signedRecord) BEFORE broadcasting. */
  | { readonly kind: 'sign' }
  /** Observe the recorded transactions (then call nextRefundStep with the observation). */
  | { readonly kind: 'observe'; readonly txs: readonly SignedRefundTx[] }
  /** Save `record` (confirmed). */
  | { readonly kind: 'confirm'; readonly record: RefundRecord; readonly tx: SignedRefundTx }
  /** Save `record` (back to queued: its transactions can never be mined); `retryLater` after a revert. */
  | {
      readonly kind: 'abandon';
      readonly record: RefundRecord;
      readonly why: string;
      readonly retryLater: boolean;
    }
  /** Sign a replacement of `tx` (same nonce, higher fees), save it (bumpedRecord), then broadcast it. */
  | { readonly kind: 'bump'; readonly tx: SignedRefundTx }
  /** Broadcast `tx` (the newest recorded) again, and wait for its receipt. */
  | { readonly kind: 'broadcast'; readonly tx: SignedRefundTx };

/**
 * The next step of an order. A queued order is checked then signed; a signed order is observed, and
 * on its observation confirmed, abandoned (dead or reverted), bumped (not mined after
 * `replaceAfterMs`, at most MAX_REPLACEMENTS times) or rebroadcast.
 */
export function nextRefundStep(
  record: RefundRecord,
  seen: TxObservation | undefined,
  now: Date,
  policy: RefundPolicy,
): RefundStep {
  if (!isPending(record)) return { kind: 'done' };
  const txs = record.state === 'signed' ? (record.txs ?? []) : [];
  if (txs.length === 0) {
    const why = invalidReason(record, policy.chainId, policy.maxAmount);
    return why ? { kind: 'fail', record: failedRecord(record, why, now), why } : { kind: 'sign' };
  }
  if (!seen) return { kind: 'observe', txs };
  const outcome = txOutcome(txs, seen, policy);
  switch (outcome.kind) {
    case 'confirmed':
      return {
        kind: 'confirm',
        record: confirmedRecord(record, outcome.tx, outcome.receipt, now),
        tx: outcome.tx,
      };
    case 'reverted': {
      const why = `transaction ${outcome.tx.hash} reverted`;
      return { kind: 'abandon', record: abandonedRecord(record, why, now), why, retryLater: true };
    }
    case 'dead': {
      const why = 'nonce used by another transaction';
      return { kind: 'abandon', record: abandonedRecord(record, why, now), why, retryLater: false };
    }
    case 'pending': {
      const newest = txs[txs.length - 1] as SignedRefundTx;
      const stale = now.getTime() - Date.parse(newest.signedAt) > policy.replaceAfterMs;
      return stale && txs.length <= MAX_REPLACEMENTS
        ? { kind: 'bump', tx: newest }
        : { kind: 'broadcast', tx: newest };
    }
  }
}

/** The order failed permanently. */
export function failedRecord(record: RefundRecord, why: string, now: Date): RefundRecord {
  return { ...record, state: 'failed', failedReason: why, updatedAt: now.toISOString() };
}

/** The order with its first signed transaction: saved before anything can broadcast it. */
export function signedRecord(record: RefundRecord, tx: SignedRefundTx, now: Date): RefundRecord {
  return { ...record, state: 'signed', txs: [tx], updatedAt: now.toISOString() };
}

/** The order with a fee bump of its transaction (same nonce) appended. */
export function bumpedRecord(record: RefundRecord, replacement: SignedRefundTx, now: Date): RefundRecord {
  return { ...record, txs: [...(record.txs ?? []), replacement], updatedAt: now.toISOString() };
}

/** The order confirmed by `receipt` of `tx`. */
export function confirmedRecord(
  record: RefundRecord,
  tx: SignedRefundTx,
  receipt: ReceiptSeen,
  now: Date,
): RefundRecord {
  const { nextAttemptAt: _next, lastError: _error, ...rest } = record;
  return {
    ...rest,
    state: 'confirmed',
    sentTx: tx.hash,
    blockNumber: receipt.blockNumber.toString(),
    confirmedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** The order back to queued, its transactions given up (they can never be mined). */
export function abandonedRecord(record: RefundRecord, why: string, now: Date): RefundRecord {
  const { txs = [], ...rest } = record;
  return {
    ...rest,
    state: 'queued',
    abandonedTxs: [
      ...(record.abandonedTxs ?? []),
      ...txs.map((t) => ({ hash: t.hash, nonce: t.nonce, why })),
    ],
    updatedAt: now.toISOString(),
  };
}

/** Backoff between failed tries: base × 2^(tries−1), at most max (ms). */
export interface Backoff {
  readonly baseMs: number;
  readonly maxMs: number;
}

/**
 * The order after a try that did not end it: one more attempt, the error, and the next try after the
 * backoff, jittered by `jitter` in [0, 1) (±20 %).
 */
export function retriedRecord(
  record: RefundRecord,
  error: string,
  now: Date,
  backoff: Backoff,
  jitter: number,
): RefundRecord {
  const attempts = record.attempts + 1;
  const wait = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts - 1, 30));
  const delay = Math.round(wait * (0.8 + jitter * 0.4));
  return {
    ...record,
    attempts,
    lastError: error,
    nextAttemptAt: new Date(now.getTime() + delay).toISOString(),
    updatedAt: now.toISOString(),
  };
}

/** Whether an order is due for a try at `now`: a forced pass ignores the backoff, never a hold. */
export function isDue(record: RefundRecord, now: Date, force: boolean): boolean {
  if (record.holdUntil !== undefined && Date.parse(record.holdUntil) > now.getTime()) return false;
  return force || !record.nextAttemptAt || Date.parse(record.nextAttemptAt) <= now.getTime();
}

/** The fees of a replacement: at least 25 % over the old ones and at least the current ones. */
export function bumpedFees(
  tx: Pick<SignedRefundTx, 'maxFeePerGas' | 'maxPriorityFeePerGas'>,
  current: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } {
  const raise = (old: string, now: bigint) => {
    const higher = (BigInt(old) * 125n) / 100n + 1n;
    return higher > now ? higher : now;
  };
  const maxFeePerGas = raise(tx.maxFeePerGas, current.maxFeePerGas);
  const priority = raise(tx.maxPriorityFeePerGas, current.maxPriorityFeePerGas);
  return { maxFeePerGas, maxPriorityFeePerGas: priority < maxFeePerGas ? priority : maxFeePerGas };
}
