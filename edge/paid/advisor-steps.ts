import { validateAdvisorRequest } from '../../core/advisor/request.ts';
import { errorBody } from '../../core/envelopes/errors.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import { EdgeError, invalidJson, unavailable } from '../errors.ts';
import { clientGone } from './hang-up.ts';
import { looksLikeKey } from './keys/key.ts';
import type { QuotaAnswer } from './keys/quota.ts';

// The advisor route's rules as pure functions; `advisor.ts` makes the calls and carries out the steps.

/** The advisor request as its steps read it: a plain request, not a Hono context. */
export interface AdvisorCall {
  readonly method: string;
  readonly contentType: string | undefined;
  /** Whether it carries a payment (`PAYMENT-SIGNATURE` or `X-PAYMENT`). */
  readonly payment: boolean;
  /** Its `x-api-key`, trimmed; '' when none. */
  readonly key: string;
}

/** An answer given before anything was charged or counted. */
export type Refuse = { readonly kind: 'refuse'; readonly error: EdgeError };
/** 402 with the route's challenge. */
export type Challenge = { readonly kind: 'challenge' };

/** Whether a Content-Type names JSON (`application/json`, or any `+json` type), parameters allowed. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** HEAD: the challenge at once (credentials ignored); a body not declared JSON: 415; else read the body. */
export function entryStep(call: AdvisorCall): Challenge | Refuse | { readonly kind: 'read-body' } {
  if (call.method === 'HEAD') return { kind: 'challenge' };
  if (!isJsonContentType(call.contentType)) {
    const error = new EdgeError(
      415,
      errorBody(
        'unsupported media type',
        'Send the advisor request as JSON with Content-Type: application/json.',
      ),
      { Accept: 'application/json' },
    );
    return { kind: 'refuse', error };
  }
  return { kind: 'read-body' };
}

/**
 * The body, checked before any payment or quota (400 with details). Then a payment pays, even beside
 * a key (which is then neither checked nor charged); a key alone is used; neither gets the challenge
 * (through the gate).
 */
export function inputStep(
  call: AdvisorCall,
  text: string,
):
  | Refuse
  | { readonly kind: 'pay'; readonly request: AdvisorRequest }
  | { readonly kind: 'use-key'; readonly key: string; readonly request: AdvisorRequest } {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { kind: 'refuse', error: invalidJson('advisor request') };
  }
  const checked = validateAdvisorRequest(body);
  if (!checked.ok) return { kind: 'refuse', error: new EdgeError(checked.status, checked.body) };
  if (!call.payment && call.key !== '') return { kind: 'use-key', key: call.key, request: checked.request };
  return { kind: 'pay', request: checked.request };
}

/** What a paid call found once the gate decided, before anything settled. */
export interface PayObservation<P, A> {
  /** The payment the gate verified; undefined when it answered the challenge. */
  readonly payment: P | undefined;
  /** The advisor computation; undefined when this instance has none. */
  readonly advise: A | undefined;
  readonly hungUp: boolean;
}

/** The client hung up before anything settled: 499, nothing charged. */
export type Gone = { readonly kind: 'gone'; readonly error: EdgeError };

/** Paid: no payment → the challenge; no advisor → 503; the client gone → 499; else SETTLE FIRST, then advise. */
export function payStep<P, A>(
  o: PayObservation<P, A>,
): Challenge | Refuse | Gone | { readonly kind: 'settle'; readonly payment: P; readonly advise: A } {
  if (o.payment === undefined) return { kind: 'challenge' };
  if (o.advise === undefined)
    return {
      kind: 'refuse',
      error: unavailable('The advisor is not configured on this instance; nothing was charged.'),
    };
  if (o.hungUp) return { kind: 'gone', error: clientGone('nothing was settled.') };
  return { kind: 'settle', payment: o.payment, advise: o.advise };
}

/** What became of advice computed for a paid or keyed call. */
export interface AdviceObservation {
  /** Why the computation failed; undefined when it answered. */
  readonly failed: string | undefined;
  readonly hungUp: boolean;
}

/** Why a settled payment is refunded, and what the client is answered. */
export type RefundStep = {
  readonly kind: 'refund';
  readonly why: string;
  /** 502 `{"refund":"queued"}` after a failed computation; 499 when the client is gone. */
  readonly answer: 'refund-queued' | 'client-gone';
};

/**
 * Paid, after settlement: a failed computation or a client gone is refunded; else the advice is
 * delivered (and refunded if the client hangs up while it is written: `DELIVERY_REFUND`).
 */
export function paidAdviceStep(o: AdviceObservation): RefundStep | { readonly kind: 'deliver' } {
  if (o.failed !== undefined)
    return { kind: 'refund', why: `advisor failed after settlement: ${o.failed}`, answer: 'refund-queued' };
  if (o.hungUp)
    return { kind: 'refund', why: 'client hung up before the advice was sent', answer: 'client-gone' };
  return { kind: 'deliver' };
}

/** Why delivered paid advice is refunded when the connection is cut while it is written. */
export const DELIVERY_REFUND = 'client hung up while the advice was sent';

/** 401 for a key that is unknown, revoked or not shaped like a key. */
export function invalidKey(): EdgeError {
  return new EdgeError(
    401,
    errorBody(
      'invalid api key',
      'The x-api-key is unknown or revoked. Send a valid free-tier key, or no key and pay with x402.',
    ),
    { 'WWW-Authenticate': 'ApiKey header="x-api-key"' },
  );
}

/** A key, before the store is asked: no free tier here, or not shaped like a key → 401; else verify it. */
export function keyStep<T>(
  key: string,
  freeTier: T | undefined,
): Refuse | { readonly kind: 'verify-key'; readonly freeTier: T } {
  if (freeTier === undefined || !looksLikeKey(key)) return { kind: 'refuse', error: invalidKey() };
  return { kind: 'verify-key', freeTier };
}

/**
 * The key store's answer (the key's id, none for an unknown key, or `store-down`): down → 503;
 * unknown → 401; no advisor → 503; else take a unit of the key's quota.
 */
export function knownKeyStep<A>(
  known: { readonly id: string } | undefined | 'store-down',
  advise: A | undefined,
): Refuse | { readonly kind: 'take-quota'; readonly keyId: string; readonly advise: A } {
  if (known === 'store-down')
    return {
      kind: 'refuse',
      error: unavailable('API keys cannot be checked right now; retry later, or pay with x402.'),
    };
  if (known === undefined) return { kind: 'refuse', error: invalidKey() };
  if (advise === undefined)
    return {
      kind: 'refuse',
      error: unavailable('The advisor is not configured on this instance; no quota was used.'),
    };
  return { kind: 'take-quota', keyId: known.id, advise };
}

/** The RateLimit-* headers of a key's quota. */
export function quotaHeaders(q: QuotaAnswer): Record<string, string> {
  return {
    'RateLimit-Limit': String(q.limit),
    'RateLimit-Remaining': String(q.ok ? q.remaining : 0),
    'RateLimit-Reset': String(Math.ceil(q.resetAt / 1000)),
  };
}

/** The quota's answer: over it → 429 with Retry-After; else advise (`taken`: the unit to give back on failure). */
export function quotaStep(
  q: QuotaAnswer,
): Refuse | { readonly kind: 'advise'; readonly taken: QuotaAnswer & { readonly ok: true } } {
  if (q.ok) return { kind: 'advise', taken: q };
  const error = new EdgeError(
    429,
    errorBody(
      'rate limited',
      `This free-tier key has used its ${q.limit} requests of the day; it resets at ${new Date(q.resetAt).toISOString()}. Retry in ${q.retryAfterSeconds} seconds, or pay with x402 meanwhile.`,
    ),
    { 'Retry-After': String(q.retryAfterSeconds) },
  );
  return { kind: 'refuse', error };
}

/** Keyed advice: failed or undelivered (client gone) → its quota unit is given back first; else delivered. */
export function keyAdviceStep(
  o: AdviceObservation,
): { readonly kind: 'give-back'; readonly answer: 'failed' | 'client-gone' } | { readonly kind: 'deliver' } {
  if (o.failed !== undefined) return { kind: 'give-back', answer: 'failed' };
  if (o.hungUp) return { kind: 'give-back', answer: 'client-gone' };
  return { kind: 'deliver' };
}

/** The 500 of a keyed call whose computation failed, saying whether its quota unit was given back. */
export function keyCallFailed(released: boolean): EdgeError {
  return new EdgeError(
    500,
    errorBody(
      'analysis failed',
      released
        ? "The analysis could not be delivered; nothing was charged: this request did not count against the key's daily quota. Try again later."
        : "The analysis could not be delivered, and this request could not be taken off the key's daily quota right now, so it may still count against it. Try again later.",
    ),
  );
}
