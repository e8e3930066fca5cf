/**
 * Refunds of settled payments whose work was not delivered (the contract's 502 `{"refund":"queued"}`):
 * a durable queue (rows of the state store: SQLite or Redis) the paid route writes to before answering, and a worker that pays
 * the USDC back from the refund wallet, retrying until confirmed and never twice. See README.md.
 */
export { type FallbackRefundQueueOptions, fallbackRefundQueue } from './fallback-queue.ts';
export {
  LockLostError,
  type NewRefundOrder,
  PENDING_STATES,
  type RefundClaim,
  type RefundListFilter,
  type RefundOrder,
  RefundOrderError,
  type RefundQueue,
  type RefundRecord,
  type RefundState,
  refundId,
  type SignedRefundTx,
} from './order.ts';
export { refundQueue, type StateRefundClaim, type StateRefundQueue } from './state-queue.ts';
export {
  type RefundWorker,
  type RefundWorkerHooks,
  type RefundWorkerOptions,
  startRefundWorker,
} from './worker.ts';
