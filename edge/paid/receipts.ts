import { encodePaymentResponseHeader } from '@x402/core/http';
import type { PaymentRequirements } from '@x402/core/types';
import { X402_HEADERS } from '../../core/payment.ts';
import type { RouteDef } from '../../core/routes.ts';
import type { Logger } from '../logger.ts';
import type { ChainCheck } from './onchain.ts';
import type { PresentedPayment } from './payment-header.ts';
import { fileRefund, type RefundSink, type SettledPayment } from './refund-filing.ts';
import { note, type SettlementLog, type SettlementRecord } from './settlement-log.ts';

/** One paid request: its route, the payment as presented and the requirements it was verified against. */
export interface Purchase {
  readonly route: RouteDef;
  /** The route's path, e.g. `/api/forum/digests` (records, refunds). */
  readonly path: string;
  readonly presented: PresentedPayment;
  readonly requirements: PaymentRequirements;
  /** The extensions x402's server declared for it (settling again needs them). */
  readonly extensions: Record<string, unknown> | undefined;
}

/**
 * A paid answer kept for retries with the same payment until the authorization expires: settled, or
 * `pending` while its settlement is uncertain (no answer, and not on chain yet).
 */
export interface Receipt {
  /** The route and its validated input: what the payment bought. */
  readonly fingerprint: string;
  readonly purchase: Purchase;
  /** The answer's JSON body ('' once refunded). */
  body: string;
  /** Its settlement; undefined while pending. */
  settled: SettledPayment | undefined;
  /** False once the client hung up before the answer was written (until a retry gets it). */
  delivered: boolean;
  /** The held refund of an undelivered answer. */
  refundId?: string;
  /**
   * The answer was not delivered within the payment's validity window and its refund is due: a retry
   * now gets the contract's 502 `{"refund":"queued"}` (kept for a while, without the answer).
   */
  refunded?: boolean;
  /** The work in progress on it (a retry settling it, its resolution): one at a time. */
  busy: Promise<unknown>;
}

/** What a payment finds among the kept answers. */
export type Found =
  | { readonly kind: 'none' }
  | { readonly kind: 'kept'; readonly receipt: Receipt }
  /** The same payment on a request still being answered: wait for it, then look again. */
  | { readonly kind: 'in-flight'; readonly done: Promise<void> }
  /** The same authorization presented for another request. */
  | { readonly kind: 'other-request' }
  /** The same payment identifier, on another payment, for another request. */
  | { readonly kind: 'id-reused' };

/** The kept answers of paid requests (`sale.ts` keeps, finds and delivers them). */
export interface ReceiptBook {
  find(presented: PresentedPayment, fingerprint: string): Found;
  /** Marks a payment as being answered until the returned function is called. */
  begin(presented: PresentedPayment): () => void;
  /** Keeps a receipt until its authorization expires; a pending one is then resolved on chain. */
  keep(receipt: Receipt): void;
  /** The client did not get the answer: its refund is filed now, held until the receipt expires. */
  undelivered(receipt: Receipt): Promise<void>;
  /** A retry is about to get the answer: its held refund is cancelled first; false when it cannot be. */
  redeliver(receipt: Receipt): Promise<boolean>;
  /** Runs `work` on a receipt after whatever runs on it already. */
  exclusive<T>(receipt: Receipt, work: () => Promise<T>): Promise<T>;
  /** Receipts kept right now. */
  size(): number;
  /** Stops the timers; pending receipts are logged for an operator. */
  close(): void;
}

/** Options of the receipt book. */
export interface ReceiptBookOptions {
  readonly check: ChainCheck;
  readonly ledger: SettlementLog;
  readonly refunds?: RefundSink;
  readonly logger: Logger;
  readonly now?: () => number;
  /** After the authorization expires, how long before the chain is asked for the last time (ms; default 6 s). */
  readonly graceMs?: number;
  /** Longest a settled answer is kept, whatever its authorization says (ms; default 10 minutes). */
  readonly maxKeepMs?: number;
  /** Most bytes of delivered answers kept; the oldest go first (default 64 MB). */
  readonly maxBytes?: number;
}

/** How many times an uncertain settlement's chain check is repeated when the chain cannot be read. */
const UNREADABLE_TRIES = 10;
const RETRY_CHECK_MS = 30_000;
/** How long a refunded receipt still answers a retry (502, refund queued). */
const REFUNDED_KEEP_MS = 600_000;

/** The facts of a purchase as a settlement record. */
export function recordOf(
  p: Purchase,
  at: number,
  rest: Omit<SettlementRecord, 'at' | 'route' | 'network' | 'asset' | 'amount'>,
): SettlementRecord {
  return {
    at: new Date(at).toISOString(),
    route: p.path,
    network: p.requirements.network,
    asset: p.requirements.asset,
    amount: p.requirements.amount,
    ...rest,
  };
}

/** A payment settled by `transaction`, as the answer and the records show it. */
export function settledOf(
  p: Purchase,
  transaction: string,
  headers?: Record<string, string>,
  amount?: string,
): SettledPayment {
  const payer = p.presented.authorization.from;
  const { network, asset } = p.requirements;
  return {
    payer,
    amount: amount ?? p.requirements.amount,
    network,
    asset: asset as `0x${string}`,
    transaction,
    headers: headers ?? {
      [X402_HEADERS.receipt]: encodePaymentResponseHeader({
        success: true,
        transaction,
        network,
        payer,
        amount: p.requirements.amount,
      }),
    },
  };
}

/**
 * The receipt book (issue 25, safe retries): answers of paid requests kept in memory under their
 * authorization (payer and nonce) and, when the client sent one, its payment identifier (scoped to
 * the payer), until the authorization expires. At expiry a delivered answer is forgotten; an
 * undelivered one's held refund becomes due; a pending one is resolved on chain: settled → recorded
 * and refunded (nobody got the answer), never landed → recorded as failed.
 */
export function receiptBook(opts: ReceiptBookOptions): ReceiptBook {
  const now = opts.now ?? Date.now;
  const graceMs = opts.graceMs ?? 6_000;
  const maxKeepMs = opts.maxKeepMs ?? 600_000;
  const maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
  const byKey = new Map<string, Receipt>();
  const inFlight = new Map<string, Promise<void>>();
  const timers = new Map<Receipt, NodeJS.Timeout>();
  let bytes = 0;

  const authKey = (p: PresentedPayment) =>
    `auth:${p.authorization.from.toLowerCase()}:${p.authorization.nonce.toLowerCase()}`;
  const idKey = (p: PresentedPayment) =>
    p.id === undefined ? undefined : `id:${p.authorization.from.toLowerCase()}:${p.id}`;
  const keysOf = (r: Receipt) =>
    [authKey(r.purchase.presented), idKey(r.purchase.presented)].filter((k): k is string => k !== undefined);

  const forget = (r: Receipt) => {
    for (const key of keysOf(r)) if (byKey.get(key) === r) byKey.delete(key);
    clearTimeout(timers.get(r));
    if (timers.delete(r)) bytes -= r.body.length;
  };

  const exclusive = <T>(r: Receipt, work: () => Promise<T>): Promise<T> => {
    const run = r.busy.then(work, work);
    r.busy = run.catch(() => {});
    return run;
  };

  const filing = (r: Receipt) => ({
    refunds: opts.refunds,
    ledger: opts.ledger,
    logger: opts.logger,
    now,
    route: r.purchase.path,
  });

  /** The answer was not delivered in time and its refund is due: a retry now learns so (502). */
  const refunded = (r: Receipt) => {
    r.refunded = true;
    bytes -= r.body.length;
    r.body = '';
    schedule(r, REFUNDED_KEEP_MS);
  };

  /** A pending receipt at expiry: whatever the chain says ends it (or, unreadable, is asked again later). */
  const resolve = async (r: Receipt, tries: number): Promise<void> => {
    const p = r.purchase;
    const onChain = await opts.check(p.presented.authorization);
    const base = { payer: p.presented.authorization.from, nonce: p.presented.authorization.nonce };
    const expires = p.presented.validBefore + graceMs;
    // A timer may fire a hair before the clock says so: an unsettled one is asked again when it expires.
    if (onChain.kind === 'unsettled' && now() < expires) return schedule(r, expires - now() + 1, tries);
    if (onChain.kind === 'unknown') {
      if (tries < UNREADABLE_TRIES) return schedule(r, RETRY_CHECK_MS, tries + 1);
      opts.logger.error('UNCERTAIN SETTLEMENT UNRESOLVED: check this authorization on chain by hand', {
        route: p.path,
        amount: p.requirements.amount,
        asset: p.requirements.asset,
        ...base,
        why: onChain.why,
      });
      return forget(r);
    }
    if (onChain.kind !== 'settled') {
      forget(r);
      const reason = onChain.kind === 'spent' ? 'the nonce was spent otherwise' : 'expired without settling';
      return note(opts, recordOf(p, now(), { outcome: 'failed', transaction: null, reason, ...base }));
    }
    const settled = settledOf(p, onChain.transaction);
    const reason = 'found on chain after the settlement gave no answer';
    await note(
      opts,
      recordOf(p, now(), { outcome: 'settled', transaction: onChain.transaction, reason, ...base }),
    );
    r.settled = settled;
    r.delivered = false;
    r.refundId = (
      await fileRefund(filing(r), settled, 'the settlement landed after its answer was given up')
    )?.id;
    refunded(r);
  };

  /** A receipt at expiry: forgotten when delivered, refunded when not, resolved on chain while pending. */
  const expire = async (r: Receipt, tries: number): Promise<void> => {
    if (!r.settled) return resolve(r, tries);
    if (r.refunded || r.delivered || r.refundId === undefined) return forget(r);
    refunded(r);
  };

  const schedule = (r: Receipt, delayMs: number, tries = 0) => {
    clearTimeout(timers.get(r));
    const timer = setTimeout(
      () => {
        void exclusive(r, () => expire(r, tries)).catch((error: Error) =>
          opts.logger.error('an expired receipt could not be closed', {
            route: r.purchase.path,
            error: error.message,
          }),
        );
      },
      Math.max(0, delayMs),
    );
    timer.unref();
    timers.set(r, timer);
  };

  /** Drops the oldest delivered answers while the kept bytes exceed the bound. */
  const trim = () => {
    if (bytes <= maxBytes) return;
    for (const r of new Set(byKey.values())) {
      if (bytes <= maxBytes) return;
      if (r.settled && r.delivered) forget(r);
    }
  };

  return {
    find(presented, fingerprint) {
      const byAuth = byKey.get(authKey(presented));
      if (byAuth)
        return byAuth.fingerprint === fingerprint
          ? { kind: 'kept', receipt: byAuth }
          : { kind: 'other-request' };
      const key = idKey(presented);
      const byId = key === undefined ? undefined : byKey.get(key);
      if (byId)
        return byId.fingerprint === fingerprint ? { kind: 'kept', receipt: byId } : { kind: 'id-reused' };
      const running = inFlight.get(authKey(presented)) ?? (key === undefined ? undefined : inFlight.get(key));
      return running ? { kind: 'in-flight', done: running } : { kind: 'none' };
    },
    begin(presented) {
      let end = () => {};
      const running = new Promise<void>((resolve) => {
        end = resolve;
      });
      const keys = [authKey(presented), idKey(presented)].filter((k): k is string => k !== undefined);
      for (const k of keys) inFlight.set(k, running);
      return () => {
        for (const k of keys) if (inFlight.get(k) === running) inFlight.delete(k);
        end();
      };
    },
    keep(r) {
      if (!timers.has(r)) bytes += r.body.length;
      for (const key of keysOf(r)) byKey.set(key, r);
      const expires = r.purchase.presented.validBefore + graceMs;
      schedule(r, (r.settled ? Math.min(expires, now() + maxKeepMs) : expires) - now());
      trim();
    },
    async undelivered(r) {
      if (!r.settled || !r.delivered) return;
      r.delivered = false;
      const holdUntil = Math.min(r.purchase.presented.validBefore + graceMs, now() + maxKeepMs);
      const why = 'the client hung up before its answer was sent, and did not retry';
      r.refundId = (await fileRefund(filing(r), r.settled, why, holdUntil))?.id;
    },
    async redeliver(r) {
      if (r.refundId === undefined) return true;
      const id = r.refundId;
      if (!(await opts.refunds?.cancel?.(id, 'the answer was delivered to a retry'))) return false;
      r.refundId = undefined;
      const { settled } = r;
      await note(
        opts,
        recordOf(r.purchase, now(), {
          outcome: 'refund-cancelled',
          payer: settled?.payer ?? null,
          transaction: settled?.transaction ?? null,
          refundId: id,
        }),
      );
      return true;
    },
    exclusive,
    size: () => timers.size,
    close() {
      for (const r of new Set(byKey.values())) {
        if (!r.settled) {
          const a = r.purchase.presented.authorization;
          opts.logger.error(
            'UNCERTAIN SETTLEMENT LEFT OPEN AT SHUTDOWN: check this authorization on chain by hand',
            {
              route: r.purchase.path,
              amount: r.purchase.requirements.amount,
              asset: a.asset,
              payer: a.from,
              nonce: a.nonce,
            },
          );
        }
        forget(r);
      }
    },
  };
}
