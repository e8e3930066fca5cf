import { decodePaymentSignatureHeader } from '@x402/core/http';
import {
  FacilitatorTimeoutError,
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import { exactPayloadProblem } from './exact-payload.ts';
import type { RefusalError } from './reasons.ts';
import type { SettlementRecord } from './settlement-log.ts';

// The payment gate's rules as pure functions; `x402-gate.ts` makes the calls and carries out the steps.

/** What a facilitator call came to: its answer (a success or a refusal), or none (down, timed out). */
export type Outcome<T> =
  | { readonly kind: 'answer'; readonly answer: T }
  | { readonly kind: 'no-answer'; readonly timedOut: boolean; readonly error: string };

/** What the steps need of a paid route: its requirements and how a payload is matched against them. */
export interface GateTerms {
  readonly requirements: PaymentRequirements;
  /** Whether a payload accepts exactly these requirements (x402ResourceServer.findMatchingRequirements). */
  matches(payload: PaymentPayload): boolean;
}

/** A settlement attempt as recorded; the adapter adds when, the route and the terms. */
export type SettlementEntry = Pick<
  SettlementRecord,
  'outcome' | 'payer' | 'transaction' | 'reason' | 'indeterminate'
>;

/** A payment not taken: nothing was charged. */
export type GateRefusal =
  /** 402 with the challenge and this stable refusal (`reason`: the detail, when there is one). */
  | { readonly kind: 'refuse'; readonly error: RefusalError; readonly reason?: string }
  /** The facilitator refused: 402 for its reason, unless its RPC is down (then it may be an outage: 503). */
  | {
      readonly kind: 'refuse-unless-outage';
      readonly reason: string | undefined;
      readonly record?: SettlementEntry;
    }
  /** The facilitator could not be reached: 503. */
  | { readonly kind: 'unavailable'; readonly record?: SettlementEntry };

/** What to do with a request's payment header. */
export type RequestStep =
  | { readonly kind: 'challenge' }
  | { readonly kind: 'verify'; readonly payload: PaymentPayload }
  | GateRefusal;

/** What to do once the facilitator verified (or did not verify) a payload. */
export type VerifyStep = { readonly kind: 'verified'; readonly payer: `0x${string}` } | GateRefusal;

/** What to do once the facilitator settled (or did not settle) a verified payment. */
export type SettleStep =
  | {
      readonly kind: 'settled';
      /** Who paid: the facilitator's word, else the verified payer. */
      readonly payer: `0x${string}`;
      readonly record: SettlementEntry;
      readonly result: SettleResponse;
    }
  | (Extract<GateRefusal, { kind: 'refuse-unless-outage' | 'unavailable' }> & {
      readonly record: SettlementEntry;
    });

const refuse = (error: RefusalError, reason?: string): GateRefusal =>
  reason === undefined ? { kind: 'refuse', error } : { kind: 'refuse', error, reason };

/**
 * A request's payment header: none → the challenge; else decoded and checked before the facilitator
 * sees it (a base64 JSON x402 v2 payload accepting exactly the route's terms, with a well-formed
 * authorization) → verify it; anything else is the payer's 402, never a 503.
 */
export function requestStep(terms: GateTerms, header: string | undefined): RequestStep {
  if (header === undefined) return { kind: 'challenge' };
  let payload: PaymentPayload;
  try {
    payload = decodePaymentSignatureHeader(header);
  } catch {
    return refuse('invalid_payment_header');
  }
  if (payload === null || typeof payload !== 'object' || typeof payload.payload !== 'object')
    return refuse('invalid_payment_header');
  if (payload.x402Version !== 2) return refuse('unsupported_x402_version');
  if (!terms.matches(payload)) return refuse('payment_mismatch');
  const problem = exactPayloadProblem(payload.payload, terms.requirements.extra);
  if (problem !== undefined) return refuse('malformed_payment', problem);
  return { kind: 'verify', payload };
}

/** The payer a payload names, before any facilitator said so (EIP-3009 `authorization.from`). */
export function payerOf(payload: PaymentPayload): `0x${string}` | undefined {
  const from = (payload.payload as { authorization?: { from?: unknown } }).authorization?.from;
  return typeof from === 'string' && /^0x[0-9a-fA-F]{40}$/.test(from) ? (from as `0x${string}`) : undefined;
}

/** The verification: valid with a payer (the facilitator's, else the payload's) → verified. */
export function verifyStep(payload: PaymentPayload, outcome: Outcome<VerifyResponse>): VerifyStep {
  if (outcome.kind === 'no-answer') return { kind: 'unavailable' };
  const verified = outcome.answer;
  if (!verified.isValid) return { kind: 'refuse-unless-outage', reason: verified.invalidReason };
  const payer = (verified.payer as `0x${string}` | undefined) ?? payerOf(payload);
  if (payer === undefined) return refuse('invalid_payment_header');
  return { kind: 'verified', payer };
}

/**
 * The settlement, and its record: settled; refused (indeterminate when a transaction was sent, which
 * may still land); or no answer (indeterminate when the facilitator timed out while settling).
 */
export function settleStep(verifiedPayer: `0x${string}`, outcome: Outcome<SettleResponse>): SettleStep {
  if (outcome.kind === 'no-answer') {
    const reason = outcome.timedOut ? 'facilitator timed out while settling' : 'facilitator unreachable';
    return {
      kind: 'unavailable',
      record: {
        outcome: 'failed',
        payer: verifiedPayer,
        transaction: null,
        reason,
        ...(outcome.timedOut ? { indeterminate: true } : {}),
      },
    };
  }
  const result = outcome.answer;
  const payer = (result.payer as `0x${string}` | undefined) ?? verifiedPayer;
  if (!result.success) {
    const transaction = result.transaction === '' ? null : result.transaction;
    const record: SettlementEntry = {
      outcome: 'failed',
      payer,
      transaction,
      reason: result.errorReason ?? 'unknown',
      // A transaction was sent but did not confirm as a success: check it on chain.
      ...(transaction !== null ? { indeterminate: true } : {}),
    };
    return { kind: 'refuse-unless-outage', reason: result.errorReason, record };
  }
  return {
    kind: 'settled',
    payer,
    record: { outcome: 'settled', payer, transaction: result.transaction },
    result,
  };
}

/** Whether an error of the HTTP facilitator client is the facilitator's answer (4xx), not an outage. */
function isAnswer(error: VerifyError | SettleError): boolean {
  const s = error.statusCode;
  return s >= 400 && s < 500 && s !== 401 && s !== 403 && s !== 429;
}

/** What a failed verify call came to: the facilitator's refusal (a 4xx), or no answer. */
export function verifyOutcome(error: unknown): Outcome<VerifyResponse> {
  if (error instanceof VerifyError && isAnswer(error))
    return {
      kind: 'answer',
      answer: { isValid: false, invalidReason: error.invalidReason, payer: error.payer },
    };
  return { kind: 'no-answer', timedOut: error instanceof FacilitatorTimeoutError, error: messageOf(error) };
}

/** What a failed settle call came to: the facilitator's refusal (a 4xx), or no answer. */
export function settleOutcome(error: unknown): Outcome<SettleResponse> {
  if (error instanceof SettleError && isAnswer(error)) {
    const { errorReason, transaction, network, payer } = error;
    return { kind: 'answer', answer: { success: false, errorReason, transaction, network, payer } };
  }
  return { kind: 'no-answer', timedOut: error instanceof FacilitatorTimeoutError, error: messageOf(error) };
}

const messageOf = (error: unknown): string => (error as Error | undefined)?.message ?? String(error);
