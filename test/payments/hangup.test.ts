import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonLogger } from '../../edge/logger.ts';
import type { AdviseFn } from '../../edge/paid/advisor.ts';
import { type AdvisorRuntime, startAdvisorRuntime } from '../../edge/paid/advisor-runtime.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import type { DevAccount } from '../../tools/dev-chain/index.ts';
import {
  balancesOn,
  capturingLogger,
  challengeOf,
  type EdgeFixture,
  edgeFixture,
  signedHeader,
  startFacilitatorServer,
} from './support.ts';

// Issue 11, item 5: a client that hangs up before its answer is sent must not pay. History does its
// work before settling: it must look at the connection before settling. The advisor settles first:
// what it could not deliver is refunded.

const HISTORY = '/api/forum/digests?hours=1';
const ADVISOR = '/api/forum/advisor';
const HANG = 'HANG UP WHILE COMPUTING';

let fx: EdgeFixture;
let advisor: AdvisorRuntime;
let edge: EdgeHandle;
let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
const log = capturingLogger();
/** What the facilitator does when the edge asks it to verify, once (the test's hook into the request). */
let beforeVerify: (() => Promise<void>) | undefined;
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
  fx = await edgeFixture(2);
  advisor = await startAdvisorRuntime({
    contentDir: fx.dirs.content,
    rewriter: null,
    logger: jsonLogger(() => {}),
  });
  // A remote facilitator (the dev chain's embedded one over HTTP) whose verify the test can hold.
  facilitator = await startFacilitatorServer(fx.chain, async (r) => {
    if (r.path.endsWith('/verify') && beforeVerify) {
      const hook = beforeVerify;
      beforeVerify = undefined;
      await hook();
    }
    return true;
  });
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

/** A paid request on a raw connection the test can cut; its answer, if any, is ignored. */
function hangingRequest(
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) {
  const req = httpRequest(`${edge.baseUrl}${path}`, { method: init.method, headers: init.headers });
  req.on('error', () => {});
  req.on('response', (res) => res.resume());
  req.end(init.body);
  return {
    /** Cuts the connection, and resolves once the edge has had the chance to see it go. */
    async hangUp(): Promise<void> {
      await new Promise<void>((resolve) => {
        req.once('close', () => resolve());
        req.destroy();
      });
      // Later requests on fresh connections: the edge reads the hang-up before it answers them.
      for (let i = 0; i < 3; i++) await (await fetch(`${edge.baseUrl}/api`)).text();
    },
  };
}

/** Waits (bounded) until `done` holds; answers whether it did. */
async function until(done: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

describe('a client that hangs up before its answer is sent', () => {
  it('history (work, then settlement): nothing is settled, nothing moves', async () => {
    const p = fx.chain.payers[0] as DevAccount;
    const watched = [p.address, fx.chain.payTo.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const header = await signedHeader(p.privateKey, challengeOf(await fetch(`${edge.baseUrl}${HISTORY}`)));
    const settleCalls = facilitator.calls.settle;
    let client: ReturnType<typeof hangingRequest> | undefined;
    const verified = new Promise<void>((resolve) => {
      beforeVerify = async () => {
        await client?.hangUp();
        resolve();
      };
    });
    client = hangingRequest(HISTORY, { method: 'GET', headers: { 'PAYMENT-SIGNATURE': header } });
    await verified;
    expect(await until(() => facilitator.calls.settle > settleCalls || /hung up/.test(log.text()))).toBe(
      true,
    );
    expect(facilitator.calls.settle).toBe(settleCalls);
    expect(await balancesOn(fx.chain, ...watched)).toEqual(before);
  });

  it('advisor (settlement, then work): the settled payment is refunded once', async () => {
    const p = fx.chain.payers[1] as DevAccount;
    const watched = [p.address, fx.chain.payTo.address, fx.chain.refund.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const body = JSON.stringify({ prompt: `${HANG}: a draft` });
    const challenge = challengeOf(
      await fetch(`${edge.baseUrl}${ADVISOR}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      }),
    );
    const header = await signedHeader(p.privateKey, challenge);
    let client: ReturnType<typeof hangingRequest> | undefined;
    const computed = new Promise<void>((resolve) => {
      beforeAdvice = async () => {
        await client?.hangUp();
        resolve();
      };
    });
    client = hangingRequest(ADVISOR, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'PAYMENT-SIGNATURE': header },
      body,
    });
    await computed;
    const refunds = edge.payments.refunds;
    expect(await until(async () => (await refunds.pending()).length > 0)).toBe(true);
    const [order] = await refunds.pending();
    expect(order).toMatchObject({ to: p.address, amount: '50000', route: ADVISOR });
    await edge.payments.refundWorker?.drain();
    const refunded = [before[0], (before[1] as bigint) + 50_000n, (before[2] as bigint) - 50_000n];
    expect(await balancesOn(fx.chain, ...watched)).toEqual(refunded);
    await edge.payments.refundWorker?.drain();
    expect(await balancesOn(fx.chain, ...watched)).toEqual(refunded);
  });
});
