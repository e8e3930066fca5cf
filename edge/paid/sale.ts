import type { HTTPRequestContext } from '@x402/core/http';
import { type RouteDef, routePath } from '../../core/routes.ts';
import { type EdgeContext, jsonHeaders, reply } from '../env.ts';
import { EdgeError } from '../errors.ts';
import { hungUp, onHangUp } from '../hang-up.ts';
import { clientGone, paymentIdReused, refundAnswer, settlementPending, workFailed } from './answers.ts';
import type { OnChain } from './onchain.ts';
import { httpRequest, readPayment } from './payment-header.ts';
import { refusal, refusalFor } from './reasons.ts';
import { type Purchase, type Receipt, recordOf, settledOf } from './receipts.ts';
import type { SettledPayment } from './refund-filing.ts';
import { note } from './settlement-log.ts';
import type { Shop } from './shop.ts';

/** What one paid request buys. */
export interface Order {
  readonly route: RouteDef;
  /** The route and its validated input: a retry with the same payment gets the same answer only for the same order. */
  readonly fingerprint: string;
  /** The `error` of the 500 when the work fails (e.g. `analysis failed`). */
  readonly failure: string;
  /** Computes the answer's body (without `charged`); throws when it cannot, and then nothing is charged. */
  work(): Promise<Record<string, unknown>>;
}

/** Where a paid request comes from, whatever its transport (an HTTP request, an MCP tool call). */
export interface Till {
  /** The payment as sent, a base64 JSON payload as in `PAYMENT-SIGNATURE`; undefined when none. */
  readonly payment: string | undefined;
  /** The request as x402's HTTP server sees it: verified and settled against its route's terms. */
  readonly request: HTTPRequestContext;
  hungUp(): boolean;
  /** Runs `then` once if the client hangs up before the answer is completely sent. */
  onHangUp(then: () => void): void;
}

/** A delivered paid answer: its JSON body and the headers it goes with (`PAYMENT-RESPONSE`). */
export interface Sold {
  readonly body: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The till of an edge HTTP request: its payment header, x402's view of it, its socket. */
export function httpTill(c: EdgeContext): Till {
  const request = httpRequest(c);
  const then = (f: () => void) => onHangUp(c, f);
  return { payment: request.paymentHeader, request, hungUp: () => hungUp(c), onHangUp: then };
}

/** `sell` over HTTP: the answer as the route's 200. */
export async function sellHttp(c: EdgeContext, shop: Shop, order: Order): Promise<Response> {
  const sold = await sell(httpTill(c), shop, order);
  return reply(c, 200, sold.body, jsonHeaders(sold.headers));
}

/** Seconds a client is asked to wait before retrying a payment whose settlement is uncertain. */
export const SETTLEMENT_RETRY_AFTER_SECONDS = 5;

/**
 * ONE PAID REQUEST, start to end (README.md "One request"). The route has answered HEAD and validated
 * its input; then:
 * 1. no payment → the route's 402, as x402's server answers it (built once);
 * 2. the payment header is read and checked before any facilitator sees it (402 with a stable reason);
 * 3. a payment that already bought this very request (a retry) gets the same answer again, never a
 *    second charge; one still in flight is waited for;
 * 4. x402's server matches and verifies the payment (402 refused, 503 facilitator down);
 * 5. the work is done; when it fails nothing settles (500, not charged); a client gone settles nothing;
 * 6. x402's server settles the payment; without an answer the chain says whether it did: settled →
 *    go on, not (yet) → 503 `settlement pending` with Retry-After, resolved when the payment expires;
 * 7. the answer is delivered with `PAYMENT-RESPONSE`, kept for retries until the payment expires; when
 *    the client hung up its refund is filed, held until then (a retry still gets the answer).
 */
export async function sell(till: Till, shop: Shop, order: Order): Promise<Sold> {
  const { route } = order;
  const header = till.payment;
  if (header === undefined || shop.x402.mode === 'challenge-only') throw shop.x402.challenge(route);
  const requirements = shop.x402.requirements(route);
  const presented = readPayment(header, requirements);
  if ('refusal' in presented) throw shop.x402.refuse(route, refusal(presented.refusal), presented.reason);

  const found = shop.receipts.find(presented, order.fingerprint);
  if (found.kind === 'in-flight') {
    await found.done;
    return sell(till, shop, order);
  }
  if (found.kind === 'kept')
    return shop.receipts.exclusive(found.receipt, () => again(till, shop, found.receipt));
  if (found.kind === 'id-reused') throw paymentIdReused();
  if (found.kind === 'other-request')
    throw shop.x402.refuse(
      route,
      refusal('payment_already_used'),
      'this payment already paid for another request',
    );

  const done = shop.receipts.begin(presented);
  try {
    const payment = await shop.x402.verify(till.request, route);
    const path = routePath(route, shop.platform);
    const purchase: Purchase = { route, path, presented, requirements, extensions: payment.extensions };
    const body = await compute(shop, order, path);
    if (till.hungUp()) {
      shop.logger.info('client hung up before settlement: nothing settled', { route: path });
      throw clientGone('nothing was settled.');
    }
    const receipt: Receipt = {
      fingerprint: order.fingerprint,
      purchase,
      body: JSON.stringify(withCharged(body)),
      settled: undefined,
      delivered: true,
      busy: Promise.resolve(),
    };
    await settle(till, shop, receipt);
    return deliver(till, shop, receipt);
  } finally {
    done();
  }
}

/** The work of a verified payment; its failure is a 500 that charged nothing (the payment can be sent again). */
async function compute(shop: Shop, order: Order, path: string): Promise<Record<string, unknown>> {
  try {
    return await order.work();
  } catch (error) {
    if (error instanceof EdgeError) throw error;
    shop.logger.error(`${order.failure}: nothing settled, nothing charged`, {
      route: path,
      error: (error as Error).message,
    });
    throw workFailed(order.failure);
  }
}

/** The body with `charged: true`, the attribution last. */
function withCharged(body: Record<string, unknown>): Record<string, unknown> {
  const { _attribution, ...rest } = body;
  return _attribution === undefined ? { ...rest, charged: true } : { ...rest, charged: true, _attribution };
}

/**
 * Settles the receipt's payment through x402's server and notes it: settled → `receipt.settled`;
 * refused → 402 with the stable reason; no answer → `fromChain`.
 */
async function settle(till: Till, shop: Shop, receipt: Receipt): Promise<void> {
  const p = receipt.purchase;
  const outcome = await shop.x402.settle({
    payload: p.presented.payload,
    requirements: p.requirements,
    extensions: p.extensions,
    context: till.request,
  });
  const payer = p.presented.authorization.from;
  if (outcome.kind === 'settled') {
    const { transaction, amount } = outcome.result;
    receipt.settled = settledOf(p, transaction, outcome.headers, amount);
    await note(shop, recordOf(p, shop.now(), { outcome: 'settled', payer, transaction }));
    return;
  }
  if (outcome.kind === 'refused') {
    await note(
      shop,
      recordOf(p, shop.now(), { outcome: 'failed', payer, transaction: null, reason: outcome.reason }),
    );
    throw shop.x402.refuse(p.route, refusalFor(outcome.reason), outcome.reason);
  }
  await fromChain(shop, receipt, outcome.why);
}

/**
 * A settlement with no answer (`why`): the chain tells. Settled → `receipt.settled`; the nonce spent
 * otherwise → 402; not (yet) on chain → the receipt is kept pending (resolved when the payment
 * expires) and the client asked to retry with the same payment (503, Retry-After).
 */
async function fromChain(shop: Shop, receipt: Receipt, why: string): Promise<void> {
  return judge(shop, receipt, await shop.check(receipt.purchase.presented.authorization), why);
}

/** What the chain says of a settlement that gave no answer (`why`; undefined on a retry, noted once). */
async function judge(shop: Shop, receipt: Receipt, onChain: OnChain, why: string | undefined): Promise<void> {
  const p = receipt.purchase;
  const { from: payer, nonce } = p.presented.authorization;
  if (onChain.kind === 'settled') {
    receipt.settled = settledOf(p, onChain.transaction);
    const reason = 'the settlement gave no answer; found on chain';
    await note(
      shop,
      recordOf(p, shop.now(), { outcome: 'settled', payer, transaction: onChain.transaction, reason }),
    );
    return;
  }
  if (onChain.kind === 'spent') {
    const reason = 'the authorization nonce was spent by another transaction';
    await note(shop, recordOf(p, shop.now(), { outcome: 'failed', payer, transaction: null, reason, nonce }));
    throw shop.x402.refuse(p.route, refusal('payment_already_used'), reason);
  }
  if (why !== undefined) {
    const seen = onChain.kind === 'unknown' ? onChain.why : 'not on chain yet';
    const reason = `${why}; ${seen}`.slice(0, 300);
    await note(
      shop,
      recordOf(p, shop.now(), { outcome: 'uncertain', payer, transaction: null, reason, nonce }),
    );
    shop.receipts.keep(receipt);
  }
  throw settlementPending(SETTLEMENT_RETRY_AFTER_SECONDS);
}

/**
 * A retry with a payment that already bought this request. A pending settlement is looked up on
 * chain first: landed → settled; its nonce still unused → settled again (the same authorization: at
 * most one transfer of it can ever land); unreadable → 503 again. Then the kept answer is delivered
 * again, its held refund cancelled first (when that is no longer possible: 502, refund queued).
 */
async function again(till: Till, shop: Shop, receipt: Receipt): Promise<Sold> {
  if (receipt.refunded && receipt.settled) {
    const filed = receipt.refundId === undefined ? undefined : { id: receipt.refundId };
    throw refundAnswer(filed, receipt.settled.transaction, receipt.settled.headers);
  }
  if (!receipt.settled) {
    const onChain = await shop.check(receipt.purchase.presented.authorization);
    if (onChain.kind === 'unsettled') await settle(till, shop, receipt);
    else await judge(shop, receipt, onChain, undefined);
  }
  const settled = receipt.settled as SettledPayment;
  if (!(await shop.receipts.redeliver(receipt))) {
    const filed = receipt.refundId === undefined ? undefined : { id: receipt.refundId };
    throw refundAnswer(filed, settled.transaction, settled.headers);
  }
  return deliver(till, shop, receipt);
}

/**
 * Delivers a settled answer (200, `PAYMENT-RESPONSE`) and keeps it for retries. When the client hangs
 * up before the answer is written, its refund is filed, held until the payment expires.
 */
function deliver(till: Till, shop: Shop, receipt: Receipt): Sold {
  const settled = receipt.settled as SettledPayment;
  receipt.delivered = true;
  shop.receipts.keep(receipt);
  till.onHangUp(() => void shop.receipts.undelivered(receipt));
  if (till.hungUp())
    throw clientGone(
      'the payment settled; the answer is kept for a retry with the same payment, else refunded.',
      {
        'x-refund-queued': '1',
      },
    );
  return { body: receipt.body, headers: settled.headers };
}
