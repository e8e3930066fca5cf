import type { Address } from 'viem';
import type { Logger } from '../logger.ts';
import { describeError, type RefundChain, RetryLater, refundChain } from './chain.ts';
import { LockLostError, type RefundClaim, type RefundQueue, type RefundRecord } from './order.ts';
import {
  bumpedRecord,
  isDue,
  nextRefundStep,
  type RefundPolicy,
  retriedRecord,
  signedRecord,
  type TxObservation,
  txOutcome,
} from './steps.ts';

/** Test seams: called at the riskiest steps; a hook that throws stops the try there, as a crash would. */
export interface RefundWorkerHooks {
  /** After the signed transaction is recorded durably, before it is broadcast. */
  afterSign?(record: RefundRecord): void | Promise<void>;
  /** After the transaction is broadcast, before its receipt is awaited and the order marked confirmed. */
  afterBroadcast?(record: RefundRecord): void | Promise<void>;
}

/** Options of the refund worker. */
export interface RefundWorkerOptions {
  queue: RefundQueue;
  /**
   * JSON-RPC endpoint of the chain the refunds are paid on: one consistent node (or a pool with sticky
   * sessions), since "this transaction can never be mined" is judged from its receipts and nonces.
   */
  rpcUrl: string;
  /** Key of the refund wallet (holds the USDC to pay back and ETH for gas). Never logged. */
  privateKey: `0x${string}`;
  logger: Logger;
  /** How often the queue is looked at, in ms (default 5,000). */
  pollMs?: number;
  /** Chain the worker pays on (default 8453); orders of another network fail, and a node of another chain is refused. */
  chainId?: number;
  /** How long a worker holds an order (ms, default 120,000); renewed at every save. */
  lockTtlMs?: number;
  /** How long one try waits for a receipt before leaving the order `signed` for a later try (ms, default 60,000). */
  confirmTimeoutMs?: number;
  /** How often a receipt is polled while waiting (ms, default 250). */
  receiptPollMs?: number;
  /** Backoff between failed tries of one order: base × 2^(tries−1), at most max (ms; defaults 5,000 and 600,000). */
  backoff?: { baseMs: number; maxMs: number };
  /** A signed transaction not mined after this long is replaced by one with the same nonce and fees +25 % (at most 5 times; ms, default 180,000). */
  replaceAfterMs?: number;
  /** Largest single refund in atomic units; a larger order fails permanently (default: no limit). */
  maxAmount?: bigint;
  /** Blocks a receipt needs before the order counts as confirmed (default 1). */
  confirmations?: number;
  hooks?: RefundWorkerHooks;
}

/** A running refund worker. */
export interface RefundWorker {
  /** One pass over every pending order now, ignoring backoff; resolves when it is done (orders that could not be paid stay pending). */
  drain(): Promise<void>;
  /** Stops polling and waits for the try in progress (a receipt wait is cut short; the order stays `signed`). */
  stop(): Promise<void>;
  /** The refund wallet's address. */
  readonly address: Address;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What the log says about an order (never a key, never a raw transaction). */
const fields = (r: RefundRecord, extra: Record<string, unknown> = {}) => ({
  refund: r.id,
  to: r.to,
  amount: r.amount,
  asset: r.asset,
  settlementTx: r.settlementTx,
  ...extra,
});

/**
 * Pays refunds back: an ERC-20 `transfer` of the order's amount from the refund wallet to the payer,
 * retried with backoff until confirmed, and never twice. The rules are the pure steps of `steps.ts`
 * (the signed transaction is saved under the order's lock BEFORE it is broadcast; a recorded
 * transaction is only followed and rebroadcast, or bumped with the same nonce, until it is confirmed
 * or provably never mined); this is the thin loop that reads the chain (`chain.ts`), runs them and
 * saves what they return.
 */
export function startRefundWorker(opts: RefundWorkerOptions): RefundWorker {
  const { queue, logger } = opts;
  const pollMs = opts.pollMs ?? 5_000;
  const lockTtlMs = opts.lockTtlMs ?? 120_000;
  const confirmTimeoutMs = opts.confirmTimeoutMs ?? 60_000;
  const receiptPollMs = opts.receiptPollMs ?? 250;
  const backoff = opts.backoff ?? { baseMs: 5_000, maxMs: 600_000 };
  const policy: RefundPolicy = {
    chainId: opts.chainId ?? 8453,
    maxAmount: opts.maxAmount,
    confirmations: BigInt(Math.max(1, opts.confirmations ?? 1)),
    replaceAfterMs: opts.replaceAfterMs ?? 180_000,
  };
  const chain: RefundChain = refundChain({ rpcUrl: opts.rpcUrl, privateKey: opts.privateKey, policy });

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let chainChecked = false;

  /** Observes `r`'s transactions until they are no longer pending, or the deadline (or stop) comes. */
  const awaitOutcome = async (r: RefundRecord, deadline: number): Promise<TxObservation> => {
    const txs = r.txs ?? [];
    for (;;) {
      const seen = await chain.observe(txs);
      if (txOutcome(txs, seen, policy).kind !== 'pending' || stopped || Date.now() >= deadline) return seen;
      await sleep(receiptPollMs);
    }
  };

  /** Broadcasts the newest transaction of `r`, then waits for its outcome (one wait per try). */
  const sendAndWait = async (r: RefundRecord): Promise<TxObservation> => {
    const txs = r.txs ?? [];
    const newest = txs[txs.length - 1];
    if (newest) await chain.broadcast(txs, newest);
    await opts.hooks?.afterBroadcast?.(r);
    return awaitOutcome(r, Date.now() + confirmTimeoutMs);
  };

  /**
   * One try of one order, under its lock: the steps until the order is done, or must wait for its
   * next try (RetryLater). A transaction found dead (its nonce taken by another, e.g. a second
   * instance paying from the same wallet) is replaced at once, a few times at most per try.
   */
  const processOrder = async (claim: RefundClaim): Promise<void> => {
    let r = claim.record;
    let seen: TxObservation | undefined;
    let waited = false;
    let signings = 0;
    for (;;) {
      const step = nextRefundStep(r, seen, new Date(), policy);
      seen = undefined;
      switch (step.kind) {
        case 'done':
          return;
        case 'fail':
          await claim.save(step.record);
          logger.error(
            'refund failed permanently: invalid order (requeue it once fixed)',
            fields(step.record, { why: step.why }),
          );
          return;
        case 'sign': {
          if (signings++ >= 3) throw new RetryLater('refund transactions kept losing their nonce to others');
          const tx = await chain.signNew(r);
          r = signedRecord(r, tx, new Date());
          // THE RULE: the signed transaction is durable before anything can broadcast it.
          await claim.save(r);
          await opts.hooks?.afterSign?.(r);
          await chain.broadcast([tx], tx);
          logger.info('refund transaction sent', fields(r, { tx: tx.hash, nonce: tx.nonce }));
          await opts.hooks?.afterBroadcast?.(r);
          seen = await awaitOutcome(r, Date.now() + confirmTimeoutMs);
          waited = true;
          break;
        }
        case 'observe':
          seen = await chain.observe(step.txs);
          break;
        case 'confirm':
          await claim.save(step.record);
          logger.info(
            'refund confirmed',
            fields(step.record, { tx: step.tx.hash, block: step.record.blockNumber }),
          );
          return;
        case 'abandon':
          await claim.save(step.record);
          logger.warn(
            'refund transaction abandoned; the order is queued again',
            fields(step.record, { why: step.why }),
          );
          r = step.record;
          waited = false;
          if (step.retryLater) throw new RetryLater(`refund ${step.why}`);
          break;
        case 'bump': {
          if (waited) throw new RetryLater(`refund transaction ${r.txs?.[0]?.hash} not confirmed yet`);
          const replacement = await chain.bump(r, step.tx);
          r = bumpedRecord(r, replacement, new Date());
          await claim.save(r);
          logger.warn(
            'refund transaction not mined yet; replacing it with higher fees',
            fields(r, { tx: step.tx.hash, replacement: replacement.hash, nonce: step.tx.nonce }),
          );
          seen = await sendAndWait(r);
          waited = true;
          break;
        }
        case 'broadcast':
          if (waited) throw new RetryLater(`refund transaction ${r.txs?.[0]?.hash} not confirmed yet`);
          seen = await sendAndWait(r);
          waited = true;
          break;
      }
    }
  };

  const tryOrder = async (id: string): Promise<void> => {
    const claim = await queue.claim(id, lockTtlMs);
    if (!claim) return;
    try {
      await processOrder(claim);
    } catch (error) {
      if (error instanceof LockLostError) {
        logger.warn('refund lock lost; another worker has the order', { refund: id });
        return;
      }
      let record = claim.record;
      try {
        record = retriedRecord(
          (await queue.get(id)) ?? record,
          describeError(error),
          new Date(),
          backoff,
          Math.random(),
        );
        await claim.save(record);
      } catch (saveError) {
        logger.warn('refund: could not record the failed try', {
          refund: id,
          error: describeError(saveError),
        });
      }
      const level = record.attempts >= 5 ? 'error' : 'warn';
      logger[level](
        'refund not paid yet; will retry',
        fields(record, {
          state: record.state,
          attempts: record.attempts,
          nextAttemptAt: record.nextAttemptAt,
          error: describeError(error),
        }),
      );
    } finally {
      await claim.release().catch(() => {});
    }
  };

  const pass = async (force: boolean): Promise<void> => {
    if (!chainChecked) {
      const actual = await chain.chainId();
      if (actual !== policy.chainId) {
        logger.error('refund worker: the RPC endpoint serves another chain; no refund is sent', {
          expected: policy.chainId,
          actual,
        });
        return;
      }
      chainChecked = true;
    }
    for (const record of await queue.pending()) {
      if (stopped) return;
      if (isDue(record, new Date(), force)) await tryOrder(record.id);
    }
  };

  /** Runs a pass after the one in progress (passes never overlap in one worker). */
  const enqueuePass = (force: boolean): Promise<void> => {
    const next = running.then(() =>
      pass(force).catch((error) => {
        logger.warn('refund worker pass failed', { error: describeError(error) });
      }),
    );
    running = next;
    return next;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void enqueuePass(false).then(schedule);
    }, pollMs);
    timer.unref();
  };
  void enqueuePass(false).then(schedule);

  return {
    address: chain.address,
    drain: () => enqueuePass(true),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
