import { errorBody, refundQueuedBody } from '../../core/envelopes/errors.ts';
import type { ErrorBody } from '../../core/schemas/envelope.ts';
import { EdgeError } from '../errors.ts';

// The answers of the payment edge that are not a delivered answer, in the contract's error shape.

/** Seconds a client is asked to wait when the facilitator cannot be reached. */
export const FACILITATOR_RETRY_AFTER_SECONDS = 10;

/**
 * A 402 as x402's server answers it: the challenge in `PAYMENT-REQUIRED`, the body mirroring it in the
 * contract's error shape. The edge's own JSON headers replace x402's Content-Type.
 */
export function paymentRequiredError(
  status: number,
  body: Record<string, unknown>,
  headers: Readonly<Record<string, string>>,
): EdgeError {
  const { 'Content-Type': _type, ...rest } = headers;
  return new EdgeError(status, body as ErrorBody, rest);
}

/** 503 when a request carries a payment but the facilitator cannot verify it: nothing charged. */
export function facilitatorUnavailable(): EdgeError {
  const s = FACILITATOR_RETRY_AFTER_SECONDS;
  return new EdgeError(
    503,
    errorBody(
      'payment facilitator unavailable',
      `The payment could not be verified because the facilitator cannot be reached; nothing was charged. Retry in ${s} seconds.`,
    ),
    { 'Retry-After': String(s) },
  );
}

/**
 * 503 when a settlement gave no answer and the chain does not show it (yet): the payment may still
 * land, so this is no refusal and no fresh 402. A retry with the same payment is answered once it
 * settles, and never charged twice; if it never settles nothing is charged.
 */
export function settlementPending(retryAfterSeconds: number): EdgeError {
  return new EdgeError(
    503,
    errorBody(
      'settlement pending',
      `The payment was sent for settlement but its outcome is not known yet; the answer was not delivered. Retry this request with the same payment in ${retryAfterSeconds} seconds: it is answered once the payment settles, and never charged twice. If it never settles, nothing is charged.`,
    ),
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** 500 when the work failed after the payment was verified: nothing settled, the payment can be sent again. */
export function workFailed(what: string): EdgeError {
  return new EdgeError(500, {
    ...errorBody(
      what,
      'The answer could not be computed; nothing was charged (the payment was not settled). Retry later with the same payment or a new one.',
    ),
    charged: false,
  } as ErrorBody);
}

/** 409 when a payment identifier already bought another request: nothing charged. */
export function paymentIdReused(): EdgeError {
  return new EdgeError(
    409,
    errorBody(
      'payment identifier reused',
      'This payment identifier (payment-identifier extension) already paid for another request; nothing was charged. Use a new identifier for each request.',
    ),
  );
}

/** 499 to a client that has hung up (nobody reads it; proxies log it so). */
export function clientGone(what: string, headers: Record<string, string> = {}): EdgeError {
  return new EdgeError(499, errorBody('client closed request', `The client hung up: ${what}`), headers);
}

/**
 * 502 when a settled payment's answer cannot be delivered: the contract's `{"refund":"queued"}` with
 * `x-refund-queued: 1`, or, when even the refund order could not be stored, that said honestly.
 */
export function refundAnswer(
  filed: { readonly id: string } | undefined,
  transaction: string,
  headers: Readonly<Record<string, string>>,
): EdgeError {
  if (filed)
    return new EdgeError(502, { ...refundQueuedBody(), charged: false, refundId: filed.id } as ErrorBody, {
      ...headers,
      'x-refund-queued': '1',
    });
  return new EdgeError(
    502,
    {
      ...errorBody(
        'analysis failed after payment',
        `The payment settled (transaction ${transaction}) but the answer could not be delivered, and the refund could not be queued automatically; the operator has been alerted to refund it.`,
      ),
      refund: 'not queued',
      charged: false,
    } as ErrorBody,
    headers,
  );
}
