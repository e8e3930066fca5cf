import { randomBytes, randomUUID } from 'node:crypto';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, HistoryResponse } from '../../core/schemas/envelope.ts';
import { type AdvisorRuntime, startAdvisorRuntime } from '../../edge/advisor-runtime.ts';
import { jsonLogger, type Logger } from '../../edge/logger.ts';
import type { AdviseFn } from '../../edge/paid/advisor.ts';
import { readSettlements } from '../../edge/paid/settlement-log.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../edge/testing/redis.ts';
import type { DevAccount, DevChain } from '../../tools/dev-chain/index.ts';
import { main as keysCli } from '../../tools/keys.ts';
import {
  balancesOn,
  capturingLogger,
  challengeOf,
  type EdgeFixture,
  edgeFixture,
  embeddedEnv,
  facilitatorHooks,
  hangUpDuringSettle,
  healthOf,
  payingFetch,
  shortLivedHeader,
  startFacilitatorServer,
  until,
} from './support.ts';

// The paid routes end to end on the dev chain, beyond the embedded facilitator of payments.test.ts: a
// remote facilitator over HTTP with a bearer token (right, then wrong), the facilitator going away and
// coming back, free-tier keys shared by two edges on one Redis, and a refund queued by one edge and paid
// by the next one started on the same STATE_DIR. Every scenario checks USDC balances on the chain.

const HISTORY = '/api/forum/digests';
const ADVISOR = '/api/forum/advisor';

let world: EdgeFixture;
let chain: DevChain;
let advisor: AdvisorRuntime;

const payer = (i: number) => chain.payers[i] as DevAccount;
const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
/** The real advisor. */
const advise: AdviseFn = (request) => advisor.advise(request);

/** An edge of the fixture, computing advice with `advise`. */
const edgeWith = (env: Record<string, string>, opts: { logger?: Logger; state?: string } = {}) =>
  world.edgeWith(env, { ...opts, advise });
const closeEdge = (edge: EdgeHandle) => world.closeEdge(edge);

const balances = (...accounts: `0x${string}`[]) => balancesOn(chain, ...accounts);

/** A 402 that is well formed: PAYMENT-REQUIRED decodes to the x402 v2 challenge, the body mirrors it. */
async function expectChallenge(res: Response, payTo: string): Promise<void> {
  expect(res.status).toBe(402);
  const challenge = challengeOf(res);
  expect(challenge.x402Version).toBe(2);
  expect(challenge.accepts).toHaveLength(1);
  expect(challenge.accepts[0]).toMatchObject({ scheme: 'exact', network: 'eip155:8453', payTo });
  const body = ErrorBody.parse(await res.json());
  expect(body).toMatchObject({
    success: false,
    error: challenge.error,
    x402Version: 2,
    accepts: challenge.accepts,
    resource: challenge.resource,
  });
}

/** A 503 of a facilitator that cannot be used: Retry-After, nothing charged. */
async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.headers.get('payment-response')).toBeNull();
  const body = ErrorBody.parse(await res.json());
  expect(body.error).toBe('payment facilitator unavailable');
  expect((body as { charged?: unknown }).charged).not.toBe(true);
}

beforeAll(async () => {
  world = await edgeFixture(3, { sameSecondBlocks: true });
  chain = world.chain;
  advisor = await startAdvisorRuntime({
    contentDir: world.dirs.content,
    rewriter: null,
    logger: jsonLogger(() => {}),
  });
});

afterAll(async () => {
  advisor?.close();
  await world?.close();
});

describe('a remote facilitator over HTTP with a bearer token (FACILITATOR_URL + FACILITATOR_HEADERS)', () => {
  const token = `secret-${randomUUID()}`;
  let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
  const remoteEnv = (bearer: string) => ({
    PAY_TO: chain.payTo.address,
    FACILITATOR_URL: facilitator.url,
    FACILITATOR_HEADERS: JSON.stringify({ Authorization: `Bearer ${bearer}` }),
  });

  beforeAll(async () => {
    facilitator = await startFacilitatorServer(chain, token);
  });
  afterAll(async () => {
    await facilitator?.close();
  });

  it('settles a paid history request through it with the token (payer −20000, payee +20000), and never logs the token', async () => {
    const logs = capturingLogger();
    const edge = await edgeWith(remoteEnv(token), { logger: logs.logger });
    expect(edge.payments.shop.x402.mode).toBe('remote');
    const p = payer(0);
    const before = await balances(p.address, chain.payTo.address);
    const calls = { ...facilitator.calls };

    const res = await payingFetch(p)(`${edge.baseUrl}${HISTORY}?hours=2&limit=2`);
    expect(res.status).toBe(200);
    const body = HistoryResponse.parse(await res.json());
    expect(body).toMatchObject({ success: true, charged: true, count: 2 });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, payer: p.address, network: 'eip155:8453' });
    expect(await balances(p.address, chain.payTo.address)).toEqual([
      (before[0] as bigint) - 20_000n,
      (before[1] as bigint) + 20_000n,
    ]);
    // The server counts only calls that carried `Authorization: Bearer <token>`.
    expect(facilitator.calls).toMatchObject({
      verify: calls.verify + 1,
      settle: calls.settle + 1,
      unauthorized: calls.unauthorized,
    });

    const report = await healthOf(edge);
    expect(report.checks.facilitator).toMatchObject({ mode: 'remote', status: 'ok' });
    expect(facilitator.calls.supported).toBeGreaterThan(calls.supported);
    expect(JSON.stringify(report)).not.toContain(token);

    await closeEdge(edge);
    expect(logs.text()).toContain('payments ON');
    expect(logs.text()).not.toContain(token);
  });

  it('with a wrong token: paid requests get 503 with Retry-After and nothing moves; unpaid ones still get a well-formed 402', async () => {
    const wrong = `wrong-${randomUUID()}`;
    const logs = capturingLogger();
    const edge = await edgeWith(remoteEnv(wrong), { logger: logs.logger });
    const p = payer(0);
    const before = await balances(p.address, chain.payTo.address);
    const calls = { ...facilitator.calls };

    await expectChallenge(await fetch(`${edge.baseUrl}${HISTORY}`), chain.payTo.address);
    await expectChallenge(
      await fetch(`${edge.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' })),
      chain.payTo.address,
    );
    await expectUnavailable(await payingFetch(p)(`${edge.baseUrl}${HISTORY}`));
    await expectUnavailable(await payingFetch(p)(`${edge.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' })));

    expect(await balances(p.address, chain.payTo.address)).toEqual(before);
    // The edge did ask the facilitator (and was refused), and nothing got through to verify or settle.
    expect(facilitator.calls.unauthorized).toBeGreaterThanOrEqual(calls.unauthorized + 2);
    expect(facilitator.calls).toMatchObject({ verify: calls.verify, settle: calls.settle });

    const report = await healthOf(edge);
    // Reachable but refusing us: a credentials problem, said as such.
    expect(report.checks.facilitator).toMatchObject({ mode: 'remote', status: 'degraded' });
    expect(report.checks.facilitator.problem).toMatch(/refuses the configured credentials \(HTTP 401\)/);
    expect(report.reasons.some((r) => r.startsWith('payment facilitator degraded'))).toBe(true);
    expect(JSON.stringify(report)).not.toContain(wrong);

    await closeEdge(edge);
    expect(logs.text()).toContain('facilitator verify failed: answered 503');
    expect(logs.text()).not.toContain(wrong);
  });
});

describe('a remote facilitator that goes away and comes back', () => {
  const token = `secret-${randomUUID()}`;
  let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
  let edge: EdgeHandle;

  beforeAll(async () => {
    facilitator = await startFacilitatorServer(chain, token);
    edge = await edgeWith({
      PAY_TO: chain.payTo.address,
      FACILITATOR_URL: facilitator.url,
      FACILITATOR_HEADERS: JSON.stringify({ Authorization: `Bearer ${token}` }),
      FACILITATOR_TIMEOUT_MS: '5000',
    });
    await facilitator.close();
  });
  afterAll(async () => {
    await facilitator?.close();
  });

  it('while it is gone: unpaid GET and POST get a well-formed 402, paid ones 503 with Retry-After, nothing moves, /health says unreachable', async () => {
    const p = payer(1);
    const before = await balances(p.address, chain.payTo.address);

    await expectChallenge(await fetch(`${edge.baseUrl}${HISTORY}?hours=1`), chain.payTo.address);
    await expectChallenge(
      await fetch(`${edge.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' })),
      chain.payTo.address,
    );
    await expectUnavailable(await payingFetch(p)(`${edge.baseUrl}${HISTORY}?hours=1`));
    await expectUnavailable(await payingFetch(p)(`${edge.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' })));
    expect(await balances(p.address, chain.payTo.address)).toEqual(before);

    const report = await healthOf(edge);
    expect(report.checks.facilitator).toMatchObject({ mode: 'remote', status: 'unreachable' });
    expect(report.reasons.some((r) => r.startsWith('payment facilitator unreachable'))).toBe(true);
  });

  it('once a facilitator listens at the same address again, the same edge takes payments again', async () => {
    facilitator = await startFacilitatorServer(chain, token, { port: facilitator.port });
    const p = payer(1);
    const before = await balances(p.address, chain.payTo.address);
    const res = await payingFetch(p)(
      `${edge.baseUrl}${ADVISOR}`,
      post({ prompt: 'How do agents share memory?' }),
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { charged: unknown }).charged).toBe(true);
    expect(await balances(p.address, chain.payTo.address)).toEqual([
      (before[0] as bigint) - 50_000n,
      (before[1] as bigint) + 50_000n,
    ]);
    expect(facilitator.calls).toMatchObject({ verify: 1, settle: 1 });
  });
});

describe('free-tier keys on two edges sharing one Redis', () => {
  const prefix = uniquePrefix();
  const redisEnv = { RATE_LIMIT_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefix };
  let a: EdgeHandle;
  let b: EdgeHandle;
  let key: string;

  /** `npm run keys -- <args>` against the edges' Redis. */
  async function keys(...args: string[]): Promise<{ code: number; out: string }> {
    let out = '';
    const code = await keysCli(args, redisEnv, { out: (t) => (out += t), err: () => {} });
    return { code, out };
  }

  beforeAll(async () => {
    const env = { ...embeddedEnv(chain, false), ...redisEnv };
    a = await edgeWith(env);
    b = await edgeWith(env);
    const issued = await keys('issue', '--label', 'remote-facilitator.test');
    expect(issued.code).toBe(0);
    key = /key {2}(mk_[0-9a-f]{64})/.exec(issued.out)?.[1] ?? '';
    expect(key).not.toBe('');
  });
  afterAll(async () => {
    if (a) await closeEdge(a);
    if (b) await closeEdge(b);
    await deleteKeys(prefix);
  });

  it('keeps the key store in Redis under RATE_LIMIT_PREFIX, where both edges see the issued key', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      expect(await redis.hlen(`${prefix}apikeys`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  it('answers 2 advisor requests per UTC day across both edges (charged: false), then 429 with Retry-After; HEAD never uses quota; no USDC moves', async () => {
    const watched = [chain.payTo.address, chain.facilitator.address, chain.refund.address] as const;
    const before = await balances(...watched);
    const head = (edge: EdgeHandle) =>
      fetch(`${edge.baseUrl}${ADVISOR}`, { method: 'HEAD', headers: { 'x-api-key': key } });
    const ask = (edge: EdgeHandle) =>
      fetch(
        `${edge.baseUrl}${ADVISOR}`,
        post({ prompt: 'How do agents share memory?' }, { 'x-api-key': key }),
      );

    for (const edge of [a, b, a, b]) {
      const res = await head(edge);
      expect(res.status).toBe(402);
      expect(res.headers.get('payment-required')).toBeTruthy();
    }
    const first = await ask(a);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(((await first.json()) as { charged: unknown }).charged).toBe(false);
    expect((await head(b)).status).toBe(402);
    const second = await ask(b);
    expect(second.status).toBe(200);
    expect(second.headers.get('ratelimit-remaining')).toBe('0');
    expect(((await second.json()) as { charged: unknown }).charged).toBe(false);

    for (const edge of [a, b]) {
      const third = await ask(edge);
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(ErrorBody.parse(await third.json()).error).toBe('rate limited');
    }
    expect((await head(a)).status).toBe(402);
    expect(await balances(...watched)).toEqual(before);
  });

  it('answers 401 to an unknown key, and to the issued key once revoked, on both edges', async () => {
    const unknown = `mk_${randomBytes(32).toString('hex')}`;
    expect((await keys('revoke', key)).code).toBe(0);
    for (const edge of [a, b]) {
      for (const k of [unknown, key]) {
        const res = await fetch(`${edge.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' }, { 'x-api-key': k }));
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toMatch(/x-api-key/);
        expect(ErrorBody.parse(await res.json()).error).toBe('invalid api key');
      }
    }
  });
});

describe('an edge restart between "refund queued" and "refund sent"', () => {
  it('loses nothing: the next edge on the same STATE_DIR pays the payer back exactly once', async () => {
    const state = await world.stateDir();
    const p = payer(2);
    const watched = [p.address, chain.payTo.address, chain.refund.address] as const;
    const before = await balances(...watched);

    // Edge A: no refund wallet, so no worker: the refund can only be queued. Its client hangs up while
    // the payment settles (its facilitator, over HTTP, lets the test act in between) and never retries.
    const hooks = facilitatorHooks();
    const remote = await startFacilitatorServer(chain, hooks.authorize);
    const a = await edgeWith({ PAY_TO: chain.payTo.address, FACILITATOR_URL: remote.url }, { state });
    expect(a.payments.refundWorker).toBeUndefined();
    const challenge = challengeOf(await fetch(`${a.baseUrl}${ADVISOR}`, post({ prompt: 'a draft' })));
    const header = await shortLivedHeader(p.privateKey, challenge, 12);
    const paid = post({ prompt: 'a draft' }, { 'PAYMENT-SIGNATURE': header }) as {
      method: string;
      headers: Record<string, string>;
      body: string;
    };
    await hangUpDuringSettle(a, hooks, ADVISOR, paid);
    expect(await until(async () => (await a.payments.refunds.pending()).length === 1)).toBe(true);
    const [held] = await a.payments.refunds.pending();
    const settled = [(before[0] as bigint) - 50_000n, (before[1] as bigint) + 50_000n, before[2]];
    expect(await balances(...watched)).toEqual(settled);
    // Once the payment has expired, a retry learns of the refund: the contract's 502.
    expect(await until(() => Date.now() > Date.parse(held?.holdUntil ?? ''))).toBe(true);
    const res = await fetch(`${a.baseUrl}${ADVISOR}`, paid);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-refund-queued')).toBe('1');
    const body = ErrorBody.parse(await res.json()) as {
      refund?: string;
      refundId?: string;
      charged?: boolean;
    };
    expect(body).toMatchObject({ success: false, refund: 'queued', charged: false, refundId: held?.id });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect((await healthOf(a)).checks.refunds).toMatchObject({ worker: 'not configured', pending: 1 });
    await closeEdge(a);
    await remote.close();
    expect(await balances(...watched)).toEqual(settled);

    // Edge B on the same state, with the refund wallet: its worker finds the order and pays it.
    const b = await edgeWith(embeddedEnv(chain, true), { state });
    const worker = b.payments.refundWorker;
    if (!worker) throw new Error('edge B has no refund worker');
    await worker.drain();
    const refunded = [before[0], (before[1] as bigint) + 50_000n, (before[2] as bigint) - 50_000n];
    expect(await balances(...watched)).toEqual(refunded);
    const order = await b.payments.refunds.get(body.refundId ?? '');
    expect(order).toMatchObject({ state: 'confirmed', to: p.address, amount: '50000' });
    expect(order?.settlementTx).toBe(receipt.transaction);
    expect(await b.payments.refunds.pending()).toEqual([]);
    await worker.drain();
    expect(await balances(...watched)).toEqual(refunded);

    const records = await readSettlements(state);
    expect(records.filter((r) => r.transaction === receipt.transaction).map((r) => r.outcome)).toEqual([
      'settled',
      'refund-queued',
    ]);
  }, 60_000);
});
