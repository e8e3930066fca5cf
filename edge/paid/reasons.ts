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
  invalid_payment_header:
    'The PAYMENT-SIGNATURE (or X-PAYMENT) header is not a base64 JSON x402 payment payload.',
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

// Facilitator reason → stable error. Exact names first; the patterns below catch variants.
const EXACT: Readonly<Record<string, RefusalError>> = {
  invalid_exact_evm_insufficient_balance: 'insufficient_funds',
  permit2_insufficient_balance: 'insufficient_funds',
  insufficient_funds: 'insufficient_funds',
  invalid_exact_evm_signature: 'invalid_signature',
  invalid_exact_evm_failed_to_parse_signature: 'invalid_signature',
  invalid_permit2_signature: 'invalid_signature',
  invalid_exact_evm_nonce_already_used: 'payment_already_used',
  permit2_invalid_nonce: 'payment_already_used',
  invalid_exact_evm_payload_authorization_valid_before: 'payment_expired',
  permit2_deadline_expired: 'payment_expired',
  invalid_exact_evm_payload_authorization_valid_after: 'payment_not_yet_valid',
  permit2_not_yet_valid: 'payment_not_yet_valid',
  permit2_payment_too_early: 'payment_not_yet_valid',
  invalid_exact_evm_recipient_mismatch: 'wrong_payee',
  invalid_permit2_recipient_mismatch: 'wrong_payee',
  invalid_exact_evm_payload_authorization_value_mismatch: 'wrong_amount',
  invalid_exact_evm_authorization_value: 'wrong_amount',
  permit2_amount_mismatch: 'wrong_amount',
  invalid_exact_evm_token_name_mismatch: 'wrong_asset',
  invalid_exact_evm_token_version_mismatch: 'wrong_asset',
  invalid_exact_evm_missing_eip712_domain: 'wrong_asset',
  permit2_token_mismatch: 'wrong_asset',
  asset_not_deployed_contract: 'wrong_asset',
  invalid_exact_evm_network_mismatch: 'wrong_network',
  invalid_exact_evm_scheme: 'wrong_network',
  unsupported_scheme: 'wrong_network',
  invalid_network: 'wrong_network',
  invalid_exact_evm_transaction_failed: 'settlement_failed',
  invalid_exact_evm_transaction_simulation_failed: 'settlement_failed',
  invalid_exact_evm_transfer_event_mismatch: 'settlement_failed',
  invalid_transaction_state: 'settlement_failed',
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
