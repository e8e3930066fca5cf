import { describe, expect, it } from 'vitest';
import { refusalFor } from './reasons.ts';

describe('facilitator reasons → stable refusals', () => {
  it.each([
    ['invalid_exact_evm_insufficient_balance', 'insufficient_funds'],
    ['invalid_exact_evm_signature', 'invalid_signature'],
    ['invalid_exact_evm_failed_to_parse_signature', 'invalid_signature'],
    ['invalid_exact_evm_nonce_already_used', 'payment_already_used'],
    ['invalid_exact_evm_payload_authorization_valid_before', 'payment_expired'],
    ['invalid_exact_evm_payload_authorization_valid_after', 'payment_not_yet_valid'],
    ['invalid_exact_evm_recipient_mismatch', 'wrong_payee'],
    ['invalid_exact_evm_payload_authorization_value_mismatch', 'wrong_amount'],
    ['invalid_exact_evm_token_name_mismatch', 'wrong_asset'],
    ['invalid_exact_evm_network_mismatch', 'wrong_network'],
    ['invalid_exact_evm_transaction_failed', 'settlement_failed'],
    ['invalid_exact_evm_transfer_event_mismatch', 'settlement_failed'],
    ['permit2_insufficient_balance', 'insufficient_funds'],
    // Variants and other facilitators' names fall to the closest stable string.
    ['insufficient_funds_for_transfer', 'insufficient_funds'],
    ['invalid_payload_authorization_valid_before', 'payment_expired'],
    ['some_new_reason', 'payment_rejected'],
    [undefined, 'payment_rejected'],
  ])('%s → %s', (reason, error) => {
    const r = refusalFor(reason);
    expect(r.error).toBe(error);
    expect(r.message.length).toBeGreaterThan(10);
  });
});
