import { decodePaymentResponseHeader } from '@x402/core/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../edge/testing/redis.ts';
import { type SpawnedEdge, spawnEdge } from '../../edge/testing/spawn-edge.ts';
import type { DevAccount } from '../../tools/dev-chain/index.ts';
import { balancesOn, type EdgeFixture, edgeFixture, embeddedEnv, payingFetch } from './support.ts';

// Issue 11, item 7: two edge processes with the same embedded facilitator key (one settling wallet)
// on one Redis. Each settles with that wallet; without serialization across instances their transactions
// collide on nonces and valid payments are refused with settlement_failed.

const HISTORY = '/api/forum/digests?hours=1';
const prefix = uniquePrefix();
let fx: EdgeFixture;
const edges: SpawnedEdge[] = [];

beforeAll(async () => {
  fx = await edgeFixture(4);
  const env = {
    ...embeddedEnv(fx.chain, false),
    RATE_LIMIT_STORE: 'redis',
    REDIS_URL: TEST_REDIS_URL,
    RATE_LIMIT_PREFIX: prefix,
  };
  const dirs = { DIST_DIR: fx.dirs.dist, CONTENT_DIR: fx.dirs.content };
  edges.push(...(await Promise.all([spawnEdge({ ...env, ...dirs }), spawnEdge({ ...env, ...dirs })])));
});
afterAll(async () => {
  await Promise.all(edges.map((e) => e.stop()));
  await fx?.close();
  await deleteKeys(prefix);
});

describe('two edge processes sharing one facilitator wallet and one Redis', () => {
  it('settles 12 concurrent valid payments split between them: all 200, 12 distinct transactions, balances exact', async () => {
    const payers = fx.chain.payers.slice(0, 4) as DevAccount[];
    const before = await balancesOn(fx.chain, ...payers.map((p) => p.address), fx.chain.payTo.address);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        payingFetch(payers[i % 4] as DevAccount)((edges[i % 2] as SpawnedEdge).url(HISTORY)),
      ),
    );
    const refused = await Promise.all(
      responses.filter((r) => r.status !== 200).map(async (r) => `${r.status} ${await r.text()}`),
    );
    expect(refused).toEqual([]);
    const txs = responses.map(
      (r) => decodePaymentResponseHeader(r.headers.get('payment-response') ?? '').transaction,
    );
    expect(new Set(txs).size).toBe(12);
    expect(await balancesOn(fx.chain, ...payers.map((p) => p.address), fx.chain.payTo.address)).toEqual([
      ...payers.map((_, i) => (before[i] as bigint) - 3n * 20_000n),
      (before[4] as bigint) + 12n * 20_000n,
    ]);
  }, 60_000);
});
