import { describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_TERMS } from '../../core/payment.ts';
import { routeById } from '../../core/routes.ts';
import { challengeOnlyGate, paymentRefused, paymentRequiredError } from './gate.ts';
import { refusal } from './reasons.ts';

const gate = challengeOnlyGate({ baseUrl: 'https://murmur.test', platform: 'forum' }, DEMO_PAYMENT_TERMS);
const decode = (header: string | undefined) =>
  JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));

describe('the 402 answers', () => {
  it('the plain 402 mirrors the challenge in PAYMENT-REQUIRED and the body, and is built once per challenge', () => {
    const challenge = gate.challenge(routeById('history'));
    const error = paymentRequiredError(challenge);
    expect(error.status).toBe(402);
    expect(decode(error.headers['PAYMENT-REQUIRED'])).toEqual(challenge);
    expect(JSON.parse(error.json)).toEqual({ ...error.body, ...challenge });
    expect(paymentRequiredError(challenge)).toBe(error);
    expect(paymentRequiredError(gate.challenge(routeById('advisor')))).not.toBe(error);
  });

  it('a refusal is its own answer and leaves the plain 402 of the route as it was', () => {
    const challenge = gate.challenge(routeById('history'));
    const plain = paymentRequiredError(challenge);
    const before = plain.json;
    const refused = paymentRefused(
      challenge,
      refusal('payment_expired'),
      'invalid_exact_evm_payload_authorization_valid_before',
    );
    expect(refused).not.toBe(plain);
    expect(refused.body).toMatchObject({
      error: 'payment_expired',
      reason: 'invalid_exact_evm_payload_authorization_valid_before',
    });
    expect(decode(refused.headers['PAYMENT-REQUIRED']).error).toBe('payment_expired');
    expect(paymentRequiredError(challenge).json).toBe(before);
    expect(JSON.parse(before).error).toBe(challenge.error);
  });
});
