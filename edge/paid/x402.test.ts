import { decodePaymentRequiredHeader, decodePaymentResponseHeader } from '@x402/core/http';
import {
  FacilitatorTimeoutError,
  SettleError,
  type SettleResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import { type DiscoveryExtension, validateDiscoveryExtension } from '@x402/extensions/bazaar';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { paymentRequirements, resourceInfo } from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC } from '../../core/payment.ts';
import { routeById } from '../../core/routes.ts';
import type { EdgeEnv } from '../env.ts';
import { errorHandler } from '../error-handler.ts';
import { silentLogger } from '../logger.ts';
import {
  FAKE_PAY_TO,
  type FakeBehaviour,
  fakeFacilitator,
  fakePayment,
  fakeShop,
  memoryLedger,
} from '../testing/fake-facilitator.ts';
import type { OnChain } from './onchain.ts';
import { sellHttp } from './sale.ts';

const CTX = { baseUrl: 'https://murmur.test', platform: 'forum' };
const TX = `0x${'ab'.repeat(32)}` as const;
const history = routeById('history');
const advisor = routeById('advisor');

/** A shop on a fake facilitator and a tiny app selling at the history route's path. */
async function shopWith(
  b: FakeBehaviour = {},
  opts: { mode?: 'remote' | 'embedded'; onChain?: OnChain } = {},
) {
  const { facilitator, calls } = fakeFacilitator(b, opts.mode);
  const ledger = memoryLedger();
  const checked: unknown[] = [];
  const shop = await fakeShop(CTX, {
    facilitator,
    ledger,
    check: async (authorization) => {
      checked.push(authorization);
      return opts.onChain ?? { kind: 'unknown', why: 'no chain in this test' };
    },
  });
  const app = new Hono<EdgeEnv>();
  app.onError(errorHandler(silentLogger));
  app.get('/api/forum/digests', (c) =>
    sellHttp(c, shop, {
      route: history,
      fingerprint: 'f',
      failure: 'failed',
      work: async () => ({ success: true }),
    }),
  );
  const pay = (header: string, name = 'PAYMENT-SIGNATURE') =>
    app.request('/api/forum/digests', { headers: { [name]: header } });
  return {
    shop,
    app,
    pay,
    calls,
    records: ledger.records,
    checked,
    requirements: shop.x402.requirements(history),
  };
}

describe("the edge's x402 server", () => {
  it("prices from the route table with '$' money: USDC on Base, domain USD Coin/2, as the documents say", async () => {
    const { shop } = await shopWith();
    for (const route of [history, advisor]) {
      expect(shop.x402.requirements(route)).toEqual(
        paymentRequirements(route, { ...BASE_MAINNET_USDC, payTo: FAKE_PAY_TO }),
      );
    }
    expect(shop.x402.requirements(history).amount).toBe('20000');
    expect(shop.x402.requirements(advisor).amount).toBe('50000');
  });

  it('answers an unpaid request with its 402, never calling the facilitator: the challenge in PAYMENT-REQUIRED, mirrored in the body', async () => {
    const { app, calls } = await shopWith();
    const res = await app.request('/api/forum/digests');
    expect(res.status).toBe(402);
    const header = res.headers.get('payment-required') ?? '';
    const challenge = decodePaymentRequiredHeader(header);
    expect(challenge).toMatchObject({
      x402Version: 2,
      error: 'Payment required',
      resource: resourceInfo(CTX, history),
      accepts: [paymentRequirements(history, { ...BASE_MAINNET_USDC, payTo: FAKE_PAY_TO })],
    });
    // The body mirrors the payment terms; the extensions are the header's, for x402 clients.
    const { extensions, ...terms } = challenge;
    expect(Object.keys(extensions ?? {}).sort()).toEqual(['bazaar', 'payment-identifier']);
    expect(await res.json()).toEqual({
      success: false,
      message: expect.stringMatching(/^Pay 20000/),
      ...terms,
    });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Small enough for any HTTP client's header limit (Node's is 16 KB for all headers).
    expect(header.length).toBeLessThan(4_000);
    expect(calls).toMatchObject({ verify: 0, settle: 0 });
  });

  it('declares the Bazaar discovery extension, valid, with input and output schemas, and the payment-identifier extension', async () => {
    const { shop } = await shopWith();
    for (const [route, input] of [
      [history, 'queryParams'],
      [advisor, 'body'],
    ] as const) {
      const challenge = decodePaymentRequiredHeader(
        shop.x402.challenge(route).headers['PAYMENT-REQUIRED'] ?? '',
      );
      const bazaar = challenge.extensions?.bazaar as DiscoveryExtension;
      expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
      const schema = bazaar.schema.properties as Record<string, { properties?: Record<string, unknown> }>;
      expect(Object.keys(schema.input?.properties?.[input] as object)).not.toHaveLength(0);
      expect(schema.output?.properties?.example).toMatchObject({ properties: { success: {}, data: {} } });
      expect(bazaar.info.input).toMatchObject({ method: route.method });
      expect(challenge.extensions?.['payment-identifier']).toMatchObject({ info: { required: false } });
    }
  });

  it('verifies, settles and records; PAYMENT-RESPONSE carries the settlement; the facilitator calls are timed', async () => {
    const { pay, shop, calls, records, requirements } = await shopWith();
    const res = await pay(fakePayment(requirements));
    expect(res.status).toBe(200);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response') ?? '')).toMatchObject({
      success: true,
      network: 'eip155:8453',
    });
    expect(await res.json()).toEqual({ success: true, charged: true });
    expect(calls).toMatchObject({ verify: 1, settle: 1 });
    expect(records).toEqual([
      expect.objectContaining({ outcome: 'settled', route: '/api/forum/digests', amount: '20000' }),
    ]);
    expect(shop.x402.timings().verifyMs).toHaveLength(1);
    expect(shop.x402.timings().settleMs).toHaveLength(1);
  });

  it('takes X-PAYMENT like PAYMENT-SIGNATURE', async () => {
    const { pay, requirements } = await shopWith();
    expect((await pay(fakePayment(requirements), 'X-PAYMENT')).status).toBe(200);
  });

  it.each([
    ['another amount', { amount: '10000' }],
    ['another payee', { payTo: '0x2222222222222222222222222222222222222222' }],
    ['another network', { network: 'eip155:84532' }],
  ])(
    'refuses a payment accepting %s (payment_mismatch) without calling the facilitator',
    async (_w, change) => {
      const { pay, calls, requirements } = await shopWith();
      const res = await pay(fakePayment({ ...requirements, ...change } as never));
      expect(res.status).toBe(402);
      expect((await res.json()).error).toBe('payment_mismatch');
      expect(calls.verify).toBe(0);
    },
  );

  it.each([
    [
      'an invalid verify answer',
      { verify: async () => ({ isValid: false, invalidReason: 'invalid_exact_evm_signature' }) },
      'invalid_signature',
    ],
    [
      'a 400 VerifyError',
      {
        verify: async (): Promise<VerifyResponse> => {
          throw new VerifyError(400, {
            isValid: false,
            invalidReason: 'invalid_exact_evm_insufficient_balance',
          });
        },
      },
      'insufficient_funds',
    ],
    [
      'a failed settlement',
      {
        settle: async () => ({
          success: false,
          errorReason: 'invalid_exact_evm_nonce_already_used',
          transaction: '',
          network: 'eip155:8453' as const,
        }),
      },
      'payment_already_used',
    ],
    [
      'a 400 SettleError',
      {
        settle: async (): Promise<SettleResponse> => {
          throw new SettleError(400, {
            success: false,
            errorReason: 'invalid_exact_evm_payload_authorization_valid_before',
            transaction: '',
            network: 'eip155:8453',
          });
        },
      },
      'payment_expired',
    ],
  ])('maps %s to a 402 with a stable error and the challenge again', async (_w, behaviour, error) => {
    const { pay, requirements, records } = await shopWith(behaviour);
    const res = await pay(fakePayment(requirements));
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body).toMatchObject({
      success: false,
      error,
      x402Version: 2,
      message: expect.stringMatching(/Nothing was charged/),
    });
    expect(body.reason).toMatch(/^invalid_exact_evm_/);
    expect(decodePaymentRequiredHeader(res.headers.get('payment-required') ?? '').error).toBe(error);
    expect(records.filter((r) => r.outcome === 'settled')).toEqual([]);
  });

  it.each([
    ['cannot be reached', { verify: async () => Promise.reject(new TypeError('fetch failed')) }],
    [
      'refuses our credentials (401)',
      { verify: async () => Promise.reject(new VerifyError(401, { isValid: false })) },
    ],
    ['fails (500)', { verify: async () => Promise.reject(new VerifyError(500, { isValid: false })) }],
    ['times out', { verify: async () => Promise.reject(new FacilitatorTimeoutError('verify', 10)) }],
  ])('answers 503 with Retry-After when verify %s (nothing settled)', async (_w, behaviour) => {
    const { pay, calls, requirements } = await shopWith(behaviour);
    const res = await pay(fakePayment(requirements));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toBe('payment facilitator unavailable');
    expect(calls.settle).toBe(0);
  });

  it('answers 503, not a refusal, when the embedded facilitator refuses while its RPC is down', async () => {
    const { pay, requirements } = await shopWith(
      {
        verify: async () => ({
          isValid: false,
          invalidReason: 'invalid_exact_evm_transaction_simulation_failed',
        }),
        reachable: false,
      },
      { mode: 'embedded' },
    );
    expect((await pay(fakePayment(requirements))).status).toBe(503);
  });

  const noAnswer: Array<[string, FakeBehaviour]> = [
    ['cannot reach it', { settle: async () => Promise.reject(new TypeError('fetch failed')) }],
    ['times out', { settle: async () => Promise.reject(new FacilitatorTimeoutError('settle', 10)) }],
    [
      'sends a transaction that does not confirm',
      {
        settle: async () => ({
          success: false,
          errorReason: 'settlement_pending',
          transaction: TX,
          network: 'eip155:8453',
        }),
      },
    ],
  ];

  it.each(noAnswer)(
    'when settle %s and the chain does not show it: 503 settlement pending, recorded uncertain',
    async (_w, b) => {
      const { pay, requirements, records, checked } = await shopWith(b, { onChain: { kind: 'unsettled' } });
      const res = await pay(fakePayment(requirements));
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(res.headers.get('payment-required')).toBeNull();
      expect((await res.json()).error).toBe('settlement pending');
      expect(checked).toHaveLength(1);
      expect(records).toEqual([
        expect.objectContaining({
          outcome: 'uncertain',
          payer: expect.any(String),
          nonce: expect.any(String),
        }),
      ]);
    },
  );

  it.each(noAnswer)(
    'when settle %s but the chain shows the transfer: delivered, with its transaction',
    async (_w, b) => {
      const { pay, requirements, records } = await shopWith(b, {
        onChain: { kind: 'settled', transaction: TX },
      });
      const res = await pay(fakePayment(requirements));
      expect(res.status).toBe(200);
      expect(decodePaymentResponseHeader(res.headers.get('payment-response') ?? '')).toMatchObject({
        success: true,
        transaction: TX,
      });
      expect(records).toEqual([expect.objectContaining({ outcome: 'settled', transaction: TX })]);
    },
  );

  it('when settle gives no answer and the nonce was spent otherwise: 402 payment_already_used, recorded failed', async () => {
    const { pay, requirements, records } = await shopWith(noAnswer[1]?.[1], { onChain: { kind: 'spent' } });
    const res = await pay(fakePayment(requirements));
    expect(res.status).toBe(402);
    expect((await res.json()).error).toBe('payment_already_used');
    expect(records).toEqual([expect.objectContaining({ outcome: 'failed' })]);
  });

  it('refuses a header that is not a payment, a v1 payload and a malformed payment identifier, without the facilitator', async () => {
    const { pay, calls, requirements } = await shopWith();
    expect((await (await pay('%%%')).json()).error).toBe('invalid_payment_header');
    const v1 = Buffer.from(
      JSON.stringify({
        x402Version: 1,
        scheme: 'exact',
        network: 'base',
        payload: {},
        accepted: requirements,
      }),
    ).toString('base64');
    const old = await pay(v1);
    expect(old.status).toBe(402);
    expect((await old.json()).error).toBe('unsupported_x402_version');
    const shortId = await pay(fakePayment(requirements, { id: 'short' }));
    const body = await shortId.json();
    expect(body).toMatchObject({
      error: 'malformed_payment',
      reason: expect.stringMatching(/payment-identifier/),
    });
    expect(calls.verify).toBe(0);
  });

  it('caches the facilitator status briefly, so /health does not hammer it', async () => {
    const { shop, calls } = await shopWith();
    await Promise.all([shop.x402.status(), shop.x402.status(), shop.x402.status()]);
    await shop.x402.status();
    expect(calls.status).toBe(1);
  });
});
