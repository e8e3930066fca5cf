import { decodePaymentResponseHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentRequired } from '@x402/core/types';
import { appendPaymentIdentifierToExtensions, generatePaymentId } from '@x402/extensions/payment-identifier';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerClient } from '../../core/payer-client.ts';
import { ErrorBody, HistoryResponse } from '../../core/schemas/envelope.ts';
import { readSettlements } from '../../edge/paid/settlement-log.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import type { DevAccount, DevChain } from '../../tools/dev-chain/index.ts';
import { type RpcProxy, startRpcProxy } from '../../tools/dev-chain/testing/rpc-proxy.ts';
import {
  balancesOn,
  challengeOf,
  type EdgeFixture,
  edgeFixture,
  facilitatorHooks,
  hangUpDuringSettle,
  payingFetch,
  shortLivedHeader,
  signedHeader,
  startFacilitatorServer,
  until,
} from './support.ts';

// Issue 25, items 3 and 4, on the dev chain: what x402 operators report. A facilitator (over HTTP, as
// a hosted one) settles through an RPC proxy that can hold the chain's answers back or drop a
// transaction; the edge reads the chain directly (EVM_RPC_URL) when a settlement gives no answer.
// Every scenario checks the USDC balances exactly.

const HISTORY = '/api/forum/digests';
const TOKEN = 'retries-test-token';

let fx: EdgeFixture;
let chain: DevChain;
let proxy: RpcProxy;
let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
let edge: EdgeHandle;
let state: string;
const hooks = facilitatorHooks();

const payer = (i: number) => chain.payers[i] as DevAccount;
const balances = (...accounts: `0x${string}`[]) => balancesOn(chain, ...accounts);
const edgeEnv = (facilitatorUrl: string) => ({
  PAY_TO: chain.payTo.address,
  FACILITATOR_URL: facilitatorUrl,
  FACILITATOR_HEADERS: JSON.stringify({ Authorization: `Bearer ${TOKEN}` }),
  FACILITATOR_TIMEOUT_MS: '2000',
  EVM_RPC_URL: chain.rpcUrl,
  REFUND_PRIVATE_KEY: chain.refund.privateKey,
});
const recordsOf = async (stateDir: string, payerAddress: string) =>
  (await readSettlements(stateDir)).filter((r) => r.payer?.toLowerCase() === payerAddress.toLowerCase());

beforeAll(async () => {
  fx = await edgeFixture(4, { sameSecondBlocks: true });
  chain = fx.chain;
  proxy = await startRpcProxy(chain.rpcUrl);
  facilitator = await startFacilitatorServer(
    chain,
    async (r) => r.authorization === `Bearer ${TOKEN}` && hooks.authorize(r),
    { rpcUrl: proxy.url },
  );
  state = await fx.stateDir();
  edge = await fx.edgeWith(edgeEnv(facilitator.url), { state });
});
afterAll(async () => {
  await fx?.close();
  await facilitator?.close();
  await proxy?.close();
});

describe('a settlement that times out', () => {
  it('but lands: the edge finds it on chain and delivers; charged once, recorded with its transaction', async () => {
    const p = payer(0);
    const before = await balances(p.address, chain.payTo.address);
    // The chain mines at once, but the facilitator learns of the receipt 6 s later: past the edge's 2 s.
    proxy.setPolicy((method) => (method === 'eth_getTransactionReceipt' ? { delayMs: 6_000 } : 'pass'));
    try {
      const res = await payingFetch(p)(`${edge.baseUrl}${HISTORY}?hours=2`);
      expect(res.status).toBe(200);
      expect(HistoryResponse.parse(await res.json())).toMatchObject({ charged: true, hours: 2 });
      const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
      expect(receipt).toMatchObject({ success: true, payer: p.address });
      expect(await balances(p.address, chain.payTo.address)).toEqual([
        (before[0] as bigint) - 20_000n,
        (before[1] as bigint) + 20_000n,
      ]);
      expect(await recordsOf(state, p.address)).toEqual([
        expect.objectContaining({
          outcome: 'settled',
          transaction: receipt.transaction,
          reason: expect.stringMatching(/found on chain/),
        }),
      ]);
    } finally {
      proxy.setPolicy(() => 'pass');
    }
  });
});

describe('a retry with the same payment', () => {
  it('after a connection dropped during settlement: the answer, charged once; the held refund is cancelled', async () => {
    const p = payer(1);
    const watched = [p.address, chain.payTo.address, chain.refund.address] as const;
    const before = await balances(...watched);
    const header = await signedHeader(p.privateKey, challengeOf(await fetch(`${edge.baseUrl}${HISTORY}`)));
    await hangUpDuringSettle(edge, hooks, HISTORY, {
      method: 'GET',
      headers: { 'PAYMENT-SIGNATURE': header },
    });
    const refunds = edge.payments.refunds;
    expect(await until(async () => (await refunds.pending()).length === 1)).toBe(true);
    const [held] = await refunds.pending();
    expect(held).toMatchObject({ to: p.address, amount: '20000', holdUntil: expect.any(String) });
    // The refund is held: a worker pass pays nothing while a retry may still get the answer.
    await edge.payments.refundWorker?.drain();
    const charged = [(before[0] as bigint) - 20_000n, (before[1] as bigint) + 20_000n, before[2]];
    expect(await balances(...watched)).toEqual(charged);

    const retry = await fetch(`${edge.baseUrl}${HISTORY}`, { headers: { 'PAYMENT-SIGNATURE': header } });
    expect(retry.status).toBe(200);
    expect(HistoryResponse.parse(await retry.json()).charged).toBe(true);
    const receipt = decodePaymentResponseHeader(retry.headers.get('payment-response') ?? '');
    expect(receipt.transaction).toBe(held?.settlementTx);
    expect(await refunds.get(held?.id ?? '')).toMatchObject({ state: 'cancelled' });
    await edge.payments.refundWorker?.drain();
    expect(await balances(...watched)).toEqual(charged);
    expect((await recordsOf(state, p.address)).map((r) => r.outcome)).toEqual([
      'settled',
      'refund-queued',
      'refund-cancelled',
    ]);
  });

  it('identifier (payment-identifier extension) on a new signature: the same answer, the second payment never settled', async () => {
    const p = payer(2);
    const id = generatePaymentId('retry_');
    const before = await balances(p.address, chain.payTo.address);
    /** A payment for `challenge` carrying the client's identifier, as @x402/extensions documents it. */
    const withId = async (challenge: PaymentRequired) => {
      const client = payerClient(p.privateKey);
      client.onBeforePaymentCreation(async ({ paymentRequired }) => {
        if (paymentRequired.extensions) appendPaymentIdentifierToExtensions(paymentRequired.extensions, id);
      });
      return encodePaymentSignatureHeader(await client.createPaymentPayload(challenge));
    };
    const challenge = challengeOf(await fetch(`${edge.baseUrl}${HISTORY}?limit=3`));
    const first = await fetch(`${edge.baseUrl}${HISTORY}?limit=3`, {
      headers: { 'PAYMENT-SIGNATURE': await withId(challenge) },
    });
    expect(first.status).toBe(200);
    const answer = await first.text();
    const second = await fetch(`${edge.baseUrl}${HISTORY}?limit=3`, {
      headers: { 'PAYMENT-SIGNATURE': await withId(challenge) },
    });
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(answer);
    expect(second.headers.get('payment-response')).toBe(first.headers.get('payment-response'));
    const charged = [(before[0] as bigint) - 20_000n, (before[1] as bigint) + 20_000n];
    expect(await balances(p.address, chain.payTo.address)).toEqual(charged);
    // The identifier bought that request only: another one is refused, and nothing moves.
    const other = await fetch(`${edge.baseUrl}${HISTORY}?limit=2`, {
      headers: { 'PAYMENT-SIGNATURE': await withId(challenge) },
    });
    expect(other.status).toBe(409);
    expect(ErrorBody.parse(await other.json()).error).toBe('payment identifier reused');
    expect(await balances(p.address, chain.payTo.address)).toEqual(charged);
    expect((await recordsOf(state, p.address)).map((r) => r.outcome)).toEqual(['settled']);
  });
});

describe('a settlement that never lands', () => {
  it('is answered 503 settlement pending with Retry-After (also on a retry), and recorded failed once the authorization expires; nothing moves', async () => {
    // A facilitator of its own (a fresh wallet, so no other test waits behind its lost transaction),
    // behind a proxy that drops every transaction it sends.
    const lossy = await startRpcProxy(chain.rpcUrl);
    lossy.setPolicy((method) => (method === 'eth_sendRawTransaction' ? 'drop' : 'pass'));
    const key = generatePrivateKey();
    await chain.setEthBalance(privateKeyToAccount(key).address, 10n ** 18n);
    const lost = await startFacilitatorServer(chain, TOKEN, { rpcUrl: lossy.url, privateKey: key });
    const stateB = await fx.stateDir();
    const b = await fx.edgeWith(edgeEnv(lost.url), { state: stateB });
    try {
      const p = payer(3);
      const before = await balances(p.address, chain.payTo.address);
      const header = await shortLivedHeader(
        p.privateKey,
        challengeOf(await fetch(`${b.baseUrl}${HISTORY}`)),
        12,
      );
      for (const attempt of ['first', 'retry']) {
        const res = await fetch(`${b.baseUrl}${HISTORY}`, { headers: { 'PAYMENT-SIGNATURE': header } });
        expect(res.status, attempt).toBe(503);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(res.headers.get('payment-required')).toBeNull();
        expect(ErrorBody.parse(await res.json()).error).toBe('settlement pending');
      }
      // The retry settled again (the same authorization: at most one transfer of it can land).
      expect(lost.calls.settle).toBe(2);
      expect(lossy.seen.get('eth_sendRawTransaction')).toBeGreaterThanOrEqual(1);
      expect(
        await until(async () => (await recordsOf(stateB, p.address)).some((r) => r.outcome === 'failed')),
      ).toBe(true);
      // Each attempt is recorded uncertain; the case ends failed (nothing charged) once it can no longer land.
      const uncertain = expect.objectContaining({
        outcome: 'uncertain',
        nonce: expect.any(String),
        transaction: null,
      });
      expect(await recordsOf(stateB, p.address)).toEqual([
        uncertain,
        uncertain,
        expect.objectContaining({ outcome: 'failed', reason: 'expired without settling' }),
      ]);
      expect(await balances(p.address, chain.payTo.address)).toEqual(before);
      expect(await b.payments.refunds.pending()).toEqual([]);
    } finally {
      await fx.closeEdge(b);
      await lost.close();
      await lossy.close();
    }
  }, 60_000);
});
