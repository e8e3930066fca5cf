import type { Logger } from '../logger.ts';
import type { SettledPayment } from './gate.ts';
import type { RefundOrder } from './refunds/order.ts';
import type { SettlementLog } from './settlement-log.ts';

/** Where refunds of settled payments whose work was not delivered are filed (the refund queue). */
export interface RefundSink {
  /** Resolves once the order is stored durably; idempotent by `settlementTx`. */
  enqueue(order: Omit<RefundOrder, 'id' | 'queuedAt'>): Promise<{ id: string }>;
}

/** What filing a refund needs: the queue, the settlement records, a logger, a clock, the route. */
export interface RefundFiling {
  /** Without one a refund cannot be filed automatically (`fileRefund` answers `filed: false`). */
  readonly refunds?: RefundSink;
  readonly ledger: SettlementLog;
  readonly logger: Logger;
  readonly now: () => number;
  /** Path of the paid route, e.g. `/api/forum/advisor`. */
  readonly route: string;
}

/** A refund filed durably (its order id), or not (logged at error level for an operator). */
export type RefundFiled = { readonly filed: true; readonly id: string } | { readonly filed: false };

/**
 * Files the refund of a settled payment whose work was not delivered (`why`): the order is stored
 * durably in the refund queue, then recorded as `refund-queued` in the settlement records (a record
 * that cannot be stored is logged, the order stands). Never throws: when the order itself cannot be
 * stored, everything an operator needs to refund by hand is logged and `filed: false` answered.
 */
export async function fileRefund(
  f: RefundFiling,
  settled: SettledPayment,
  why: string,
): Promise<RefundFiled> {
  const order = {
    network: settled.network,
    asset: settled.asset,
    to: settled.payer,
    amount: settled.amount,
    route: f.route,
    settlementTx: settled.transaction,
    reason: why.slice(0, 300),
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
    return { filed: false };
  }
  try {
    await f.ledger.record({
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
    });
  } catch (error) {
    f.logger.error('settlement record of a queued refund could not be stored', {
      refundId: id,
      settlementTx: settled.transaction,
      error: (error as Error).message,
    });
  }
  f.logger.warn('refund queued', {
    refundId: id,
    route: f.route,
    settlementTx: settled.transaction,
    payer: settled.payer,
    amount: settled.amount,
    reason: order.reason,
  });
  return { filed: true, id };
}
