import type { PublicContext } from '../../core/envelopes/context.ts';
import { type PaymentRequired, paymentRequired } from '../../core/envelopes/payment-required.ts';
import type { PaymentTerms } from '../../core/payment.ts';
import type { RouteDef } from '../../core/routes.ts';
import type { EdgeContext } from '../env.ts';
import { EdgeError } from '../errors.ts';

/**
 * What a payment gate decides for one request (the shape of x402's framework-free core): pay first,
 * or go ahead and call `settle` once the work succeeded, sending the headers it returns.
 */
export type GateDecision =
  | { readonly type: 'payment-required'; readonly challenge: PaymentRequired }
  | { readonly type: 'payment-verified'; settle(): Promise<Record<string, string>> };

/**
 * THE PAYMENT SEAM. Paid handlers validate their input, then ask the gate; the x402 issue replaces
 * `challengeOnlyGate` with a gate that verifies `PAYMENT-SIGNATURE` / `X-PAYMENT` and settles.
 */
export interface PaymentGate {
  /** The challenge of a route, with no look at the request (HEAD gets this, credentials ignored). */
  challenge(route: RouteDef): PaymentRequired;
  decide(c: EdgeContext, route: RouteDef): Promise<GateDecision>;
}

/** A gate that takes no payments: every request gets the 402 challenge under `terms`. */
export function challengeOnlyGate(ctx: PublicContext, terms: PaymentTerms): PaymentGate {
  const challenge = (route: RouteDef) => paymentRequired(ctx, route, terms);
  return {
    challenge,
    async decide(_c, route) {
      return { type: 'payment-required', challenge: challenge(route) };
    },
  };
}

/**
 * The 402: the challenge base64-encoded in `PAYMENT-REQUIRED` and mirrored in a body that is also in
 * the contract's error shape. Never charges anything.
 */
export function paymentRequiredError(challenge: PaymentRequired): EdgeError {
  const encoded = Buffer.from(JSON.stringify(challenge), 'utf8').toString('base64');
  return new EdgeError(
    402,
    {
      success: false,
      message: `Pay ${challenge.accepts[0]?.amount ?? '?'} atomic units of USDC on ${challenge.accepts[0]?.network ?? '?'} with x402 v2 and retry with the PAYMENT-SIGNATURE header.`,
      ...challenge,
    },
    { 'PAYMENT-REQUIRED': encoded },
  );
}

/** Asks the gate; throws the 402 when payment is required, else returns the settle step. */
export async function requirePayment(
  gate: PaymentGate,
  c: EdgeContext,
  route: RouteDef,
): Promise<() => Promise<Record<string, string>>> {
  const decision = await gate.decide(c, route);
  if (decision.type === 'payment-required') throw paymentRequiredError(decision.challenge);
  return () => decision.settle();
}
