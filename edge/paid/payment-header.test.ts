import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequirements } from '@x402/core/types';
import { PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import { describe, expect, it } from 'vitest';
import { readPayment } from './payment-header.ts';

const PAYER = '0x2222222222222222222222222222222222222222';
const PAY_TO = '0x1111111111111111111111111111111111111111';
const NONCE = `0x${'0a'.repeat(32)}`;
const requirements: PaymentRequirements = {
  scheme: 'exact',
  network: 'eip155:8453',
  amount: '20000',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: PAY_TO,
  maxTimeoutSeconds: 60,
  extra: { name: 'USD Coin', version: '2' },
};
const authorization = {
  from: PAYER,
  to: PAY_TO,
  value: '20000',
  validAfter: '0',
  validBefore: '1900000000',
  nonce: NONCE,
};
const payload = (over: Record<string, unknown> = {}) =>
  ({
    x402Version: 2,
    accepted: requirements,
    payload: { signature: '0x00', authorization },
    ...over,
  }) as PaymentPayload;
const header = (p: unknown) => encodePaymentSignatureHeader(p as PaymentPayload);
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('readPayment', () => {
  const refused: Array<[string, string, string, RegExp?]> = [
    ['not base64 JSON', 'not a payment', 'invalid_payment_header'],
    ['JSON null', base64('null'), 'invalid_payment_header'],
    ['no inner payload', header(payload({ payload: 'x' })), 'invalid_payment_header'],
    ['x402 version 1', header(payload({ x402Version: 1 })), 'unsupported_x402_version'],
    [
      'a malformed authorization',
      header(payload({ payload: { signature: '0x00', authorization: { ...authorization, value: 'x' } } })),
      'malformed_payment',
      /^payload\.authorization\.value: must be a decimal integer string$/,
    ],
    [
      'a Permit2 payload',
      header(payload({ payload: { signature: '0x00', permit2Authorization: {} } })),
      'malformed_payment',
      /Permit2/,
    ],
    [
      'a payment identifier too short',
      header(payload({ extensions: { [PAYMENT_IDENTIFIER]: { info: { required: false, id: 'short' } } } })),
      'malformed_payment',
      /^extensions\.payment-identifier\.info\.id: must be 16-128/,
    ],
  ];
  it.each(refused)('refuses %s before any facilitator sees it', (_name, h, refusal, reason) => {
    const read = readPayment(h, requirements);
    expect(read).toMatchObject({ refusal });
    if (reason) expect((read as { reason?: string }).reason).toMatch(reason);
  });

  it('reads a well-formed payment: its payload, authorization, expiry and identifier', () => {
    const id = 'pay_0123456789abcdef';
    const p = payload({ extensions: { [PAYMENT_IDENTIFIER]: { info: { required: false, id } } } });
    expect(readPayment(header(p), requirements)).toEqual({
      payload: p,
      authorization: { asset: requirements.asset, from: PAYER, to: PAY_TO, value: '20000', nonce: NONCE },
      validBefore: 1_900_000_000_000,
      id,
    });
    expect(readPayment(header(payload()), requirements)).toMatchObject({ id: undefined });
  });
});
