import type { Logger } from '../logger.ts';
import type { NewRefundOrder } from '../refunds/order.ts';
import { note, type SettlementLog } from './settlement-log.ts';

/** A payment that settled on chain: what the answer, the records and a refund need. */
export interface SettledPayment {
  readonly payer: `0x${string}`;
  /** Atomic units (`"20000"` is $0.02 of USDC). */
  readonly amount: string;
  /** CAIP-2 network, e.g. `eip155:8453`. */
  readonly network: string;
  /** Token contract (USDC). */
  readonly asset: `0x${string}`;
  /** Transaction hash of the settlement. */
  readonly transaction: string;
  /** Headers of the answer that delivers the work: `PAYMENT-RESPONSE`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Where refunds of settled payments whose answer was not delivered are filed (the refund queue). */
export interface RefundSink {
  /** Resolves once the order is stored durably; idempotent by `settlementTx`. */
  enqueue(order: NewRefundOrder): Promise<{ id: string }>;
  /** Cancels a held order nothing has been sent for; false when it cannot (gone, or being paid). */
  cancel?(id: string, why: string): Promise<boolean>;
}

/** What filing a refund needs: the queue, the settlement records, a logger, a clock, the route. */
export interface RefundFiling {
  /** Without one a refund cannot be filed automatically (`fileRefund` answers undefined). */
  readonly refunds?: RefundSink;
  readonly ledger: SettlementLog;
  readonly logger: Logger;
  readonly now: () => number;
  /** Path of the paid route, e.g. `/api/forum/advisor`. */
  readonly route: string;
}

/**
 * Files the refund of a settled payment whose answer was not delivered (`why`), held until
 * `holdUntil` (ms) when a retry may still get the answer: the order is stored durably in the refund
 * queue, then recorded and logged as `refund-queued`. Never throws: when the order itself cannot be
 * stored, everything an operator needs to refund by hand is logged and undefined answered.
 */
export async function fileRefund(
  f: RefundFiling,
  settled: SettledPayment,
  why: string,
  holdUntil?: number,
): Promise<{ id: string } | undefined> {
  const hold = holdUntil === undefined ? {} : { holdUntil: new Date(holdUntil).toISOString() };
  const order: NewRefundOrder = {
    network: settled.network,
    asset: settled.asset,
    to: settled.payer,
    amount: settled.amount,
    route: f.route,
    settlementTx: settled.transaction,
    reason: why.slice(0, 300),
    ...hold,
  };
  let id: string;
  try {
    if (!f.refunds) throw new Error('no refund queue configured');
    id = (await f.refunds.enqueue(order)).id;
  } catch (error) {
    f.logger.error('REFUND NOT QUEUED: refund this settlement by hand', {
      ...order,
      error: (error as Error).message,
    });
    return undefined;
  }
  await note(f, {
    at: new Date(f.now()).toISOString(),
    outcome: 'refund-queued',
    route: f.route,
    network: settled.network,
    asset: settled.asset,
    amount: settled.amount,
    payer: settled.payer,
    transaction: settled.transaction,
    reason: order.reason,
    refundId: id,
    ...hold,
  });
  return { id };
}
