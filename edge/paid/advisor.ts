import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { errorBody, refundQueuedBody } from '../../core/envelopes/errors.ts';
import { apiMeta, attribution } from '../../core/envelopes/meta.ts';
import { type RouteDef, routePath } from '../../core/routes.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import { type EdgeContext, type EdgeEnv, replyJson, requestHeader } from '../env.ts';
import { bodyTooLarge, EdgeError } from '../errors.ts';
import { type Logger, silentLogger } from '../logger.ts';
import {
  type AdvisorCall,
  DELIVERY_REFUND,
  entryStep,
  inputStep,
  keyAdviceStep,
  keyCallFailed,
  keyStep,
  knownKeyStep,
  paidAdviceStep,
  payStep,
  quotaHeaders,
  quotaStep,
} from './advisor-steps.ts';
import {
  type PaymentGate,
  paidRequest,
  paymentHeader,
  paymentRequiredError,
  type SettledPayment,
} from './gate.ts';
import { clientGone, hungUp, onHangUp } from './hang-up.ts';
import type { ApiKeyStore } from './keys/key.ts';
import type { KeyQuota, QuotaAnswer } from './keys/quota.ts';
import { fileRefund, type RefundFiling, type RefundSink } from './refund-filing.ts';
import { noSettlementLog, type SettlementLog } from './settlement-log.ts';

/** Largest advisor body read, in bytes: room for a 5,000-character prompt in any script, and its alias. */
export const ADVISOR_MAX_BODY_BYTES = 64 * 1024;

/** Computes the advisor's answer for a validated request. */
export type AdviseFn = (request: AdvisorRequest) => Promise<unknown>;

export type { RefundSink } from './refund-filing.ts';

/** The free tier: API keys and their daily quota (a failed call gives its unit back with `release`). */
export interface FreeTier {
  readonly store: Pick<ApiKeyStore, 'verify'>;
  readonly quota: KeyQuota;
}

/** What the advisor route needs. */
export interface AdvisorDeps {
  readonly route: RouteDef;
  readonly ctx: PublicContext;
  readonly gate: PaymentGate;
  readonly advise?: AdviseFn;
  /** Free-tier keys (`x-api-key`); without them every key is unknown (401). */
  readonly freeTier?: FreeTier;
  /** Where refunds are filed; without one a failed paid computation cannot be refunded automatically. */
  readonly refunds?: RefundSink;
  readonly ledger?: SettlementLog;
  readonly logger?: Logger;
  readonly now?: () => number;
}

/**
 * `POST /api/{platform}/advisor` (paid, or a free-tier key; the flow is README.md's "One request", the
 * rules `advisor-steps.ts`'s). Settles before computing; a paid failure after settlement is refunded.
 * As Hono handlers, one concern each: 415 for a body not declared JSON; hono's body limit (413);
 * the answer.
 */
export function advisorHandler(
  deps: AdvisorDeps,
): readonly [MiddlewareHandler<EdgeEnv>, MiddlewareHandler<EdgeEnv>, (c: EdgeContext) => Promise<Response>] {
  const logger = deps.logger ?? silentLogger;
  const ledger = deps.ledger ?? noSettlementLog;
  const now = deps.now ?? Date.now;
  const path = routePath(deps.route, deps.ctx.platform);

  const success = (c: EdgeContext, data: unknown, charged: boolean, headers: Record<string, string>) =>
    replyJson(
      c,
      200,
      { success: true, _meta: apiMeta(deps.ctx), data, charged, _attribution: attribution(deps.ctx) },
      headers,
    );

  const filing: RefundFiling = { refunds: deps.refunds, ledger, logger, now, route: path };

  /** After a settled payment the work failed (`why`): file the refund durably, then the 502 to answer. */
  const refund = async (settled: SettledPayment, why: string): Promise<EdgeError> => {
    const filed = await fileRefund(filing, settled, why);
    if (filed.filed) {
      return new EdgeError(
        502,
        { ...refundQueuedBody(), charged: false, refundId: filed.id },
        { ...settled.headers, 'x-refund-queued': '1' },
      );
    }
    // Could not even file the refund: say so honestly (fileRefund logged what an operator needs).
    return new EdgeError(
      502,
      {
        ...errorBody(
          'analysis failed after payment',
          `The payment settled (transaction ${settled.transaction}) but the analysis could not be delivered, and the refund could not be queued automatically; the operator has been alerted to refund it.`,
        ),
        refund: 'not queued',
        charged: false,
      },
      settled.headers,
    );
  };

  /** Runs the computation: its result, or why it failed (logged as `what`). */
  const compute = async (advise: AdviseFn, request: AdvisorRequest, what: string) => {
    try {
      return { result: await advise(request), failed: undefined };
    } catch (error) {
      logger.error(what, { error: (error as Error).message });
      return { result: undefined, failed: (error as Error).message || 'error' };
    }
  };

  const paid = async (c: EdgeContext, request: AdvisorRequest): Promise<Response> => {
    const decision = await deps.gate.decide(paidRequest(c), deps.route);
    const step = payStep({
      payment: decision.type === 'payment-verified' ? decision.payment : undefined,
      advise: deps.advise,
      hungUp: hungUp(c),
    });
    if (step.kind === 'challenge') throw paymentRequiredError(deps.gate.challenge(deps.route));
    if (step.kind === 'gone')
      logger.info('client hung up before settlement: nothing settled', { route: path });
    if (step.kind !== 'settle') throw step.error;
    const settled = await step.payment.settle();
    const advice = await compute(step.advise, request, 'advisor computation failed after settlement');
    const next = paidAdviceStep({ failed: advice.failed, hungUp: hungUp(c) });
    if (next.kind === 'refund' && next.answer === 'refund-queued') throw await refund(settled, next.why);
    if (next.kind === 'refund') {
      logger.info('client hung up after settlement: refunding', { route: path });
      await fileRefund(filing, settled, next.why);
      throw clientGone('the payment settled and is refunded.');
    }
    // Cut while the answer is being written: it was not delivered, so it is refunded too.
    onHangUp(c, () => void fileRefund(filing, settled, DELIVERY_REFUND));
    return success(c, advice.result, true, { ...settled.headers });
  };

  /**
   * A free-tier call whose computation failed: gives its quota unit back, then the 500 to answer,
   * saying whether the request still counts. Never throws: a store that cannot take the release back
   * is logged and the 500 does not claim the quota was restored.
   */
  const keyCallFailedAnswer = async (
    c: EdgeContext,
    quota: KeyQuota,
    keyId: string,
    taken: QuotaAnswer & { ok: true },
  ): Promise<EdgeError> => {
    let released = false;
    try {
      released = await quota.release(keyId, taken);
      if (!released)
        logger.warn('quota unit of a failed free-tier call was not found to give back', { keyId });
    } catch (error) {
      logger.error('quota unit of a failed free-tier call could not be given back', {
        keyId,
        error: (error as Error).message,
      });
    }
    if (released) c.set('rateLimitHeaders', quotaHeaders({ ...taken, remaining: taken.remaining + 1 }));
    return keyCallFailed(released);
  };

  const withKey = async (c: EdgeContext, key: string, request: AdvisorRequest): Promise<Response> => {
    const shape = keyStep(key, deps.freeTier);
    if (shape.kind === 'refuse') throw shape.error;
    let known: { id: string } | undefined | 'store-down';
    try {
      known = await shape.freeTier.store.verify(key);
    } catch (error) {
      logger.warn('API key store unavailable', { error: (error as Error).message });
      known = 'store-down';
    }
    const checked = knownKeyStep(known, deps.advise);
    if (checked.kind === 'refuse') throw checked.error;
    const quota = shape.freeTier.quota;
    const q = await quota.take(checked.keyId);
    // The key's quota is this response's tightest limit: its headers replace the general bucket's.
    c.set('rateLimitHeaders', quotaHeaders(q));
    const counted = quotaStep(q);
    if (counted.kind === 'refuse') throw counted.error;
    const advice = await compute(checked.advise, request, 'advisor computation failed (free-tier key)');
    const next = keyAdviceStep({ failed: advice.failed, hungUp: hungUp(c) });
    if (next.kind === 'give-back' && next.answer === 'failed')
      throw await keyCallFailedAnswer(c, quota, checked.keyId, counted.taken);
    if (next.kind === 'give-back') {
      // Not delivered: the unit goes back, as for a failed computation.
      await quota.release(checked.keyId, counted.taken).catch((error: Error) =>
        logger.warn('quota unit of an undelivered free-tier call could not be given back', {
          keyId: checked.keyId,
          error: error.message,
        }),
      );
      throw clientGone("this request did not count against the key's daily quota.");
    }
    return success(c, advice.result, false, {});
  };

  const call = (c: EdgeContext): AdvisorCall => ({
    method: c.req.method,
    contentType: requestHeader(c, 'content-type'),
    payment: paymentHeader(paidRequest(c)) !== undefined,
    key: requestHeader(c, 'x-api-key')?.trim() ?? '',
  });

  return [
    async function advisorEntry(c, next) {
      const entry = entryStep(call(c));
      if (entry.kind === 'challenge') throw paymentRequiredError(deps.gate.challenge(deps.route));
      if (entry.kind === 'refuse') throw entry.error;
      await next();
    },
    bodyLimit({
      maxSize: ADVISOR_MAX_BODY_BYTES,
      onError: () => {
        throw bodyTooLarge(ADVISOR_MAX_BODY_BYTES);
      },
    }),
    async function advisor(c: EdgeContext): Promise<Response> {
      const input = inputStep(call(c), await c.req.text());
      if (input.kind === 'refuse') throw input.error;
      return input.kind === 'use-key' ? withKey(c, input.key, input.request) : paid(c, input.request);
    },
  ];
}
