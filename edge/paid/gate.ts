import type { PublicContext } from '../../core/envelopes/context.ts';
import { errorBody } from '../../core/envelopes/errors.ts';
import { type PaymentRequired, paymentRequired } from '../../core/envelopes/payment-required.ts';
import { DEMO_PAY_TO, type PaymentTerms } from '../../core/payment.ts';
import type { RouteDef } from '../../core/routes.ts';
import { type EdgeContext, requestHeader } from '../env.ts';
import { EdgeError } from '../errors.ts';
import type { Refusal } from './reasons.ts';

/** A payment the facilitator verified; nothing has moved yet. */
export interface VerifiedPayment {
  readonly payer: `0x${string}`;
  /** Atomic units (`"20000"` is $0.02 of USDC). */
  readonly amount: string;
  /** CAIP-2 network, e.g. `eip155:8453`. */
  readonly network: string;
  /** Token contract (USDC). */
  readonly asset: `0x${string}`;
  /**
   * Settles the payment (once; a second call answers the first). Throws an EdgeError when it did not
   * settle: 402 with the challenge when the facilitator refused it, 503 with Retry-After when the
   * facilitator could not be reached. In both cases nothing was charged.
   */
  settle(): Promise<SettledPayment>;
}

/** A payment that settled on chain (what was paid): what the response and the records need. */
export interface SettledPayment extends Omit<VerifiedPayment, 'settle'> {
  /** Transaction hash of the settlement. */
  readonly transaction: string;
  /** Headers of the response that delivers the work: `PAYMENT-RESPONSE`. */
  readonly headers: Readonly<Record<string, string>>;
}

/** What a gate decides for one request: pay first, or a verified payment to settle. */
export type GateDecision =
  | { readonly type: 'payment-required'; readonly challenge: PaymentRequired }
  | { readonly type: 'payment-verified'; readonly payment: VerifiedPayment };

/** How the edge takes payments: never (`challenge-only`), through a remote facilitator, or itself. */
export type GateMode = 'challenge-only' | 'remote' | 'embedded';

/** What /health says about the facilitator. */
export interface FacilitatorStatus {
  readonly mode: GateMode;
  /** `not configured` in challenge-only mode; `degraded` e.g. when the settling wallet runs low on gas. */
  readonly status: 'not configured' | 'ok' | 'degraded' | 'unreachable';
  /** Why it is not ok, in words. */
  readonly problem?: string;
  /** Further facts (supported kinds, RPC chain id, wallet balance…), never secrets. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** When the facilitator was last asked (ISO time; the answer is cached briefly). */
  readonly checkedAt?: string;
}

/**
 * A request as the payment gate reads it: a plain request, not a Hono context (x402's own
 * `HTTPAdapter`, reduced to the one thing the gate reads). `paidRequest` adapts an edge request.
 */
export interface PaidRequest {
  /** A request header by lower-case name. */
  header(name: string): string | undefined;
}

/** The payment seam's view of an edge request. */
export function paidRequest(c: EdgeContext): PaidRequest {
  return { header: (name) => requestHeader(c, name) };
}

/**
 * THE PAYMENT SEAM. Paid handlers validate their input, answer HEAD with `challenge` (credentials
 * ignored), then ask `decide`: a request with no payment gets the challenge; a request with one gets
 * it verified (or an EdgeError: 402 refused, 503 facilitator down). Handlers settle when their flow
 * says so (history after reading, the advisor before computing).
 */
export interface PaymentGate {
  readonly mode: GateMode;
  /** The challenge of a route, with no look at the request. */
  challenge(route: RouteDef): PaymentRequired;
  decide(request: PaidRequest, route: RouteDef): Promise<GateDecision>;
  /** The facilitator's status for /health (cached briefly by real gates). */
  status(): Promise<FacilitatorStatus>;
  /** Releases connections and timers. */
  close(): Promise<void>;
}

/**
 * The payment a request carries: `PAYMENT-SIGNATURE` (x402 v2), else the legacy `X-PAYMENT`, which is
 * accepted under the same rules.
 */
export function paymentHeader(request: PaidRequest): string | undefined {
  const value = request.header('payment-signature') ?? request.header('x-payment');
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
}

/**
 * A gate that takes no payments: every request gets the 402 challenge under `terms` (the demo payee
 * unless told otherwise), whatever it carries.
 */
export function challengeOnlyGate(ctx: PublicContext, terms: PaymentTerms): PaymentGate {
  const built = new Map<string, PaymentRequired>();
  const challenge = (route: RouteDef) => {
    let ch = built.get(route.id);
    if (!ch) {
      ch = paymentRequired(ctx, route, terms);
      built.set(route.id, ch);
    }
    return ch;
  };
  const demo = terms.payTo.toLowerCase() === DEMO_PAY_TO;
  return {
    mode: 'challenge-only',
    challenge,
    async decide(_request, route) {
      return { type: 'payment-required', challenge: challenge(route) };
    },
    async status() {
      return {
        mode: 'challenge-only',
        status: 'not configured',
        details: {
          payTo: terms.payTo,
          note: demo
            ? 'payments are off: the challenge names the demo payee and no money is ever taken'
            : 'payments are off: challenges are answered but no payment is ever verified or settled',
        },
      };
    },
    async close() {},
  };
}

/** The plain 402 of each challenge object the gates built (they build one per route and keep it). */
const plainChallengeErrors = new WeakMap<PaymentRequired, EdgeError>();

/**
 * The 402: the challenge base64-encoded in `PAYMENT-REQUIRED` and mirrored in a body that is also in
 * the contract's error shape (`error` is the challenge's error string). Never charges anything. The
 * plain one (no `message`, no `extra`) is built once per challenge: it is what every unpaid request
 * gets.
 */
export function paymentRequiredError(
  challenge: PaymentRequired,
  message?: string,
  extra?: Readonly<Record<string, unknown>>,
): EdgeError {
  if (message !== undefined || extra !== undefined) return challengeError(challenge, message, extra);
  let error = plainChallengeErrors.get(challenge);
  if (!error) {
    error = challengeError(challenge);
    plainChallengeErrors.set(challenge, error);
  }
  return error;
}

function challengeError(
  challenge: PaymentRequired,
  message?: string,
  extra: Readonly<Record<string, unknown>> = {},
): EdgeError {
  const encoded = Buffer.from(JSON.stringify(challenge), 'utf8').toString('base64');
  return new EdgeError(
    402,
    {
      success: false,
      message:
        message ??
        `Pay ${challenge.accepts[0]?.amount ?? '?'} atomic units of USDC on ${challenge.accepts[0]?.network ?? '?'} with x402 v2 and retry with the PAYMENT-SIGNATURE header.`,
      ...extra,
      ...challenge,
    },
    { 'PAYMENT-REQUIRED': encoded },
  );
}

/**
 * A refused payment: 402 with the route's challenge again, its `error` set to the stable refusal
 * string (in the body and in `PAYMENT-REQUIRED`), and the facilitator's own reason in `reason`.
 */
export function paymentRefused(challenge: PaymentRequired, why: Refusal, reason?: string): EdgeError {
  return paymentRequiredError(
    { ...challenge, error: why.error },
    `${why.message} Nothing was charged.`,
    reason === undefined || reason === why.error ? undefined : { reason },
  );
}

/** Seconds a client is asked to wait when the facilitator cannot be reached. */
export const FACILITATOR_RETRY_AFTER_SECONDS = 10;

/** 503 when a request carries a payment but the facilitator cannot be reached: nothing charged. */
export function facilitatorUnavailable(retryAfterSeconds = FACILITATOR_RETRY_AFTER_SECONDS): EdgeError {
  return new EdgeError(
    503,
    errorBody(
      'payment facilitator unavailable',
      `The payment could not be verified or settled because the facilitator cannot be reached; nothing was charged. Retry in ${retryAfterSeconds} seconds.`,
    ),
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Asks the gate; throws the 402 when payment is required, else answers the verified payment. */
export async function requirePayment(
  gate: PaymentGate,
  c: EdgeContext,
  route: RouteDef,
): Promise<VerifiedPayment> {
  const decision = await gate.decide(paidRequest(c), route);
  if (decision.type === 'payment-required') throw paymentRequiredError(decision.challenge);
  return decision.payment;
}
