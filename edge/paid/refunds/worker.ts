import {
  type Address,
  BaseError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Logger } from '../../logger.ts';
import {
  invalidReason,
  isPending,
  LockLostError,
  type RefundClaim,
  type RefundQueue,
  type RefundRecord,
  type SignedRefundTx,
} from './order.ts';

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

/** An error after which the order simply waits for its next try. */
class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

type Outcome =
  | { kind: 'confirmed'; tx: SignedRefundTx; receipt: TransactionReceipt }
  | { kind: 'reverted'; tx: SignedRefundTx; receipt: TransactionReceipt }
  | { kind: 'dead' }
  | { kind: 'pending' };

/** Fee bumps of one transaction at most (each at least +25 %); after that the last one is rebroadcast. */
const MAX_REPLACEMENTS = 5;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The readable part of an RPC or viem error. */
function describe(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Pays refunds back: an ERC-20 `transfer` of the order's amount from the refund wallet to the payer,
 * retried with backoff until confirmed, and never twice. The rule that makes it so: the signed
 * transaction (nonce, hash, raw bytes) is saved under the order's lock BEFORE it is broadcast; a later
 * try (this worker, another instance, or a restart) that finds a recorded transaction only checks its
 * receipt and rebroadcasts the same bytes; a new transaction is signed only once the recorded one can
 * provably never be mined (its receipt says reverted, or the wallet's mined nonce went past it with no
 * receipt for it). A fee bump reuses the same nonce, so at most one of its versions can be mined.
 */
export function startRefundWorker(opts: RefundWorkerOptions): RefundWorker {
  const { queue, logger } = opts;
  const chainId = opts.chainId ?? 8453;
  const pollMs = opts.pollMs ?? 5_000;
  const lockTtlMs = opts.lockTtlMs ?? 120_000;
  const confirmTimeoutMs = opts.confirmTimeoutMs ?? 60_000;
  const receiptPollMs = opts.receiptPollMs ?? 250;
  const backoff = opts.backoff ?? { baseMs: 5_000, maxMs: 600_000 };
  const replaceAfterMs = opts.replaceAfterMs ?? 180_000;
  const confirmations = BigInt(Math.max(1, opts.confirmations ?? 1));
  const account = privateKeyToAccount(opts.privateKey);
  const chain = defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(opts.rpcUrl, { retryCount: 1, timeout: 10_000 }),
  });

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let chainChecked = false;

  const receiptOf = async (hash: Hex): Promise<TransactionReceipt | undefined> => {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    }
  };

  /** Where the recorded transactions stand; polls until `deadline` (ms) while they are pending. */
  const outcomeOf = async (txs: readonly SignedRefundTx[], deadline: number): Promise<Outcome> => {
    const first = txs[0];
    if (!first) return { kind: 'dead' };
    for (;;) {
      const findReceipt = async (): Promise<Outcome | undefined> => {
        for (const tx of txs) {
          const receipt = await receiptOf(tx.hash);
          if (!receipt) continue;
          if (receipt.status !== 'success') return { kind: 'reverted', tx, receipt };
          if (confirmations <= 1n) return { kind: 'confirmed', tx, receipt };
          const head = await client.getBlockNumber({ cacheTime: 0 });
          if (head - receipt.blockNumber + 1n >= confirmations) return { kind: 'confirmed', tx, receipt };
          return { kind: 'pending' };
        }
        return undefined;
      };
      const found = await findReceipt();
      if (found && found.kind !== 'pending') return found;
      if (!found) {
        // Nonce taken by a mined transaction, yet none of ours has a receipt: ours can never be mined.
        const mined = await client.getTransactionCount({ address: first.from, blockTag: 'latest' });
        if (mined > first.nonce && !(await findReceipt())) return { kind: 'dead' };
      }
      if (stopped || Date.now() >= deadline) return { kind: 'pending' };
      await sleep(receiptPollMs);
    }
  };

  const broadcast = async (record: RefundRecord, tx: SignedRefundTx): Promise<void> => {
    try {
      await client.sendRawTransaction({ serializedTransaction: tx.raw });
    } catch (error) {
      const text = describe(error);
      // Known already, or its nonce is used (by it, once mined, or by another): the outcome check decides.
      if (/already known|known transaction|already imported|nonce too low|underpriced/i.test(text)) return;
      const outcome = await outcomeOf(record.txs ?? [], 0);
      if (outcome.kind !== 'pending') return;
      throw new RetryLater(`broadcast of ${tx.hash} failed: ${text}`);
    }
  };

  const feesNow = async () => {
    const fees = await client.estimateFeesPerGas();
    return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  };

  const sign = async (
    record: RefundRecord,
    nonce: number,
    gas: bigint,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<SignedRefundTx> => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [record.to, BigInt(record.amount)],
    });
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId,
      to: record.asset,
      data,
      value: 0n,
      nonce,
      gas,
      ...fees,
    });
    return {
      from: account.address,
      nonce,
      hash: keccak256(raw),
      raw,
      gas: gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      signedAt: new Date().toISOString(),
    };
  };

  /** Checks the wallet can pay this refund now and signs it; throws RetryLater when it cannot. */
  const signNew = async (record: RefundRecord): Promise<SignedRefundTx> => {
    const amount = BigInt(record.amount);
    const held = await client.readContract({
      address: record.asset,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [account.address],
    });
    if (held < amount) {
      throw new RetryLater(
        `refund wallet ${account.address} holds ${held} of ${record.asset}, needs ${amount}`,
      );
    }
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [record.to, amount] });
    let estimate: bigint;
    try {
      estimate = await client.estimateGas({ account: account.address, to: record.asset, data });
    } catch (error) {
      throw new RetryLater(`refund transfer would fail: ${describe(error)}`);
    }
    const gas = (estimate * 12n) / 10n;
    const fees = await feesNow();
    const eth = await client.getBalance({ address: account.address });
    if (eth < gas * fees.maxFeePerGas) {
      throw new RetryLater(
        `refund wallet ${account.address} has ${eth} wei, needs up to ${gas * fees.maxFeePerGas} for gas`,
      );
    }
    const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
    return sign(record, nonce, gas, fees);
  };

  /** A replacement of `tx` (same nonce, fees at least 25 % higher and at least the current ones). */
  const bump = async (record: RefundRecord, tx: SignedRefundTx): Promise<SignedRefundTx> => {
    const now = await feesNow();
    const raise = (old: string, current: bigint) => {
      const higher = (BigInt(old) * 125n) / 100n + 1n;
      return higher > current ? higher : current;
    };
    const maxFeePerGas = raise(tx.maxFeePerGas, now.maxFeePerGas);
    const priority = raise(tx.maxPriorityFeePerGas, now.maxPriorityFeePerGas);
    return sign(record, tx.nonce, BigInt(tx.gas), {
      maxFeePerGas,
      maxPriorityFeePerGas: priority < maxFeePerGas ? priority : maxFeePerGas,
    });
  };

  const fields = (r: RefundRecord, extra: Record<string, unknown> = {}) => ({
    refund: r.id,
    to: r.to,
    amount: r.amount,
    asset: r.asset,
    settlementTx: r.settlementTx,
    ...extra,
  });

  /** Saves the confirmed state. */
  const confirm = async (
    claim: RefundClaim,
    r: RefundRecord,
    tx: SignedRefundTx,
    receipt: TransactionReceipt,
  ) => {
    const { nextAttemptAt: _next, lastError: _error, ...rest } = r;
    const done: RefundRecord = {
      ...rest,
      state: 'confirmed',
      sentTx: tx.hash,
      blockNumber: receipt.blockNumber.toString(),
      confirmedAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    };
    await claim.save(done);
    logger.info('refund confirmed', fields(done, { tx: tx.hash, block: done.blockNumber }));
    return done;
  };

  /** Gives up the recorded transactions (they can never be mined) and puts the order back to queued. */
  const abandon = async (claim: RefundClaim, r: RefundRecord, why: string): Promise<RefundRecord> => {
    const { txs = [], ...rest } = r;
    const next: RefundRecord = {
      ...rest,
      state: 'queued',
      abandonedTxs: [...(r.abandonedTxs ?? []), ...txs.map((t) => ({ hash: t.hash, nonce: t.nonce, why }))],
      updatedAt: new Date().toISOString(),
    };
    await claim.save(next);
    logger.warn('refund transaction abandoned; the order is queued again', fields(next, { why }));
    return next;
  };

  /** Follows a `signed` order: confirmed, abandoned (back to queued), or still in flight. */
  const followSigned = async (claim: RefundClaim, r: RefundRecord): Promise<RefundRecord> => {
    const txs = r.txs ?? [];
    let outcome = await outcomeOf(txs, 0);
    if (outcome.kind === 'pending') {
      let current = r;
      const newest = txs[txs.length - 1] as SignedRefundTx;
      if (txs.length <= MAX_REPLACEMENTS && Date.now() - Date.parse(newest.signedAt) > replaceAfterMs) {
        const replacement = await bump(r, newest);
        current = { ...r, txs: [...txs, replacement], updatedAt: new Date().toISOString() };
        await claim.save(current);
        logger.warn(
          'refund transaction not mined yet; replacing it with higher fees',
          fields(current, {
            tx: newest.hash,
            replacement: replacement.hash,
            nonce: newest.nonce,
          }),
        );
      }
      const latest = current.txs?.[current.txs.length - 1] as SignedRefundTx;
      await broadcast(current, latest);
      await opts.hooks?.afterBroadcast?.(current);
      outcome = await outcomeOf(current.txs ?? [], Date.now() + confirmTimeoutMs);
      r = current;
    }
    return apply(claim, r, outcome);
  };

  /** Acts on where the recorded transactions stand: confirmed, back to queued (dead), or retry later. */
  const apply = async (claim: RefundClaim, r: RefundRecord, outcome: Outcome): Promise<RefundRecord> => {
    switch (outcome.kind) {
      case 'confirmed':
        return confirm(claim, r, outcome.tx, outcome.receipt);
      case 'reverted':
        await abandon(claim, r, `transaction ${outcome.tx.hash} reverted`);
        throw new RetryLater(`refund transaction ${outcome.tx.hash} reverted`);
      case 'dead':
        return abandon(claim, r, 'nonce used by another transaction');
      case 'pending':
        throw new RetryLater(`refund transaction ${r.txs?.[0]?.hash} not confirmed yet`);
    }
  };

  /**
   * One try of one order, under its lock: follow a recorded transaction, or check, sign, record and
   * send a new one. A transaction found dead (its nonce taken by another, e.g. a second instance
   * paying another refund from the same wallet) is replaced at once, a few times at most per try.
   */
  const processOrder = async (claim: RefundClaim): Promise<void> => {
    let r = claim.record;
    for (let round = 0; round < 3 && isPending(r); round++) {
      if (r.state === 'signed' && (r.txs?.length ?? 0) > 0) {
        r = await followSigned(claim, r);
        continue;
      }
      const invalid = invalidReason(r, chainId, opts.maxAmount);
      if (invalid) {
        const failed: RefundRecord = {
          ...r,
          state: 'failed',
          failedReason: invalid,
          updatedAt: new Date().toISOString(),
        };
        await claim.save(failed);
        logger.error(
          'refund failed permanently: invalid order (requeue it once fixed)',
          fields(failed, { why: invalid }),
        );
        return;
      }
      const tx = await signNew(r);
      r = { ...r, state: 'signed', txs: [tx], updatedAt: new Date().toISOString() };
      // THE RULE: the signed transaction is durable before anything can broadcast it.
      await claim.save(r);
      await opts.hooks?.afterSign?.(r);
      await broadcast(r, tx);
      logger.info('refund transaction sent', fields(r, { tx: tx.hash, nonce: tx.nonce }));
      await opts.hooks?.afterBroadcast?.(r);
      r = await apply(claim, r, await outcomeOf([tx], Date.now() + confirmTimeoutMs));
    }
    if (isPending(r)) throw new RetryLater('refund transactions kept losing their nonce to others');
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
        record = (await queue.get(id)) ?? record;
        const attempts = record.attempts + 1;
        const wait = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(attempts - 1, 30));
        const jittered = Math.round(wait * (0.8 + Math.random() * 0.4));
        record = {
          ...record,
          attempts,
          lastError: describe(error),
          nextAttemptAt: new Date(Date.now() + jittered).toISOString(),
          updatedAt: new Date().toISOString(),
        };
        await claim.save(record);
      } catch (saveError) {
        logger.warn('refund: could not record the failed try', { refund: id, error: describe(saveError) });
      }
      const level = record.attempts >= 5 ? 'error' : 'warn';
      logger[level](
        'refund not paid yet; will retry',
        fields(record, {
          state: record.state,
          attempts: record.attempts,
          nextAttemptAt: record.nextAttemptAt,
          error: describe(error),
        }),
      );
    } finally {
      await claim.release().catch(() => {});
    }
  };

  const pass = async (force: boolean): Promise<void> => {
    if (!chainChecked) {
      const actual = await client.getChainId();
      if (actual !== chainId) {
        logger.error('refund worker: the RPC endpoint serves another chain; no refund is sent', {
          expected: chainId,
          actual,
        });
        return;
      }
      chainChecked = true;
    }
    for (const record of await queue.pending()) {
      if (stopped) return;
      if (!force && record.nextAttemptAt && Date.parse(record.nextAttemptAt) > Date.now()) continue;
      await tryOrder(record.id);
    }
  };

  /** Runs a pass after the one in progress (passes never overlap in one worker). */
  const enqueuePass = (force: boolean): Promise<void> => {
    const next = running.then(() =>
      pass(force).catch((error) => {
        logger.warn('refund worker pass failed', { error: describe(error) });
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
    address: account.address,
    drain: () => enqueuePass(true),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
