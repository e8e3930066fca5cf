import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdvisorRuntime, startAdvisorRuntime } from '../../edge/advisor-runtime.ts';
import { jsonLogger } from '../../edge/logger.ts';
import type { AdviseFn } from '../../edge/paid/advisor.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import type { DevAccount } from '../../tools/dev-chain/index.ts';
import {
  balancesOn,
  capturingLogger,
  challengeOf,
  type EdgeFixture,
  edgeFixture,
  facilitatorHooks,
  hangingRequest,
  hangUpDuringSettle,
  shortLivedHeader,
  signedHeader,
  startFacilitatorServer,
  until,
} from './support.ts';

// Issue 11, item 5, and issue 25: a client that hangs up before its answer is sent must not pay.
// Both routes do their work before settling and look at the connection before settling: nothing
// settles then. A client that hangs up while the payment settles gets its payment refunded, the
// refund held until the payment expires (a retry with the same payment would still get the answer).

const HISTORY = '/api/forum/digests?hours=1';
const ADVISOR = '/api/forum/advisor';
const HANG = 'HANG UP WHILE COMPUTING';

let fx: EdgeFixture;
let advisor: AdvisorRuntime;
let edge: EdgeHandle;
let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
const log = capturingLogger();
const hooks = facilitatorHooks();
/** What the advisor does before computing, once. */
let beforeAdvice: (() => Promise<void>) | undefined;

const advise: AdviseFn = async (request) => {
  if (request.prompt.includes(HANG) && beforeAdvice) {
    const hook = beforeAdvice;
    beforeAdvice = undefined;
    await hook();
  }
  return advisor.advise(request);
};

beforeAll(async () => {
  fx = await edgeFixture(3, { sameSecondBlocks: true });
  advisor = await startAdvisorRuntime({
    contentDir: fx.dirs.content,
    rewriter: null,
    logger: jsonLogger(() => {}),
  });
  // A remote facilitator (the dev chain's embedded one over HTTP) whose calls the test can hold.
  facilitator = await startFacilitatorServer(fx.chain, hooks.authorize);
  edge = await fx.edgeWith(
    {
      PAY_TO: fx.chain.payTo.address,
      FACILITATOR_URL: facilitator.url,
      EVM_RPC_URL: fx.chain.rpcUrl,
      REFUND_PRIVATE_KEY: fx.chain.refund.privateKey,
    },
    { logger: log.logger, advise },
  );
});
afterAll(async () => {
  advisor?.close();
  await fx?.close();
  await facilitator?.close();
});

/** Cuts a request's connection, and lets the edge see it go (later requests on fresh connections). */
async function cut(client: ReturnType<typeof hangingRequest> | undefined): Promise<void> {
  await client?.hangUp();
  for (let i = 0; i < 3; i++) await (await fetch(`${edge.baseUrl}/api`)).text();
}

const post = (body: string) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('a client that hangs up before its answer is sent', () => {
  it('history (work, then settlement), gone while verifying: nothing is settled, nothing moves', async () => {
    const p = fx.chain.payers[0] as DevAccount;
    const watched = [p.address, fx.chain.payTo.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const header = await signedHeader(p.privateKey, challengeOf(await fetch(`${edge.baseUrl}${HISTORY}`)));
    const settleCalls = facilitator.calls.settle;
    let client: ReturnType<typeof hangingRequest> | undefined;
    const verified = new Promise<void>((resolve) => {
      hooks.before('/verify', async () => {
        await cut(client);
        resolve();
      });
    });
    client = hangingRequest(`${edge.baseUrl}${HISTORY}`, {
      method: 'GET',
      headers: { 'PAYMENT-SIGNATURE': header },
    });
    await verified;
    expect(await until(() => facilitator.calls.settle > settleCalls || /hung up/.test(log.text()))).toBe(
      true,
    );
    expect(facilitator.calls.settle).toBe(settleCalls);
    expect(await balancesOn(fx.chain, ...watched)).toEqual(before);
  });

  it('advisor (work, then settlement), gone while computing: nothing is settled, nothing moves', async () => {
    const p = fx.chain.payers[1] as DevAccount;
    const watched = [p.address, fx.chain.payTo.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const body = JSON.stringify({ prompt: `${HANG}: a draft` });
    const header = await signedHeader(
      p.privateKey,
      challengeOf(await fetch(`${edge.baseUrl}${ADVISOR}`, post(body))),
    );
    const settleCalls = facilitator.calls.settle;
    let client: ReturnType<typeof hangingRequest> | undefined;
    const computing = new Promise<void>((resolve) => {
      beforeAdvice = async () => {
        await cut(client);
        resolve();
      };
    });
    const init = post(body);
    client = hangingRequest(`${edge.baseUrl}${ADVISOR}`, {
      ...init,
      headers: { ...init.headers, 'PAYMENT-SIGNATURE': header },
    });
    await computing;
    expect(await until(() => /hung up before settlement/.test(log.text()))).toBe(true);
    expect(facilitator.calls.settle).toBe(settleCalls);
    expect(await balancesOn(fx.chain, ...watched)).toEqual(before);
  });

  it('gone while the payment settles, no retry: refunded once when the payment expires; a late retry gets 502 refund queued', async () => {
    const p = fx.chain.payers[2] as DevAccount;
    const watched = [p.address, fx.chain.payTo.address, fx.chain.refund.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const body = JSON.stringify({ prompt: 'How do agents share memory?' });
    const challenge = challengeOf(await fetch(`${edge.baseUrl}${ADVISOR}`, post(body)));
    const header = await shortLivedHeader(p.privateKey, challenge, 12);
    const init = post(body);
    await hangUpDuringSettle(edge, hooks, ADVISOR, {
      ...init,
      headers: { ...init.headers, 'PAYMENT-SIGNATURE': header },
    });
    const refunds = edge.payments.refunds;
    expect(await until(async () => (await refunds.pending()).length > 0)).toBe(true);
    const [order] = await refunds.pending();
    expect(order).toMatchObject({ to: p.address, amount: '50000', route: ADVISOR });
    const charged = [(before[0] as bigint) - 50_000n, (before[1] as bigint) + 50_000n, before[2]];
    await edge.payments.refundWorker?.drain();
    expect(await balancesOn(fx.chain, ...watched)).toEqual(charged);

    // The hold ends when the authorization expires (and a few seconds more): then it is paid, once.
    const holdUntil = Date.parse(order?.holdUntil ?? '');
    expect(await until(() => Date.now() > holdUntil)).toBe(true);
    await edge.payments.refundWorker?.drain();
    const refunded = [before[0], (before[1] as bigint) + 50_000n, (before[2] as bigint) - 50_000n];
    expect(await balancesOn(fx.chain, ...watched)).toEqual(refunded);
    await edge.payments.refundWorker?.drain();
    expect(await balancesOn(fx.chain, ...watched)).toEqual(refunded);

    const late = await fetch(`${edge.baseUrl}${ADVISOR}`, {
      ...init,
      headers: { ...init.headers, 'PAYMENT-SIGNATURE': header },
    });
    expect(await until(async () => (await refunds.get(order?.id ?? ''))?.state === 'confirmed')).toBe(true);
    expect(late.status).toBe(502);
    expect(late.headers.get('x-refund-queued')).toBe('1');
    expect(await late.json()).toMatchObject({ refund: 'queued', charged: false, refundId: order?.id });
    expect(await balancesOn(fx.chain, ...watched)).toEqual(refunded);
  }, 60_000);
});
