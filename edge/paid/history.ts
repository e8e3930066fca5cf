import { readDigest } from '../../core/content/digest-store.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { historyResponse } from '../../core/envelopes/history.ts';
import { addHours, floorHour } from '../../core/hours.ts';
import { HISTORY_BOUNDS } from '../../core/limits.ts';
import { type RouteDef, routePath } from '../../core/routes.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import { type EdgeContext, replyJson } from '../env.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { type PaymentGate, paymentRequiredError, requirePayment } from './gate.ts';
import { hungUp, onHangUp } from './hang-up.ts';
import { HISTORY_DELIVERY_REFUND, historyEntryStep, historyHangUpStep } from './history-steps.ts';
import { fileRefund, type RefundSink } from './refund-filing.ts';
import { noSettlementLog, type SettlementLog } from './settlement-log.ts';

/** The query as zod sees it: one value per parameter, repeated parameters kept as arrays (and refused). */
function queryObject(c: EdgeContext): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(c.req.queries()))
    out[key] = values.length === 1 ? (values[0] ?? '') : values;
  return out;
}

/** The digests of the hours that can fall within the widest `hours` window at `now`. */
async function recentDigests(contentDir: string, now: Date): Promise<Digest[]> {
  const newest = floorHour(now);
  const hours = Array.from({ length: HISTORY_BOUNDS.max + 1 }, (_, i) => addHours(newest, -i));
  const read = await Promise.all(hours.map((h) => readDigest(contentDir, h)));
  return read.filter((d): d is Digest => d !== undefined);
}

/**
 * `GET /api/{platform}/digests` (paid). Order: HEAD gets the challenge at once (never settles, never
 * reads); then the query is validated (400 with details, before any payment); then the gate (402, or
 * the payment verified); then the digests are read from content/; then the payment settles, and only
 * then is the answer sent, with `PAYMENT-RESPONSE` and `charged: true`. A failed read settles nothing;
 * a failed settlement sends nothing (402 refused, 503 facilitator down). A client that hung up before
 * the settlement is not charged (nothing settles); one that hangs up during the settlement or while
 * the answer is written gets its payment refunded (`refunds`).
 */
export function historyHandler(deps: {
  route: RouteDef;
  ctx: PublicContext;
  gate: PaymentGate;
  contentDir: string;
  now: () => number;
  /** Where refunds of undelivered answers are filed. */
  refunds?: RefundSink;
  ledger?: SettlementLog;
  logger?: Logger;
}) {
  const logger = deps.logger ?? silentLogger;
  const filing = {
    refunds: deps.refunds,
    ledger: deps.ledger ?? noSettlementLog,
    logger,
    now: deps.now,
    route: routePath(deps.route, deps.ctx.platform),
  };
  return async function history(c: EdgeContext): Promise<Response> {
    const entry = historyEntryStep(c.req.method, queryObject(c));
    if (entry.kind === 'challenge') throw paymentRequiredError(deps.gate.challenge(deps.route));
    if (entry.kind === 'refuse') throw entry.error;
    const payment = await requirePayment(deps.gate, c, deps.route);
    const now = new Date(deps.now());
    const body = historyResponse(deps.ctx, await recentDigests(deps.contentDir, now), entry.query, now);
    const read = historyHangUpStep('read', hungUp(c));
    if (read.kind !== 'go-on') {
      logger.info('client hung up before settlement: nothing settled', { route: filing.route });
      throw read.error;
    }
    const settled = await payment.settle();
    const sent = historyHangUpStep('settled', hungUp(c));
    if (sent.kind === 'refund') {
      logger.info('client hung up during settlement: refunding', { route: filing.route });
      await fileRefund(filing, settled, sent.why);
      throw sent.error;
    }
    onHangUp(c, () => void fileRefund(filing, settled, HISTORY_DELIVERY_REFUND));
    const { _attribution, ...rest } = body;
    return replyJson(c, 200, { ...rest, charged: true, _attribution }, settled.headers);
  };
}
