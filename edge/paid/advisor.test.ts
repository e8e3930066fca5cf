import { decodePaymentResponseHeader } from '@x402/core/http';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { DEMO_PAY_TO } from '../../core/payment.ts';
import { routeById } from '../../core/routes.ts';
import { ErrorBody } from '../../core/schemas/envelope.ts';
import { createApp, type EdgeDeps } from '../app.ts';
import { isJsonContentType } from '../env.ts';
import { noFacilitator } from '../facilitator/facilitator.ts';
import type { FreeTier } from '../keys/free-tier.ts';
import { keyQuota } from '../keys/quota.ts';
import { memoryLogger } from '../logger.ts';
import { memoryStore } from '../rate-limit/memory-store.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import { distFromEntries } from '../static/dist-map.ts';
import { fakeFacilitator, fakePayment, fakeShop, memoryLedger } from '../testing/fake-facilitator.ts';
import { asClient, fakeSiteFiles, TEST_CTX } from '../testing/fixtures.ts';
import { openShop } from './shop.ts';

const NOW = Date.parse('2026-01-30T11:20:00.000Z');
const KEY = `mk_${'a'.repeat(64)}`;
const REVOKED = `mk_${'b'.repeat(64)}`;
let client = 0;

async function setup(overrides: Partial<EdgeDeps> & { freeTier?: FreeTier | null } = {}) {
  const store = memoryStore();
  const { facilitator, calls } = fakeFacilitator();
  const { freeTier: tier, ...rest } = overrides;
  const freeTier: FreeTier | undefined =
    tier === null
      ? undefined
      : (tier ?? {
          store: { verify: async (key) => (key === KEY ? { id: 'key_1' } : undefined) },
          quota: keyQuota({ state: sqliteState(':memory:'), perDay: LIMITS.advisorKey.max, now: () => NOW }),
        });
  const ledger = memoryLedger();
  const logger = rest.logger ?? memoryLogger();
  const shop = await fakeShop(TEST_CTX, { facilitator, ledger, logger, ...(freeTier ? { freeTier } : {}) });
  const pay = () => fakePayment(shop.x402.requirements(routeById('advisor')));
  let computed = 0;
  const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform);
  const app = createApp({
    ctx: TEST_CTX,
    dist: () => dist,
    contentDir: '/nonexistent',
    store,
    now: () => NOW,
    shop,
    logger,
    advise: async (request) => {
      computed++;
      if (request.prompt.includes('FAIL')) throw new Error('injected');
      return { echo: request.prompt };
    },
    ...rest,
  });
  const post = (body: unknown, headers: Record<string, string> = {}, method = 'POST') => {
    client++;
    return app.request(
      '/api/forum/advisor',
      {
        method,
        headers: { 'Content-Type': 'application/json', ...headers },
        ...(method === 'HEAD' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      },
      asClient(`10.9.${client >> 8}.${client & 255}`),
    );
  };
  return { post, pay, calls, records: ledger.records, computed: () => computed };
}

describe('advisor route', () => {
  it('accepts JSON media types only: 415 for anything else, before payment', async () => {
    const { post, pay, calls } = await setup();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await post({ prompt: 'hi' }, { 'Content-Type': type, 'PAYMENT-SIGNATURE': pay() });
      expect(res.status).toBe(415);
      ErrorBody.parse(await res.json());
    }
    expect(calls.verify).toBe(0);
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/vnd.api+json')).toBe(true);
  });

  it('validates before payment: 400 never verifies or settles', async () => {
    const { post, pay, calls } = await setup();
    expect((await post({}, { 'PAYMENT-SIGNATURE': pay() })).status).toBe(400);
    expect(calls).toMatchObject({ verify: 0, settle: 0 });
  });

  it('paid: verifies, computes, then settles; 200 with charged: true and PAYMENT-RESPONSE; recorded', async () => {
    const { post, pay, calls, records } = await setup();
    const res = await post({ prompt: 'A draft' }, { 'PAYMENT-SIGNATURE': pay() });
    expect(res.status).toBe(200);
    expect(decodePaymentResponseHeader(res.headers.get('payment-response') ?? '')).toMatchObject({
      success: true,
    });
    expect(await res.json()).toMatchObject({ success: true, charged: true, data: { echo: 'A draft' } });
    expect(calls).toMatchObject({ verify: 1, settle: 1 });
    expect(records).toEqual([
      expect.objectContaining({ outcome: 'settled', route: '/api/forum/advisor', amount: '50000' }),
    ]);
  });

  it('paid, the computation fails: 500, nothing settled, nothing charged; the same payment then buys the advice', async () => {
    const { post, pay, calls, records } = await setup();
    const payment = pay();
    const res = await post({ prompt: 'FAIL please' }, { 'X-PAYMENT': payment });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-refund-queued')).toBeNull();
    expect(ErrorBody.parse(await res.json())).toMatchObject({ error: 'analysis failed', charged: false });
    expect(calls).toMatchObject({ verify: 1, settle: 0 });
    expect(records).toEqual([]);
    const retried = await post({ prompt: 'now fine' }, { 'X-PAYMENT': payment });
    expect(retried.status).toBe(200);
    expect(calls).toMatchObject({ verify: 2, settle: 1 });
  });

  it('paid, retried with the same payment: the same answer, settled once', async () => {
    const { post, pay, calls, computed } = await setup();
    const payment = pay();
    const first = await post({ prompt: 'A draft' }, { 'PAYMENT-SIGNATURE': payment });
    const again = await post({ prompt: 'A draft' }, { 'PAYMENT-SIGNATURE': payment });
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    expect(calls).toMatchObject({ verify: 1, settle: 1 });
    expect(computed()).toBe(1);
    const other = await post({ prompt: 'Another draft' }, { 'PAYMENT-SIGNATURE': payment });
    expect(other.status).toBe(402);
    expect(ErrorBody.parse(await other.json()).error).toBe('payment_already_used');
    expect(calls.settle).toBe(1);
  });

  it('without an advisor: 503 before verifying (nothing charged, nothing counted)', async () => {
    const { post, pay, calls } = await setup({ advise: undefined });
    const res = await post({ prompt: 'x' }, { 'PAYMENT-SIGNATURE': pay() });
    expect(res.status).toBe(503);
    expect(calls).toMatchObject({ verify: 0, settle: 0 });
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).status).toBe(503);
  });

  it('free-tier key: 2 a day with RateLimit headers and charged: false, then 429 with Retry-After', async () => {
    const { post, calls } = await setup();
    const first = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, charged: false });
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    const second = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    const third = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBe(
      Math.ceil((Date.parse('2026-01-31T00:00:00Z') - NOW) / 1000),
    );
    expect(third.headers.get('ratelimit-reset')).toBe(String(Date.parse('2026-01-31T00:00:00Z') / 1000));
    expect(ErrorBody.parse(await third.json()).error).toBe('rate limited');
    expect(calls.verify).toBe(0);
  });

  it('free-tier key: a failed computation gives its quota unit back (500), so 2 answers remain, then 429', async () => {
    const { post, computed } = await setup();
    const failed = await post({ prompt: 'FAIL please' }, { 'x-api-key': KEY });
    expect(failed.status).toBe(500);
    const body = ErrorBody.parse(await failed.json());
    expect(body.error).toBe('analysis failed');
    expect(body.message).toContain("did not count against the key's daily quota");
    expect(failed.headers.get('ratelimit-remaining')).toBe('2');
    const first = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    const second = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).status).toBe(429);
    expect(computed()).toBe(3);
  });

  it('free-tier key: when the unit cannot be given back, still a 500 that does not claim it was, and logged', async () => {
    const logger = memoryLogger();
    const quota = keyQuota({ state: sqliteState(':memory:'), perDay: LIMITS.advisorKey.max, now: () => NOW });
    const { post } = await setup({
      logger,
      freeTier: {
        store: { verify: async () => ({ id: 'key_1' }) },
        quota: { take: quota.take, release: async () => Promise.reject(new Error('store down')) },
      },
    });
    const res = await post({ prompt: 'FAIL' }, { 'x-api-key': KEY });
    expect(res.status).toBe(500);
    const body = ErrorBody.parse(await res.json());
    expect(body.error).toBe('analysis failed');
    expect(body.message).not.toContain('did not count');
    expect(body.message).toContain('may still count');
    expect(res.headers.get('ratelimit-remaining')).toBe('1');
    expect(logger.lines).toContainEqual({
      level: 'error',
      message: 'quota unit of a failed free-tier call could not be given back',
    });
  });

  it('free-tier key: 401 for an unknown, revoked or malformed key, no computation', async () => {
    const { post, computed } = await setup();
    for (const key of [REVOKED, 'not-a-key', `mk_${'A'.repeat(64)}`]) {
      const res = await post({ prompt: 'x' }, { 'x-api-key': key });
      expect(res.status).toBe(401);
      expect(ErrorBody.parse(await res.json()).error).toBe('invalid api key');
    }
    expect(computed()).toBe(0);
  });

  it('key and payment together: the payment wins and the key is untouched', async () => {
    const { post, pay } = await setup();
    const both = await post({ prompt: 'x' }, { 'x-api-key': KEY, 'PAYMENT-SIGNATURE': pay() });
    expect(both.status).toBe(200);
    expect(await both.json()).toMatchObject({ charged: true });
    // The key still has its whole day.
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).headers.get('ratelimit-remaining')).toBe('1');
  });

  it('HEAD: the challenge, ignoring key and payment (no quota, no verify, no compute)', async () => {
    const { post, pay, calls, computed } = await setup();
    const head = await post(null, { 'x-api-key': KEY, 'PAYMENT-SIGNATURE': pay() }, 'HEAD');
    expect(head.status).toBe(402);
    expect(head.headers.get('payment-required')).toBeTruthy();
    expect(calls.verify).toBe(0);
    expect(computed()).toBe(0);
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).headers.get('ratelimit-remaining')).toBe('1');
  });

  it('payments off (challenge-only): a payment gets the 402, a free-tier key is still served', async () => {
    const freeTier: FreeTier = {
      store: { verify: async (key) => (key === KEY ? { id: 'key_1' } : undefined) },
      quota: keyQuota({ state: sqliteState(':memory:'), perDay: LIMITS.advisorKey.max, now: () => NOW }),
    };
    const shop = await openShop({
      ctx: TEST_CTX,
      payTo: DEMO_PAY_TO,
      facilitator: noFacilitator(DEMO_PAY_TO, true),
      freeTier,
    });
    const { post, pay } = await setup({ shop });
    expect((await post({ prompt: 'x' }, { 'PAYMENT-SIGNATURE': pay() })).status).toBe(402);
    const keyed = await post({ prompt: 'x' }, { 'x-api-key': KEY });
    expect(keyed.status).toBe(200);
    expect(await keyed.json()).toMatchObject({ success: true, charged: false });
  });

  it('a key with no payment and no key store configured is unknown (401)', async () => {
    const { post } = await setup({ freeTier: null });
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).status).toBe(401);
  });
});
