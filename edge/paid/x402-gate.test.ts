import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import {
  FacilitatorTimeoutError,
  type PaymentPayload,
  SettleError,
  type SettleResponse,
  VerifyError,
  type VerifyResponse,
} from '@x402/core/types';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { paymentRequired } from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC } from '../../core/payment.ts';
import { routeById } from '../../core/routes.ts';
import type { EdgeEnv } from '../env.ts';
import { errorHandler } from '../error-handler.ts';
import { silentLogger } from '../logger.ts';
import type { Facilitator } from './facilitator.ts';
import { requirePayment } from './gate.ts';
import type { SettlementRecord } from './settlement-log.ts';
import { createX402Gate } from './x402-gate.ts';

const CTX = { baseUrl: 'https://murmur.test', platform: 'forum' };
const PAY_TO = '0x1111111111111111111111111111111111111111' as const;
const PAYER = '0x2222222222222222222222222222222222222222' as const;
const TX = `0x${'ab'.repeat(32)}`;
const history = routeById('history');
const advisor = routeById('advisor');

type Behaviour = {
  verify?: () => Promise<VerifyResponse>;
  settle?: () => Promise<SettleResponse>;
  reachable?: boolean;
};

/** A facilitator whose answers the test chooses; counts its calls. */
function fakeFacilitator(b: Behaviour = {}, mode: 'remote' | 'embedded' = 'remote') {
  const calls = { verify: 0, settle: 0, status: 0, supported: 0 };
  const client: FacilitatorClient = {
    async verify() {
      calls.verify++;
      return b.verify ? b.verify() : { isValid: true, payer: PAYER };
    },
    async settle() {
      calls.settle++;
      return b.settle ? b.settle() : { success: true, transaction: TX, network: 'eip155:8453', payer: PAYER };
    },
    async getSupported() {
      calls.supported++;
      return {
        kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
        extensions: [],
        signers: {},
      };
    },
  };
  const facilitator: Facilitator = {
    mode,
    client,
    reachable: async () => b.reachable ?? true,
    status: async () => {
      calls.status++;
      return { mode, status: 'ok' };
    },
    close: async () => {},
  };
  return { facilitator, calls };
}

async function gateWith(b: Behaviour = {}, mode: 'remote' | 'embedded' = 'remote') {
  const { facilitator, calls } = fakeFacilitator(b, mode);
  const records: SettlementRecord[] = [];
  const gate = await createX402Gate({
    ctx: CTX,
    payTo: PAY_TO,
    facilitator,
    ledger: { where: 'memory', record: async (r) => void records.push(r), close: async () => {} },
  });
  // A tiny app around the gate: verify, then settle, as the history route does.
  const app = new Hono<EdgeEnv>();
  app.onError(errorHandler(silentLogger));
  app.get('/pay', async (c) => {
    const payment = await requirePayment(gate, c, history);
    const settled = await payment.settle();
    return c.json({ ok: true, tx: settled.transaction }, 200, { ...settled.headers });
  });
  return { gate, app, calls, records };
}

/** A payment payload that accepts exactly the gate's requirements (no real signature: the fake verifies). */
function payloadFor(accepted: PaymentPayload['accepted']): string {
  return encodePaymentSignatureHeader({
    x402Version: 2,
    accepted,
    payload: {
      signature: '0x00',
      authorization: {
        from: PAYER,
        to: PAY_TO,
        value: '20000',
        validAfter: '0',
        validBefore: '9999999999',
        nonce: `0x${'00'.repeat(32)}`,
      },
    },
  });
}

describe('the x402 gate', () => {
  it("prices from the route table with '$' money: USDC on Base, domain USD Coin/2, equal to core's terms", async () => {
    const { gate } = await gateWith();
    expect(gate.terms).toEqual({ ...BASE_MAINNET_USDC, payTo: PAY_TO });
    for (const route of [history, advisor]) {
      expect(gate.challenge(route)).toEqual(
        paymentRequired(CTX, route, { ...BASE_MAINNET_USDC, payTo: PAY_TO }),
      );
    }
    expect(gate.requirements(history).amount).toBe('20000');
    expect(gate.requirements(advisor).amount).toBe('50000');
  });

  it('builds exactly what x402ResourceServer.buildPaymentRequirements builds once initialized', async () => {
    const { gate } = await gateWith();
    await gate.server.initialize();
    const built = await gate.server.buildPaymentRequirements({
      scheme: 'exact',
      network: 'eip155:8453',
      payTo: PAY_TO,
      price: '$0.02',
      maxTimeoutSeconds: BASE_MAINNET_USDC.maxTimeoutSeconds,
    });
    expect(built).toEqual([gate.requirements(history)]);
  });

  it('answers the challenge to a request with no payment, without calling the facilitator', async () => {
    const { app, calls } = await gateWith();
    const res = await app.request('/pay');
    expect(res.status).toBe(402);
    expect(calls).toMatchObject({ verify: 0, settle: 0 });
  });

  it('verifies, settles and records; PAYMENT-RESPONSE carries the settlement', async () => {
    const { app, gate, calls, records } = await gateWith();
    const res = await app.request('/pay', {
      headers: { 'PAYMENT-SIGNATURE': payloadFor(gate.requirements(history)) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-response')).toBeTruthy();
    expect(calls).toMatchObject({ verify: 1, settle: 1 });
    expect(records).toEqual([
      expect.objectContaining({
        outcome: 'settled',
        route: '/api/forum/digests',
        amount: '20000',
        transaction: TX,
      }),
    ]);
    expect(gate.timings().verifyMs).toHaveLength(1);
    expect(gate.timings().settleMs).toHaveLength(1);
  });

  it('takes X-PAYMENT like PAYMENT-SIGNATURE', async () => {
    const { app, gate } = await gateWith();
    const res = await app.request('/pay', {
      headers: { 'X-PAYMENT': payloadFor(gate.requirements(history)) },
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['another amount', { amount: '10000' }],
    ['another payee', { payTo: PAYER }],
    ['another network', { network: 'eip155:84532' }],
  ])(
    'refuses a payment accepting %s (payment_mismatch) without calling the facilitator',
    async (_w, change) => {
      const { app, gate, calls } = await gateWith();
      const res = await app.request('/pay', {
        headers: { 'PAYMENT-SIGNATURE': payloadFor({ ...gate.requirements(history), ...change } as never) },
      });
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
        verify: async () => {
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
        settle: async () => {
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
    const { app, gate } = await gateWith(behaviour);
    const res = await app.request('/pay', {
      headers: { 'PAYMENT-SIGNATURE': payloadFor(gate.requirements(history)) },
    });
    expect(res.status).toBe(402);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, error, x402Version: 2 });
    const header = JSON.parse(
      Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'),
    );
    expect(header.error).toBe(error);
  });

  it.each([
    ['verify cannot reach it', { verify: async () => Promise.reject(new TypeError('fetch failed')) }],
    [
      'verify is refused auth (401)',
      { verify: async () => Promise.reject(new VerifyError(401, { isValid: false })) },
    ],
    ['settle cannot reach it', { settle: async () => Promise.reject(new TypeError('fetch failed')) }],
    ['settle times out', { settle: async () => Promise.reject(new FacilitatorTimeoutError('settle', 10)) }],
  ])('answers 503 with Retry-After when %s (nothing charged)', async (_w, behaviour) => {
    const { app, gate, records } = await gateWith(behaviour);
    const res = await app.request('/pay', {
      headers: { 'PAYMENT-SIGNATURE': payloadFor(gate.requirements(history)) },
    });
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).error).toBe('payment facilitator unavailable');
    expect(records.filter((r) => r.outcome === 'settled')).toEqual([]);
  });

  it('records a settle timeout as failed and indeterminate (the transaction may still land)', async () => {
    const { app, gate, records } = await gateWith({
      settle: async () => Promise.reject(new FacilitatorTimeoutError('settle', 10)),
    });
    await app.request('/pay', { headers: { 'PAYMENT-SIGNATURE': payloadFor(gate.requirements(history)) } });
    expect(records).toEqual([
      expect.objectContaining({ outcome: 'failed', indeterminate: true, payer: PAYER }),
    ]);
  });

  it('answers 503, not a refusal, when the embedded facilitator fails while its RPC is down', async () => {
    const { app, gate } = await gateWith(
      {
        verify: async () => ({
          isValid: false,
          invalidReason: 'invalid_exact_evm_transaction_simulation_failed',
        }),
        reachable: false,
      },
      'embedded',
    );
    const res = await app.request('/pay', {
      headers: { 'PAYMENT-SIGNATURE': payloadFor(gate.requirements(history)) },
    });
    expect(res.status).toBe(503);
  });

  it('refuses a header that is not a payment, and a v1 payload', async () => {
    const { app, gate } = await gateWith();
    const garbage = await app.request('/pay', { headers: { 'PAYMENT-SIGNATURE': '%%%' } });
    expect((await garbage.json()).error).toBe('invalid_payment_header');
    const v1 = Buffer.from(
      JSON.stringify({
        x402Version: 1,
        scheme: 'exact',
        network: 'base',
        payload: {},
        accepted: gate.requirements(history),
      }),
    ).toString('base64');
    const old = await app.request('/pay', { headers: { 'PAYMENT-SIGNATURE': v1 } });
    expect(old.status).toBe(402);
    expect((await old.json()).error).toBe('unsupported_x402_version');
  });

  it('caches the facilitator status briefly, so /health does not hammer it', async () => {
    const { gate, calls } = await gateWith();
    await Promise.all([gate.status(), gate.status(), gate.status()]);
    await gate.status();
    expect(calls.status).toBe(1);
  });
});
