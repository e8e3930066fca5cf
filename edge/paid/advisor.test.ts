import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { ErrorBody } from '../../core/schemas/envelope.ts';
import { createApp, type EdgeDeps } from '../app.ts';
import { memoryLogger } from '../logger.ts';
import { memoryStore } from '../rate-limit/memory-store.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import { distFromEntries } from '../static/dist-map.ts';
import { fakeGate } from '../testing/fake-gate.ts';
import { asClient, fakeSiteFiles, TEST_CTX } from '../testing/fixtures.ts';
import type { FreeTier, RefundSink } from './advisor.ts';
import { isJsonContentType } from './advisor-steps.ts';
import { keyQuota } from './keys/quota.ts';
import type { SettlementRecord } from './settlement-log.ts';

const NOW = Date.parse('2026-01-30T11:20:00.000Z');
const KEY = `mk_${'a'.repeat(64)}`;
const REVOKED = `mk_${'b'.repeat(64)}`;
let client = 0;

function setup(overrides: Partial<EdgeDeps> = {}) {
  const store = memoryStore();
  const gate = fakeGate(TEST_CTX);
  const freeTier: FreeTier = {
    store: { verify: async (key) => (key === KEY ? { id: 'key_1' } : undefined) },
    quota: keyQuota({ state: sqliteState(':memory:'), perDay: LIMITS.advisorKey.max, now: () => NOW }),
  };
  const filed: Parameters<RefundSink['enqueue']>[0][] = [];
  const refunds: RefundSink = {
    enqueue: async (order) => {
      filed.push(order);
      return { id: 'rf_1' };
    },
  };
  const records: SettlementRecord[] = [];
  let computed = 0;
  const dist = distFromEntries(fakeSiteFiles(), TEST_CTX.platform);
  const app = createApp({
    ctx: TEST_CTX,
    dist: () => dist,
    contentDir: '/nonexistent',
    store,
    now: () => NOW,
    gate,
    freeTier,
    refunds,
    ledger: { where: 'memory', record: async (r) => void records.push(r), close: async () => {} },
    advise: async (request) => {
      computed++;
      if (request.prompt.includes('FAIL')) throw new Error('injected');
      return { echo: request.prompt };
    },
    ...overrides,
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
  return { post, gate, filed, records, computed: () => computed };
}

describe('advisor route', () => {
  it('accepts JSON media types only: 415 for anything else, before payment', async () => {
    const { post, gate } = setup();
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const res = await post({ prompt: 'hi' }, { 'Content-Type': type, 'PAYMENT-SIGNATURE': 'p' });
      expect(res.status).toBe(415);
      ErrorBody.parse(await res.json());
    }
    expect(gate.log.verified).toBe(0);
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/vnd.api+json')).toBe(true);
  });

  it('validates before payment: 400 never verifies or settles', async () => {
    const { post, gate } = setup();
    expect((await post({}, { 'PAYMENT-SIGNATURE': 'p' })).status).toBe(400);
    expect(gate.log).toEqual({ verified: 0, settled: 0 });
  });

  it('paid: settles first, then computes; 200 with charged: true and PAYMENT-RESPONSE', async () => {
    const { post, gate } = setup();
    const res = await post({ prompt: 'A draft' }, { 'PAYMENT-SIGNATURE': 'p' });
    expect(res.status).toBe(200);
    expect(res.headers.get('payment-response')).toBe('settled');
    expect(await res.json()).toMatchObject({ success: true, charged: true, data: { echo: 'A draft' } });
    expect(gate.log).toEqual({ verified: 1, settled: 1 });
  });

  it('paid, compute fails after settlement: refund filed and recorded before the 502 {"refund":"queued"}', async () => {
    const { post, filed, records } = setup();
    const res = await post({ prompt: 'FAIL please' }, { 'X-PAYMENT': 'p' });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-refund-queued')).toBe('1');
    expect(ErrorBody.parse(await res.json())).toMatchObject({ refund: 'queued', charged: false });
    expect(filed).toEqual([
      expect.objectContaining({
        to: '0x2222222222222222222222222222222222222222',
        amount: '50000',
        route: '/api/forum/advisor',
        network: 'eip155:8453',
      }),
    ]);
    expect(records).toEqual([expect.objectContaining({ outcome: 'refund-queued', refundId: 'rf_1' })]);
  });

  it('says so honestly when the refund cannot even be filed (502, refund: "not queued")', async () => {
    const { post } = setup({
      refunds: { enqueue: async () => Promise.reject(new Error('disk full')) },
    });
    const res = await post({ prompt: 'FAIL' }, { 'PAYMENT-SIGNATURE': 'p' });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-refund-queued')).toBeNull();
    expect(await res.json()).toMatchObject({ refund: 'not queued', charged: false });
  });

  it('without an advisor: 503 after verify, before settling (nothing charged)', async () => {
    const { post, gate } = setup({ advise: undefined });
    const res = await post({ prompt: 'x' }, { 'PAYMENT-SIGNATURE': 'p' });
    expect(res.status).toBe(503);
    expect(gate.log.settled).toBe(0);
  });

  it('free-tier key: 2 a day with RateLimit headers and charged: false, then 429 with Retry-After', async () => {
    const { post, gate } = setup();
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
    expect(gate.log.verified).toBe(0);
  });

  it('free-tier key: a failed computation gives its quota unit back (500), so 2 answers remain, then 429', async () => {
    const { post, computed } = setup();
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
    const { post } = setup({
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
    const { post, computed } = setup();
    for (const key of [REVOKED, 'not-a-key', `mk_${'A'.repeat(64)}`]) {
      const res = await post({ prompt: 'x' }, { 'x-api-key': key });
      expect(res.status).toBe(401);
      expect(ErrorBody.parse(await res.json()).error).toBe('invalid api key');
    }
    expect(computed()).toBe(0);
  });

  it('key and payment together: the payment wins and the key is untouched', async () => {
    const { post } = setup();
    const both = await post({ prompt: 'x' }, { 'x-api-key': KEY, 'PAYMENT-SIGNATURE': 'p' });
    expect(both.status).toBe(200);
    expect(await both.json()).toMatchObject({ charged: true });
    // The key still has its whole day.
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).headers.get('ratelimit-remaining')).toBe('1');
  });

  it('HEAD: the challenge, ignoring key and payment (no quota, no verify, no compute)', async () => {
    const { post, gate, computed } = setup();
    const head = await post(null, { 'x-api-key': KEY, 'PAYMENT-SIGNATURE': 'p' }, 'HEAD');
    expect(head.status).toBe(402);
    expect(head.headers.get('payment-required')).toBeTruthy();
    expect(gate.log.verified).toBe(0);
    expect(computed()).toBe(0);
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).headers.get('ratelimit-remaining')).toBe('1');
  });

  it('a key with no payment and no key store configured is unknown (401)', async () => {
    const { post } = setup({ freeTier: undefined });
    expect((await post({ prompt: 'x' }, { 'x-api-key': KEY })).status).toBe(401);
  });
});
