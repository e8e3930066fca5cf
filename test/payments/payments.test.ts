import { mkdir } from 'node:fs/promises';
import { decodePaymentResponseHeader } from '@x402/core/http';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRequirements, resourceInfo } from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC } from '../../core/payment.ts';
import { routeById } from '../../core/routes.ts';
import { AdvisorResponse } from '../../core/schemas/advisor-response.ts';
import { ErrorBody, HistoryResponse } from '../../core/schemas/envelope.ts';
import { type AdvisorRuntime, startAdvisorRuntime } from '../../edge/advisor-runtime.ts';
import { memoryLogger } from '../../edge/logger.ts';
import { readSettlements } from '../../edge/paid/settlement-log.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import { type DevAccount, type DevChain, startDevChain } from '../../tools/dev-chain/index.ts';
import {
  challengeOf,
  edgeConfig,
  embeddedEnv,
  payingFetch,
  recentContent,
  signedHeader,
  startTestEdge,
  tempDir,
} from './support.ts';

// The paid routes end to end on a real chain: the dev chain (Hardhat 3 EDR, chain id 8453, test USDC
// at Base's USDC address), the real edge over loopback HTTP with the embedded facilitator, and
// @x402/fetch with viem accounts as clients.

let chain: DevChain;
let edge: EdgeHandle;
let advisor: AdvisorRuntime;
let stateDir: string;
const cleanups: Array<() => Promise<void>> = [];
const logger = memoryLogger();

const HISTORY = '/api/forum/digests';
const ADVISOR = '/api/forum/advisor';
const FAIL = 'FAIL AFTER SETTLEMENT';
const url = (path: string) => `${edge.baseUrl}${path}`;
const payer = (i: number) => chain.payers[i] as DevAccount;
const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

beforeAll(async () => {
  chain = await startDevChain({ payers: 6 });
  const content = await tempDir('content');
  const state = await tempDir('state');
  const dist = await tempDir('dist');
  cleanups.push(content.cleanup, state.cleanup, dist.cleanup);
  await recentContent(content.dir);
  await mkdir(dist.dir, { recursive: true });
  stateDir = state.dir;
  advisor = await startAdvisorRuntime({ contentDir: content.dir, rewriter: null, logger });
  // The real advisor, except for drafts that ask it to fail (to exercise the refund).
  const advise = async (request: Parameters<AdvisorRuntime['advise']>[0]) => {
    if (request.prompt.includes(FAIL)) throw new Error('injected advisor failure');
    return advisor.advise(request);
  };
  const cfg = edgeConfig({ content: content.dir, state: state.dir, dist: dist.dir }, embeddedEnv(chain));
  edge = await startTestEdge(cfg, logger, advise);
});

afterAll(async () => {
  await edge?.close(1_000);
  advisor?.close();
  await chain?.close();
  for (const c of cleanups) await c();
});

/** Balances of the payers and the payee, to check that nothing (or exactly what) moved. */
async function balances(...accounts: `0x${string}`[]): Promise<bigint[]> {
  return Promise.all(accounts.map((a) => chain.balanceOf(a)));
}

describe('challenge', () => {
  it('advertises the route table price in USDC on Base (eip155:8453) to PAY_TO, at the public base URL', async () => {
    const res = await fetch(url(`${HISTORY}?hours=2&limit=2`));
    expect(res.status).toBe(402);
    const challenge = challengeOf(res);
    const route = routeById('history');
    const terms = { ...BASE_MAINNET_USDC, payTo: chain.payTo.address };
    // What the documents publish (core/envelopes/payment-required.ts) is what x402's server asks for.
    const expected = {
      x402Version: 2,
      error: 'Payment required',
      resource: resourceInfo({ baseUrl: edge.baseUrl, platform: 'forum' }, route),
      accepts: [paymentRequirements(route, terms)],
    };
    expect(challenge).toMatchObject(expected);
    expect(Object.keys(challenge.extensions ?? {}).sort()).toEqual(['bazaar', 'payment-identifier']);
    const body = ErrorBody.parse(await res.json());
    expect(body).toMatchObject({ success: false, ...expected });
    expect(challenge.resource.url).toBe(`${edge.baseUrl}${HISTORY}`);
  });
});

describe('paid routes on the dev chain', () => {
  it('history: 200 with charged, PAYMENT-RESPONSE and rate-limit headers; payer −20000, payee +20000; recorded', async () => {
    const p = payer(0);
    const before = await balances(p.address, chain.payTo.address);
    const started = performance.now();
    const res = await payingFetch(p)(url(`${HISTORY}?hours=3&limit=2`));
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    const body = HistoryResponse.parse(await res.json());
    expect(body).toMatchObject({ success: true, charged: true, hours: 3, limit: 2, count: 2 });
    expect(res.headers.get('ratelimit-limit')).toBeTruthy();
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, payer: p.address, network: 'eip155:8453' });
    expect(await balances(p.address, chain.payTo.address)).toEqual([
      (before[0] as bigint) - 20_000n,
      (before[1] as bigint) + 20_000n,
    ]);
    const records = await readSettlements(stateDir);
    expect(records.at(-1)).toMatchObject({
      outcome: 'settled',
      route: HISTORY,
      amount: '20000',
      network: 'eip155:8453',
      payer: p.address,
      transaction: receipt.transaction,
    });
    console.info(`paid history round trip (402 → sign → 200, @x402/fetch): ${ms.toFixed(0)} ms`);
  });

  it('advisor: 200 with the real advice and charged: true; payer −50000, payee +50000', async () => {
    const p = payer(0);
    const before = await balances(p.address, chain.payTo.address);
    const res = await payingFetch(p)(url(ADVISOR), post({ prompt: 'How do agents share memory?\nA list.' }));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; charged: boolean; data: unknown };
    expect(body.success).toBe(true);
    expect(body.charged).toBe(true);
    AdvisorResponse.parse(body.data);
    expect(res.headers.get('payment-response')).toBeTruthy();
    expect(await balances(p.address, chain.payTo.address)).toEqual([
      (before[0] as bigint) - 50_000n,
      (before[1] as bigint) + 50_000n,
    ]);
  });

  it('accepts the legacy X-PAYMENT header; its replay gets the same answer, and for another request is refused; it is charged once', async () => {
    const p = payer(1);
    const challenge = challengeOf(await fetch(url(HISTORY)));
    const header = await signedHeader(p.privateKey, challenge);
    const before = await balances(p.address, chain.payTo.address);
    const first = await fetch(url(HISTORY), { headers: { 'X-PAYMENT': header } });
    expect(first.status).toBe(200);
    const answer = await first.text();
    const after = await balances(p.address, chain.payTo.address);
    expect(after).toEqual([(before[0] as bigint) - 20_000n, (before[1] as bigint) + 20_000n]);
    const replay = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(answer);
    expect(replay.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    const other = await fetch(url(`${HISTORY}?hours=1`), { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(other.status).toBe(402);
    expect((await other.json()).error).toBe('payment_already_used');
    expect(challengeOf(other).error).toBe('payment_already_used');
    expect(await balances(p.address, chain.payTo.address)).toEqual(after);
  });

  it.each([
    ['underpaid', 'wrong_amount', (r: Req) => ({ ...r, amount: '10000' })],
    [
      'made out to another payee',
      'wrong_payee',
      (r: Req) => ({ ...r, payTo: chain.payers[5]?.address ?? '' }),
    ],
    ['expired', 'payment_expired', (r: Req) => ({ ...r, maxTimeoutSeconds: 1 })],
  ])('refuses a payment %s (402 %s) and moves nothing', async (_what, error, tamper) => {
    const p = payer(2);
    const challenge = challengeOf(await fetch(url(HISTORY)));
    const header = await signedHeader(p.privateKey, challenge, tamper);
    const before = await balances(p.address, chain.payTo.address);
    const res = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(res.status).toBe(402);
    const body = ErrorBody.parse(await res.json());
    expect(body.error).toBe(error);
    expect(body.message).toMatch(/Nothing was charged/);
    expect(challengeOf(res).accepts[0]?.payTo).toBe(chain.payTo.address);
    expect(await balances(p.address, chain.payTo.address)).toEqual(before);
  });

  it('refuses a badly signed payment and an unfunded payer, and moves nothing', async () => {
    const p = payer(2);
    const challenge = challengeOf(await fetch(url(HISTORY)));
    const badlySigned = await signedHeader(p.privateKey, challenge, undefined, (payload) => {
      const inner = payload.payload as { signature: string };
      const flipped =
        inner.signature.slice(0, 10) + (inner.signature[10] === 'a' ? 'b' : 'a') + inner.signature.slice(11);
      return { ...payload, payload: { ...payload.payload, signature: flipped } };
    });
    const unfunded = await signedHeader(generatePrivateKey(), challenge);
    const before = await balances(p.address, chain.payTo.address);
    const bad = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': badlySigned } });
    expect(bad.status).toBe(402);
    expect((await bad.json()).error).toBe('invalid_signature');
    const broke = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': unfunded } });
    expect(broke.status).toBe(402);
    expect((await broke.json()).error).toBe('insufficient_funds');
    const garbage = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': 'not base64 json' } });
    expect(garbage.status).toBe(402);
    expect((await garbage.json()).error).toBe('invalid_payment_header');
    expect(await balances(p.address, chain.payTo.address)).toEqual(before);
  });

  it('HEAD never charges, even with a valid signature attached (which still pays a GET afterwards)', async () => {
    const p = payer(3);
    const history = challengeOf(await fetch(url(HISTORY)));
    const header = await signedHeader(p.privateKey, history);
    const advisorHeader = await signedHeader(
      p.privateKey,
      challengeOf(await fetch(url(ADVISOR), post({ prompt: 'x' }))),
    );
    const before = await balances(p.address, chain.payTo.address);
    for (const [path, h] of [
      [HISTORY, header],
      [ADVISOR, advisorHeader],
    ] as const) {
      const head = await fetch(url(path), {
        method: 'HEAD',
        headers: { 'PAYMENT-SIGNATURE': h, 'X-PAYMENT': h },
      });
      expect(head.status).toBe(402);
      expect(head.headers.get('payment-required')).toBeTruthy();
    }
    expect(await balances(p.address, chain.payTo.address)).toEqual(before);
    const get = await fetch(url(HISTORY), { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(get.status).toBe(200);
  });

  it('settles 16 concurrent paid requests: 16 distinct transactions, balances exact', async () => {
    const payers = [1, 2, 3, 4].map(payer);
    const before = await balances(...payers.map((p) => p.address), chain.payTo.address);
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        payingFetch(payers[i % 4] as DevAccount)(url(`${HISTORY}?hours=1`)),
      ),
    );
    const ms = performance.now() - started;
    expect(responses.map((r) => r.status)).toEqual(Array(16).fill(200));
    const txs = responses.map(
      (r) => decodePaymentResponseHeader(r.headers.get('payment-response') ?? '').transaction,
    );
    expect(new Set(txs).size).toBe(16);
    const after = await balances(...payers.map((p) => p.address), chain.payTo.address);
    expect(after).toEqual([
      ...payers.map((_, i) => (before[i] as bigint) - 4n * 20_000n),
      (before[4] as bigint) + 16n * 20_000n,
    ]);
    console.info(`16 concurrent paid history requests: ${ms.toFixed(0)} ms`);
  });

  it('advisor failing to compute: 500, nothing settled, nothing moved, nothing to refund; the same payment then buys the advice once', async () => {
    const p = payer(4);
    const watched = [p.address, chain.payTo.address, chain.refund.address] as const;
    const before = await balances(...watched);
    const challenge = challengeOf(await fetch(url(ADVISOR), post({ prompt: 'x' })));
    const header = await signedHeader(p.privateKey, challenge);
    const settledBefore = (await readSettlements(stateDir)).length;
    const res = await fetch(
      url(ADVISOR),
      post({ prompt: `${FAIL}: a draft` }, { 'PAYMENT-SIGNATURE': header }),
    );
    expect(res.status).toBe(500);
    expect(res.headers.get('x-refund-queued')).toBeNull();
    expect(res.headers.get('payment-response')).toBeNull();
    expect(ErrorBody.parse(await res.json())).toMatchObject({
      success: false,
      error: 'analysis failed',
      charged: false,
    });
    expect(await balances(...watched)).toEqual(before);
    expect(await readSettlements(stateDir)).toHaveLength(settledBefore);
    expect(await edge.payments.refunds.pending()).toEqual([]);
    const retried = await fetch(
      url(ADVISOR),
      post({ prompt: 'A draft that works' }, { 'PAYMENT-SIGNATURE': header }),
    );
    expect(retried.status).toBe(200);
    expect(await balances(...watched)).toEqual([
      (before[0] as bigint) - 50_000n,
      (before[1] as bigint) + 50_000n,
      before[2],
    ]);
  });

  it('/health reports the embedded facilitator: RPC reachable, chain 8453, wallet balance', async () => {
    const body = (await (await fetch(url('/health'))).json()) as {
      checks: { facilitator: { mode: string; status: string; details: Record<string, unknown> } };
    };
    expect(body.checks.facilitator).toMatchObject({
      mode: 'embedded',
      status: 'ok',
      details: { chainId: 8453, wallet: chain.facilitator.address },
    });
  });
});

type Req = Parameters<typeof signedHeader>[1]['accepts'][number];
