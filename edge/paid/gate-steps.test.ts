import { encodePaymentSignatureHeader } from '@x402/core/http';
import {
  FacilitatorTimeoutError,
  type PaymentPayload,
  type PaymentRequirements,
  SettleError,
  type SettleResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import { describe, expect, it } from 'vitest';
import {
  type GateTerms,
  type Outcome,
  requestStep,
  settleOutcome,
  settleStep,
  verifyOutcome,
  verifyStep,
} from './gate-steps.ts';

const PAY_TO = '0x1111111111111111111111111111111111111111';
const PAYER = '0x2222222222222222222222222222222222222222' as const;
const OTHER = '0x3333333333333333333333333333333333333333' as const;
const TX = `0x${'ab'.repeat(32)}`;

const requirements: PaymentRequirements = {
  scheme: 'exact',
  network: 'eip155:8453',
  amount: '20000',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: PAY_TO,
  maxTimeoutSeconds: 300,
  extra: { name: 'USD Coin', version: '2' },
};
/** Terms that match a payload exactly when it accepts `requirements` (as the x402 server's matcher does). */
const terms: GateTerms = {
  requirements,
  matches: (p) => JSON.stringify(p.accepted) === JSON.stringify(requirements),
};

const authorization = {
  from: PAYER,
  to: PAY_TO,
  value: '20000',
  validAfter: '0',
  validBefore: '9999999999',
  nonce: `0x${'00'.repeat(32)}`,
};
const payload = (over: Record<string, unknown> = {}): PaymentPayload =>
  ({
    x402Version: 2,
    accepted: requirements,
    payload: { signature: '0x00', authorization },
    ...over,
  }) as PaymentPayload;
const header = (p: unknown) => encodePaymentSignatureHeader(p as PaymentPayload);
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('requestStep', () => {
  const cases: Array<[string, string | undefined, string, string?]> = [
    ['no payment header: the challenge', undefined, 'challenge'],
    ['a well-formed payment accepting the terms: verify it', header(payload()), 'verify'],
    ['not base64 JSON', 'not a payment', 'refuse', 'invalid_payment_header'],
    ['JSON null', base64('null'), 'refuse', 'invalid_payment_header'],
    ['no inner payload', header(payload({ payload: 'x' })), 'refuse', 'invalid_payment_header'],
    ['x402 version 1', header(payload({ x402Version: 1 })), 'refuse', 'unsupported_x402_version'],
    [
      'another amount than the route asks',
      header(payload({ accepted: { ...requirements, amount: '1' } })),
      'refuse',
      'payment_mismatch',
    ],
    [
      'a malformed authorization',
      header(payload({ payload: { signature: '0x00', authorization: { ...authorization, value: 'x' } } })),
      'refuse',
      'malformed_payment',
    ],
  ];
  it.each(cases)('%s', (_name, h, kind, error) => {
    const step = requestStep(terms, h);
    expect(step.kind).toBe(kind);
    if (error) expect(step).toMatchObject({ error });
  });

  it('names the malformed field as the reason, and hands the decoded payload to verify', () => {
    const bad = payload({ payload: { signature: '0x00', authorization: { ...authorization, value: 'x' } } });
    expect(requestStep(terms, header(bad))).toEqual({
      kind: 'refuse',
      error: 'malformed_payment',
      reason: 'payload.authorization.value: must be a decimal integer string',
    });
    expect(requestStep(terms, header(payload()))).toEqual({ kind: 'verify', payload: payload() });
  });
});

const answer = <T>(a: T): Outcome<T> => ({ kind: 'answer', answer: a });
const noAnswer = (timedOut = false): Outcome<never> => ({ kind: 'no-answer', timedOut, error: 'down' });

describe('verifyStep', () => {
  const cases: Array<[string, PaymentPayload, Outcome<VerifyResponse>, unknown]> = [
    [
      'valid: the facilitator names the payer',
      payload(),
      answer({ isValid: true, payer: OTHER }),
      { kind: 'verified', payer: OTHER },
    ],
    [
      'valid, no payer named: the authorization’s `from`',
      payload(),
      answer({ isValid: true }),
      { kind: 'verified', payer: PAYER },
    ],
    [
      'valid, no payer anywhere: refused as a bad header',
      payload({ payload: { signature: '0x00' } }),
      answer({ isValid: true }),
      { kind: 'refuse', error: 'invalid_payment_header' },
    ],
    [
      'invalid: refused for its reason (unless the RPC is down)',
      payload(),
      answer({ isValid: false, invalidReason: 'invalid_exact_evm_insufficient_balance' }),
      { kind: 'refuse-unless-outage', reason: 'invalid_exact_evm_insufficient_balance' },
    ],
    ['no answer: 503', payload(), noAnswer(), { kind: 'unavailable' }],
  ];
  it.each(cases)('%s', (_name, p, outcome, step) => {
    expect(verifyStep(p, outcome)).toEqual(step);
  });
});

describe('settleStep', () => {
  const settled: SettleResponse = { success: true, transaction: TX, network: 'eip155:8453', payer: OTHER };
  const cases: Array<[string, Outcome<SettleResponse>, unknown]> = [
    [
      'settled: recorded with the facilitator’s payer',
      answer(settled),
      {
        kind: 'settled',
        payer: OTHER,
        record: { outcome: 'settled', payer: OTHER, transaction: TX },
        result: settled,
      },
    ],
    [
      'refused before any transaction: a plain failure',
      answer({ success: false, errorReason: 'insufficient_funds', transaction: '', network: 'eip155:8453' }),
      {
        kind: 'refuse-unless-outage',
        reason: 'insufficient_funds',
        record: { outcome: 'failed', payer: PAYER, transaction: null, reason: 'insufficient_funds' },
      },
    ],
    [
      'a transaction sent that did not succeed: indeterminate, to check on chain',
      answer({ success: false, transaction: TX, network: 'eip155:8453' }),
      {
        kind: 'refuse-unless-outage',
        reason: undefined,
        record: { outcome: 'failed', payer: PAYER, transaction: TX, reason: 'unknown', indeterminate: true },
      },
    ],
    [
      'unreachable: 503, nothing sent',
      noAnswer(false),
      {
        kind: 'unavailable',
        record: { outcome: 'failed', payer: PAYER, transaction: null, reason: 'facilitator unreachable' },
      },
    ],
    [
      'timed out while settling: 503, indeterminate',
      noAnswer(true),
      {
        kind: 'unavailable',
        record: {
          outcome: 'failed',
          payer: PAYER,
          transaction: null,
          reason: 'facilitator timed out while settling',
          indeterminate: true,
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, outcome, step) => {
    expect(settleStep(PAYER, outcome)).toEqual(step);
  });
});

describe('what a failed facilitator call came to', () => {
  const verifyRefusal = (status: number) => new VerifyError(status, { isValid: false, invalidReason: 'r' });
  const cases: Array<[string, unknown, 'answer' | 'no-answer']> = [
    ['a 400 refusal is an answer', verifyRefusal(400), 'answer'],
    ['a 402 refusal is an answer', verifyRefusal(402), 'answer'],
    ['401 (bad credentials) is no answer', verifyRefusal(401), 'no-answer'],
    ['403 is no answer', verifyRefusal(403), 'no-answer'],
    ['429 is no answer', verifyRefusal(429), 'no-answer'],
    ['a 500 is no answer', verifyRefusal(500), 'no-answer'],
    ['a network error is no answer', new TypeError('fetch failed'), 'no-answer'],
  ];
  it.each(cases)('verify: %s', (_name, error, kind) => {
    expect(verifyOutcome(error).kind).toBe(kind);
  });

  it('keeps the refusal’s reason and payer, and tells a timeout from an outage', () => {
    expect(verifyOutcome(new VerifyError(400, { isValid: false, invalidReason: 'r', payer: PAYER }))).toEqual(
      answer({ isValid: false, invalidReason: 'r', payer: PAYER }),
    );
    const refused = {
      success: false,
      errorReason: 'e',
      transaction: TX,
      network: 'eip155:8453',
      payer: PAYER,
    };
    expect(settleOutcome(new SettleError(400, refused as SettleResponse))).toEqual(answer(refused));
    expect(settleOutcome(new SettleError(503, refused as SettleResponse))).toMatchObject({
      kind: 'no-answer',
      timedOut: false,
    });
    expect(settleOutcome(new FacilitatorTimeoutError('settle', 5000))).toMatchObject({
      kind: 'no-answer',
      timedOut: true,
    });
  });
});
