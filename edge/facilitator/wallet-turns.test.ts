import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger.ts';
import { closedPort, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../testing/redis.ts';
import { nextNonce, redisTurns } from './wallet-turns.ts';

const prefix = uniquePrefix();
afterAll(() => deleteKeys(prefix));
const WALLET = '0x00000000000000000000000000000000000000aa';

describe('nextNonce', () => {
  it('takes the chain’s pending count, or the recorded next nonce when that is ahead', () => {
    expect(nextNonce(7, null)).toBe(7);
    expect(nextNonce(7, 9)).toBe(9);
    expect(nextNonce(12, 9)).toBe(12);
  });
});

describe('redisTurns', () => {
  it('two instances of one wallet take turns: 20 concurrent sends get 20 distinct consecutive nonces, never two at once', async () => {
    // An RPC node that lags: it never sees the transactions sent, so only the recorded nonce helps.
    const opts = { url: TEST_REDIS_URL, prefix, wallet: WALLET, chainId: 8453, logger: silentLogger };
    const a = redisTurns({ ...opts, pendingNonce: async () => 3 });
    const b = redisTurns({ ...opts, pendingNonce: async () => 3 });
    let inFlight = 0;
    let most = 0;
    try {
      const nonces = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a : b).submit(async (nonce) => {
            inFlight++;
            most = Math.max(most, inFlight);
            await new Promise((r) => setImmediate(r));
            inFlight--;
            return nonce;
          }),
        ),
      );
      expect([...nonces].sort((x, y) => (x ?? 0) - (y ?? 0))).toEqual(
        Array.from({ length: 20 }, (_, i) => 3 + i),
      );
      expect(most).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a failed send records nothing: the next turn uses the same nonce', async () => {
    const p = uniquePrefix();
    const t = redisTurns({
      url: TEST_REDIS_URL,
      prefix: p,
      wallet: WALLET,
      chainId: 8453,
      logger: silentLogger,
      pendingNonce: async () => 5,
    });
    try {
      await expect(t.submit(async () => Promise.reject(new Error('nonce too low')))).rejects.toThrow();
      expect(await t.submit(async (nonce) => nonce)).toBe(5);
      expect(await t.submit(async (nonce) => nonce)).toBe(6);
    } finally {
      await t.close();
      await deleteKeys(p);
    }
  });

  it('with Redis unreachable it still sends, one at a time, with the chain’s pending count', async () => {
    let pending = 0;
    const t = redisTurns({
      url: `redis://127.0.0.1:${await closedPort()}`,
      prefix,
      wallet: WALLET,
      chainId: 8453,
      logger: silentLogger,
      pendingNonce: async () => pending,
    });
    try {
      const nonces = await Promise.all(
        [0, 1, 2].map(() =>
          t.submit(async (nonce) => {
            pending++;
            return nonce;
          }),
        ),
      );
      expect(nonces).toEqual([0, 1, 2]);
    } finally {
      await t.close();
    }
  });
});
