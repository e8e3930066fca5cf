import type { HTTPAdapter, HTTPRequestContext } from '@x402/core/http';
import { decodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import {
  extractPaymentIdentifier,
  isValidPaymentId,
  PAYMENT_ID_MAX_LENGTH,
  PAYMENT_ID_MIN_LENGTH,
} from '@x402/extensions/payment-identifier';
import { PAYMENT_HEADERS, X402_HEADERS } from '../../core/payment.ts';
import { type EdgeContext, requestHeader } from '../env.ts';
import { eip3009Authorization, exactPayloadProblem } from './exact-payload.ts';
import type { Authorization } from './onchain.ts';
import type { RefusalError } from './reasons.ts';

/**
 * The payment a request carries: `PAYMENT-SIGNATURE` (x402 v2), else the legacy `X-PAYMENT`, accepted
 * under the same rules; undefined when neither holds anything.
 */
export function paymentHeader(c: EdgeContext): string | undefined {
  for (const name of PAYMENT_HEADERS) {
    const value = requestHeader(c, name.toLowerCase())?.trim();
    if (value) return value;
  }
  return undefined;
}

const PAYMENT = X402_HEADERS.payment.toLowerCase();

/**
 * x402's view of an edge request (its `HTTPAdapter`, as @x402/hono's `HonoAdapter`): the payment
 * header read under either name, and always the contract's JSON 402 (no paywall page).
 */
export function edgeAdapter(c: EdgeContext): HTTPAdapter & { readonly c: EdgeContext } {
  return {
    c,
    getHeader: (name) =>
      name.toLowerCase() === PAYMENT ? paymentHeader(c) : requestHeader(c, name.toLowerCase()),
    getMethod: () => c.req.method,
    getPath: () => c.req.path,
    getUrl: () => c.req.url,
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => requestHeader(c, 'user-agent') ?? '',
  };
}

/** An edge request as x402's HTTP server processes it, with its payment header when it has one. */
export function httpRequest(c: EdgeContext): HTTPRequestContext {
  const payment = paymentHeader(c);
  const request = { adapter: edgeAdapter(c), path: c.req.path, method: c.req.method };
  return payment === undefined ? request : { ...request, paymentHeader: payment };
}

/** A payment as presented, checked before any facilitator sees it. */
export interface PresentedPayment {
  readonly payload: PaymentPayload;
  /** Its EIP-3009 authorization (the token is the route's asset). */
  readonly authorization: Authorization;
  /** When the authorization expires, ms since epoch. */
  readonly validBefore: number;
  /** The client's own idempotency key (payment-identifier extension), when it sent one. */
  readonly id: string | undefined;
}

/** A header that is no payment this route can take: the stable refusal, and the field at fault. */
export interface UnreadablePayment {
  readonly refusal: RefusalError;
  readonly reason?: string;
}

/**
 * Reads a payment header for a route's requirements: a base64 JSON x402 v2 payload whose EIP-3009
 * authorization is well formed (`reason` names the field otherwise) and whose payment identifier, if
 * any, is valid. Whether it accepts the route's terms, and verifies, is x402's server's to say.
 */
export function readPayment(
  header: string,
  requirements: PaymentRequirements,
): PresentedPayment | UnreadablePayment {
  let payload: PaymentPayload;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    return { refusal: 'invalid_payment_header' };
  }
  if (payload === null || typeof payload !== 'object' || typeof payload.payload !== 'object')
    return { refusal: 'invalid_payment_header' };
  if (payload.x402Version !== 2) return { refusal: 'unsupported_x402_version' };
  const problem = exactPayloadProblem(payload.payload);
  if (problem !== undefined) return { refusal: 'malformed_payment', reason: problem };
  // Its format only: the library's full validation compiles the echoed JSON Schema on every call.
  const id = extractPaymentIdentifier(payload, false) ?? undefined;
  if (id !== undefined && !isValidPaymentId(id))
    return {
      refusal: 'malformed_payment',
      reason: `extensions.payment-identifier.info.id: must be ${PAYMENT_ID_MIN_LENGTH}-${PAYMENT_ID_MAX_LENGTH} letters, digits, _ or -`,
    };
  const a = eip3009Authorization(payload.payload);
  return {
    payload,
    authorization: {
      asset: requirements.asset as `0x${string}`,
      from: a.from,
      to: a.to,
      value: a.value,
      nonce: a.nonce,
    },
    validBefore: Number(a.validBefore) * 1000,
    id,
  };
}
