import { decodePaymentResponseHeader } from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '../../core/schemas/envelope.ts';
import { refundQueue } from '../../edge/refunds/state-queue.ts';
import { localState } from '../../edge/state/local-state.ts';
import { redisState } from '../../edge/state/redis-state.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../edge/testing/redis.ts';
import type { DevAccount } from '../../tools/dev-chain/index.ts';
import {
  balancesOn,
  challengeOf,
  type EdgeFixture,
  edgeFixture,
  embeddedEnv,
  facilitatorHooks,
  hangUpDuringSettle,
  healthOf,
  shortLivedHeader,
  startFacilitatorServer,
  until,
} from './support.ts';

// Issue 11, item 4: with the refund queue on Redis and Redis unreachable, a settled payment whose
// answer could not be delivered must still get its refund recorded durably (in the instance's
// state.db, as the settlement records fall back), and the refund must reach the payer once Redis is
// back: exactly once.

const ADVISOR = '/api/forum/advisor';
const prefix = uniquePrefix();
let fx: EdgeFixture;

beforeAll(async () => {
  fx = await edgeFixture(2, { sameSecondBlocks: true });
});
afterAll(async () => {
  await fx?.close();
  await deleteKeys(prefix);
});

/** The refund orders pending in the instance's own state (`STATE_DIR/state.db`). */
async function localPending(stateDir: string) {
  const local = await localState(stateDir);
  try {
    return await refundQueue(local).pending();
  } finally {
    await local.close();
  }
}

const post = (prompt: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify({ prompt }),
});

describe('a refund while the Redis refund queue is unreachable', () => {
  it('is queued in the instance state (a retry then gets 502 refund queued), then moved to Redis and paid back exactly once when Redis is back', async () => {
    const { chain } = fx;
    const state = await fx.stateDir();
    const p = chain.payers[0] as DevAccount;
    const watched = [p.address, chain.payTo.address, chain.refund.address] as const;
    const before = await balancesOn(chain, ...watched);

    // Edge A: Redis configured but unreachable; its client hangs up while the payment settles (through
    // a facilitator over HTTP that lets the test act in between) and retries only once it expired.
    const down = `redis://127.0.0.1:${await closedPort()}`;
    const redisDown = { RATE_LIMIT_STORE: 'redis', REDIS_URL: down, RATE_LIMIT_PREFIX: prefix };
    const hooks = facilitatorHooks();
    const remote = await startFacilitatorServer(chain, hooks.authorize);
    const a = await fx.edgeWith(
      { PAY_TO: chain.payTo.address, FACILITATOR_URL: remote.url, ...redisDown },
      { state },
    );
    const challenge = challengeOf(await fetch(`${a.baseUrl}${ADVISOR}`, post('a draft')));
    const paid = post('a draft', {
      'PAYMENT-SIGNATURE': await shortLivedHeader(p.privateKey, challenge, 12),
    });
    await hangUpDuringSettle(a, hooks, ADVISOR, paid);
    expect(await until(async () => (await localPending(state)).length === 1)).toBe(true);
    const [held] = await localPending(state);
    expect(await until(() => Date.now() > Date.parse(held?.holdUntil ?? ''))).toBe(true);
    const res = await fetch(`${a.baseUrl}${ADVISOR}`, paid);
    const body = ErrorBody.parse(await res.json()) as { refund?: string; refundId?: string };
    expect(res.status).toBe(502);
    expect(body).toMatchObject({ refund: 'queued', charged: false });
    expect(res.headers.get('x-refund-queued')).toBe('1');
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect((await localPending(state)).map((o) => o.settlementTx)).toEqual([receipt.transaction]);
    expect((await healthOf(a)).checks.refunds).toMatchObject({ pending: 1 });
    await fx.closeEdge(a);
    await remote.close();

    // Edge B on the same state, Redis reachable, with the refund wallet: the order moves and is paid.
    const redisUp = { RATE_LIMIT_STORE: 'redis', REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefix };
    const b = await fx.edgeWith({ ...embeddedEnv(chain, true), ...redisUp }, { state });
    const worker = b.payments.refundWorker;
    if (!worker) throw new Error('edge B has no refund worker');
    const refunded = [before[0], (before[1] as bigint) + 50_000n, (before[2] as bigint) - 50_000n];
    // A try may leave the order signed for a later pass (a receipt slow to come on a loaded machine):
    // pass again until it is paid, then check it was paid once.
    const paidBack = async () => {
      await worker.drain();
      const now = await balancesOn(chain, ...watched);
      return now.every((v, i) => v === refunded[i]);
    };
    expect(await until(paidBack)).toBe(true);
    expect(await balancesOn(chain, ...watched)).toEqual(refunded);
    expect(await localPending(state)).toEqual([]);
    const shared = redisState({ url: TEST_REDIS_URL, prefix });
    try {
      expect(await refundQueue(shared).get(body.refundId ?? '')).toMatchObject({
        state: 'confirmed',
        settlementTx: receipt.transaction,
      });
    } finally {
      await shared.close();
    }
    await worker.drain();
    expect(await balancesOn(chain, ...watched)).toEqual(refunded);
  }, 60_000);
});
