import { validateAdvisorRequest } from '../../core/advisor/request.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { errorBody, refundQueuedBody } from '../../core/envelopes/errors.ts';
import { apiMeta, attribution } from '../../core/envelopes/meta.ts';
import { type RouteDef, routePath } from '../../core/routes.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import { type EdgeContext, replyJson, requestHeader } from '../env.ts';
import { EdgeError, invalidJson, unavailable } from '../errors.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { type PaymentGate, paymentRequiredError, type SettledPayment } from './gate.ts';
import { clientGone, hungUp, onHangUp } from './hang-up.ts';
import { type ApiKeyStore, type KeyQuota, looksLikeKey, type QuotaAnswer } from './keys/index.ts';
import { readBodyLimited } from './read-body.ts';
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

/** Whether a Content-Type names JSON (`application/json`, or any `+json` type), parameters allowed. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** 415 for a body that is not declared as JSON. */
function unsupportedMediaType(): EdgeError {
  return new EdgeError(
    415,
    errorBody(
      'unsupported media type',
      'Send the advisor request as JSON with Content-Type: application/json.',
    ),
    { Accept: 'application/json' },
  );
}

/** The RateLimit-* headers of a key's quota. */
function quotaHeaders(q: QuotaAnswer): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.ok ? q.remaining : 0),
    'RateLimit-Reset': String(Math.ceil(q.resetAt / 1000)),
  };
}

function invalidKey(): EdgeError {
  return new EdgeError(
    401,
    errorBody(
      'invalid api key',
      'The x-api-key is unknown or revoked. Send a valid free-tier key, or no key and pay with x402.',
    ),
    { 'WWW-Authenticate': 'ApiKey header="x-api-key"' },
  );
}

/**
 * `POST /api/{platform}/advisor` (paid, or a free-tier key).
 *
 * - HEAD: the challenge at once; never settles, never takes quota, never computes, credentials ignored.
 * - Then, before any payment or quota: JSON only (415), body size (413), validation (400 with details).
 * - A request carrying a payment (`PAYMENT-SIGNATURE` or `X-PAYMENT`) pays, even if it also sends
 *   `x-api-key`: the key is then neither checked nor charged. Order: verify, SETTLE FIRST, compute,
 *   200 with `charged: true` and `PAYMENT-RESPONSE`. If anything fails after the payment settled, a
 *   refund order is stored durably before the answer, which is 502 `{"refund":"queued"}` with
 *   `x-refund-queued: 1`. A client that hung up before settlement is not charged (nothing settles);
 *   advice that cannot be delivered after settlement (the client gone, or cut while it is written) is
 *   refunded the same way.
 * - Otherwise with `x-api-key`: 401 for an unknown or revoked key, 429 with Retry-After over the daily
 *   quota, else compute with `charged: false` and the quota's RateLimit-* headers. The quota unit is
 *   taken before computing; if the computation fails it is given back before the 500 (a failed call
 *   never counts), and if even that fails the 500 says the request may still count. Advice computed
 *   for a client that hung up gives its unit back too.
 * - Otherwise: the 402 challenge.
 */
export function advisorHandler(deps: AdvisorDeps) {
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

  /** After a settled payment the work failed: file the refund durably, then the 502 to answer. */
  const refund = async (settled: SettledPayment, why: string): Promise<EdgeError> => {
    const filed = await fileRefund(filing, settled, `advisor failed after settlement: ${why}`);
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

  const paid = async (c: EdgeContext, request: AdvisorRequest): Promise<Response> => {
    const decision = await deps.gate.decide(c, deps.route);
    if (decision.type === 'payment-required') throw paymentRequiredError(decision.challenge);
    const advise = deps.advise;
    if (!advise) throw unavailable('The advisor is not configured on this instance; nothing was charged.');
    if (hungUp(c)) {
      logger.info('client hung up before settlement: nothing settled', { route: path });
      throw clientGone('nothing was settled.');
    }
    const settled = await decision.payment.settle();
    let result: unknown;
    try {
      result = await advise(request);
    } catch (error) {
      logger.error('advisor computation failed after settlement', { error: (error as Error).message });
      throw await refund(settled, (error as Error).message || 'error');
    }
    if (hungUp(c)) {
      logger.info('client hung up after settlement: refunding', { route: path });
      await fileRefund(filing, settled, 'client hung up before the advice was sent');
      throw clientGone('the payment settled and is refunded.');
    }
    // Cut while the answer is being written: it was not delivered, so it is refunded too.
    onHangUp(c, () => void fileRefund(filing, settled, 'client hung up while the advice was sent'));
    return success(c, result, true, { ...settled.headers });
  };

  /**
   * A free-tier call whose computation failed: gives its quota unit back, then the 500 to answer,
   * saying whether the request still counts. Never throws: a store that cannot take the release back
   * is logged and the 500 does not claim the quota was restored.
   */
  const keyCallFailed = async (
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
    return new EdgeError(
      500,
      errorBody(
        'analysis failed',
        released
          ? "The analysis could not be delivered; nothing was charged: this request did not count against the key's daily quota. Try again later."
          : "The analysis could not be delivered, and this request could not be taken off the key's daily quota right now, so it may still count against it. Try again later.",
      ),
    );
  };

  const withKey = async (c: EdgeContext, key: string, request: AdvisorRequest): Promise<Response> => {
    if (!deps.freeTier || !looksLikeKey(key)) throw invalidKey();
    let known: { id: string } | undefined;
    try {
      known = await deps.freeTier.store.verify(key);
    } catch (error) {
      logger.warn('API key store unavailable', { error: (error as Error).message });
      throw unavailable('API keys cannot be checked right now; retry later, or pay with x402.');
    }
    if (!known) throw invalidKey();
    const advise = deps.advise;
    if (!advise) throw unavailable('The advisor is not configured on this instance; no quota was used.');
    const quota = deps.freeTier.quota;
    const q = await quota.take(known.id);
    const headers = quotaHeaders(q);
    // The key's quota is this response's tightest limit: its headers replace the general bucket's.
    c.set('rateLimitHeaders', headers);
    if (!q.ok) {
      throw new EdgeError(
        429,
        errorBody(
          'rate limited',
          `This free-tier key has used its ${q.limit} requests of the day; it resets at ${new Date(q.resetAt).toISOString()}. Retry in ${q.retryAfterSeconds} seconds, or pay with x402 meanwhile.`,
        ),
        { 'Retry-After': String(q.retryAfterSeconds) },
      );
    }
    let result: unknown;
    try {
      result = await advise(request);
    } catch (error) {
      logger.error('advisor computation failed (free-tier key)', { error: (error as Error).message });
      throw await keyCallFailed(c, quota, known.id, q);
    }
    if (hungUp(c)) {
      // Not delivered: the unit goes back, as for a failed computation.
      await quota.release(known.id, q).catch((error: Error) =>
        logger.warn('quota unit of an undelivered free-tier call could not be given back', {
          keyId: known.id,
          error: error.message,
        }),
      );
      throw clientGone("this request did not count against the key's daily quota.");
    }
    return success(c, result, false, {});
  };

  return async function advisor(c: EdgeContext): Promise<Response> {
    if (c.req.method === 'HEAD') throw paymentRequiredError(deps.gate.challenge(deps.route));
    if (!isJsonContentType(requestHeader(c, 'content-type'))) throw unsupportedMediaType();
    const text = await readBodyLimited(c.req.raw, ADVISOR_MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson('advisor request');
    }
    const checked = validateAdvisorRequest(body);
    if (!checked.ok) throw new EdgeError(checked.status, checked.body);
    const hasPayment =
      (requestHeader(c, 'payment-signature') ?? requestHeader(c, 'x-payment') ?? '').trim() !== '';
    const key = requestHeader(c, 'x-api-key')?.trim() ?? '';
    if (!hasPayment && key !== '') return withKey(c, key, checked.request);
    return paid(c, checked.request);
  };
}
