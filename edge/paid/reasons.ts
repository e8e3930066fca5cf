import { X402_HEADERS } from '../../core/payment.ts';

/**
 * Why a payment was refused, in words a client can act on. The facilitators' reason strings
 * (`invalid_exact_evm_…`, `permit2_…`, v1 names) are many and change between versions; clients see a
 * small stable set in `error`, with the facilitator's own string kept in `reason`.
 */
export interface Refusal {
  /** Stable machine string, the `error` of the 402 body and of the challenge. */
  readonly error: string;
  /** What happened and what to do, for people. */
  readonly message: string;
}

const REFUSALS = {
  insufficient_funds: "The payer's USDC balance is below the price; fund the wallet and sign again.",
  invalid_signature: 'The payment signature does not verify for the payer; sign the authorization again.',
  payment_already_used:
    'This payment authorization was already used (a replay); sign a new one with a fresh nonce.',
  payment_expired: 'The payment authorization has expired (validBefore passed); sign a new one.',
  payment_not_yet_valid: 'The payment authorization is not valid yet (validAfter is in the future).',
  wrong_payee: 'The payment is made out to another address; pay the payTo of the challenge.',
  wrong_amount: 'The payment amount is not the price of this route; pay the amount of the challenge.',
  wrong_asset: 'The payment is for another token or EIP-712 domain; pay USDC as the challenge says.',
  wrong_network:
    'The payment is for another network or scheme; pay with exact on the network of the challenge.',
  payment_mismatch:
    'The payment does not accept the terms this route asks for (scheme, network, asset, amount, payTo); sign the challenge you get now.',
  malformed_payment:
    'The payment payload matches the terms but its authorization is malformed (see reason); sign the challenge again with an x402 client.',
  invalid_payment_header: `The ${X402_HEADERS.payment} (or ${X402_HEADERS.legacyPayment}) header is not a base64 JSON x402 payment payload.`,
  unsupported_x402_version: 'Only x402 version 2 payment payloads are accepted.',
  settlement_failed:
    'The payment could not be settled on chain; nothing was charged. Sign a new one and retry.',
  payment_rejected: 'The facilitator refused the payment; nothing was charged.',
} as const satisfies Record<string, string>;

/** The stable error strings a refused payment can carry. */
export type RefusalError = keyof typeof REFUSALS;

/** The refusal of a stable error string. */
export function refusal(error: RefusalError): Refusal {
  return { error, message: REFUSALS[error] };
}

// Facilitator (or x402 server) reason → stable error. Exact names the patterns below would miss, then the patterns.
const EXACT: Readonly<Record<string, RefusalError>> = {
  invalid_exact_evm_transfer_event_mismatch: 'settlement_failed',
  'No matching payment requirements': 'payment_mismatch',
  extension_echo_mismatch: 'payment_mismatch',
};

const PATTERNS: ReadonlyArray<readonly [RegExp, RefusalError]> = [
  [/insufficient|balance/i, 'insufficient_funds'],
  [/signature/i, 'invalid_signature'],
  [/nonce|already_used|replay/i, 'payment_already_used'],
  [/valid_before|expired|deadline/i, 'payment_expired'],
  [/valid_after|not_yet_valid|too_early/i, 'payment_not_yet_valid'],
  [/recipient|pay_?to|payee/i, 'wrong_payee'],
  [/value|amount/i, 'wrong_amount'],
  [/token|asset|eip712/i, 'wrong_asset'],
  [/network|scheme/i, 'wrong_network'],
  [/transaction|settle|simulation/i, 'settlement_failed'],
];

/** The stable refusal for a facilitator's reason string (`payment_rejected` when unknown). */
export function refusalFor(reason: string | undefined): Refusal {
  if (reason === undefined || reason === '') return refusal('payment_rejected');
  const exact = EXACT[reason];
  if (exact) return refusal(exact);
  for (const [pattern, error] of PATTERNS) if (pattern.test(reason)) return refusal(error);
  return refusal('payment_rejected');
}
