import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload } from '@x402/core/types';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerClient } from '../../core/payer-client.ts';
import { routeById } from '../../core/routes.ts';
import type { EdgeEnv } from '../../edge/env.ts';
import { errorHandler } from '../../edge/error-handler.ts';
import { embeddedFacilitator } from '../../edge/facilitator/facilitator.ts';
import { silentLogger } from '../../edge/logger.ts';
import { sellHttp } from '../../edge/paid/sale.ts';
import { openShop, type Shop } from '../../edge/paid/shop.ts';
import { type DevChain, startDevChain } from '../../tools/dev-chain/index.ts';

const history = routeById('history');
let chain: DevChain;
let shop: Shop;
let app: Hono<EdgeEnv>;
let signed: PaymentPayload;

beforeAll(async () => {
  chain = await startDevChain({ payers: 1 });
  shop = await openShop({
    ctx: { baseUrl: 'https://murmur.test', platform: 'forum' },
    payTo: chain.payTo.address,
    facilitator: embeddedFacilitator({
      privateKey: chain.facilitator.privateKey,
      rpcUrl: chain.rpcUrl,
      network: 'eip155:8453',
    }),
    rpcUrl: chain.rpcUrl,
  });
  app = new Hono<EdgeEnv>();
  app.onError(errorHandler(silentLogger));
  app.get('/api/forum/digests', (c) =>
    sellHttp(c, shop, {
      route: history,
      fingerprint: 'f',
      failure: 'failed',
      work: async () => ({ ok: true }),
    }),
  );
  const payer = chain.payers[0];
  if (!payer) throw new Error('no payer');
  const challenge = (await app.request('/api/forum/digests')).headers.get('payment-required') ?? '';
  signed = await payerClient(payer.privateKey).createPaymentPayload(decodePaymentRequiredHeader(challenge));
});
afterAll(async () => {
  await shop?.close();
  await chain?.close();
});

type Authorization = Record<string, unknown>;

/** The signed payload with its inner `payload` replaced by what `change` makes of it. */
function tampered(change: (inner: { signature: unknown; authorization: Authorization }) => unknown): string {
  const inner = structuredClone(signed.payload) as { signature: unknown; authorization: Authorization };
  return encodePaymentSignatureHeader({ ...signed, payload: change(inner) as PaymentPayload['payload'] });
}

describe('malformed payments that match the route terms (embedded facilitator, real chain)', () => {
  const cases: Array<[string, () => string, RegExp]> = [
    [
      'value "abc"',
      () => tampered((p) => ({ ...p, authorization: { ...p.authorization, value: 'abc' } })),
      /value/,
    ],
    [
      'validAfter null',
      () => tampered((p) => ({ ...p, authorization: { ...p.authorization, validAfter: null } })),
      /validAfter/,
    ],
    ['a numeric signature', () => tampered((p) => ({ ...p, signature: 12345 })), /signature/],
    ['an empty payload', () => tampered(() => ({})), /authorization|signature/],
    ['no authorization', () => tampered((p) => ({ signature: p.signature })), /authorization/],
    ['an empty authorization', () => tampered((p) => ({ ...p, authorization: {} })), /authorization/],
    [
      'a Permit2-shaped payload',
      () =>
        tampered((p) => ({
          signature: p.signature,
          permit2Authorization: {
            from: p.authorization.from,
            permitted: { token: chain.usdc, amount: '20000' },
            spender: '0x4020615294c913F045dc10f0a5cdEbd86c280001',
            nonce: '1',
            deadline: '9999999999',
            witness: { to: chain.payTo.address, validAfter: '0', extra: '0x' },
          },
        })),
      /permit2/i,
    ],
    [
      'no payload at all',
      () => {
        const { payload: _payload, ...rest } = signed;
        return Buffer.from(JSON.stringify(rest)).toString('base64');
      },
      /payload/,
    ],
  ];

  it.each(cases)('%s: 402 with a reason naming the field, never 503', async (_name, header, field) => {
    const res = await app.request('/api/forum/digests', { headers: { 'PAYMENT-SIGNATURE': header() } });
    const body = (await res.json()) as { error: string; reason?: string; message: string };
    expect(res.status, JSON.stringify(body)).toBe(402);
    expect(res.headers.get('retry-after')).toBeNull();
    expect(res.headers.get('payment-required')).toBeTruthy();
    expect(body.error).toMatch(/^(malformed_payment|invalid_payment_header)$/);
    expect(`${body.reason ?? ''} ${body.message}`).toMatch(field);
    expect(body.message).toMatch(/Nothing was charged/);
  });

  it('the untouched payment is still taken', async () => {
    const res = await app.request('/api/forum/digests', {
      headers: { 'PAYMENT-SIGNATURE': encodePaymentSignatureHeader(signed) },
    });
    expect(res.status).toBe(200);
  });
});
