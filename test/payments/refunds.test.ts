import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  type PublicClient,
  parseAbiItem,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../edge/logger.ts';
import { type RefundQueue, refundId } from '../../edge/refunds/order.ts';
import { refundQueue } from '../../edge/refunds/state-queue.ts';
import { type RefundWorkerOptions, startRefundWorker } from '../../edge/refunds/worker.ts';
import { redisState } from '../../edge/state/redis-state.ts';
import { sqliteState } from '../../edge/state/sqlite-state.ts';
import type { StateStore } from '../../edge/state/state.ts';
import { manualClock } from '../../edge/testing/clock.ts';
import { advanceRedisClock, deleteKeys, TEST_REDIS_URL, uniquePrefix } from '../../edge/testing/redis.ts';
import { type DevChain, startDevChain } from '../../tools/dev-chain/index.ts';

const AMOUNT = 50_000n; // the advisor's 0.05 USDC
let chain: DevChain;
let client: PublicClient;
const prefixes: string[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  chain = await startDevChain({ payers: 0 });
  client = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) }) as PublicClient;
});

afterAll(async () => {
  await chain?.close();
  for (const prefix of prefixes) await deleteKeys(prefix);
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** A fresh recipient, so its balance and its Transfer events count this test's refunds only. */
const freshAddress = (): Address =>
  privateKeyToAccount(`0x${randomBytes(32).toString('hex')}` as Hex).address;
const fakeTx = (): string => `0x${randomBytes(32).toString('hex')}`;

/** How many USDC transfers went from the refund wallet to `to`. */
async function transfersTo(to: Address): Promise<number> {
  const logs = await client.getLogs({
    address: chain.usdc,
    event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
    args: { from: chain.refund.address, to },
    fromBlock: 0n,
  });
  return logs.length;
}

/** A new order for `to`. */
const order = (to: Address, settlementTx = fakeTx()) => ({
  network: 'eip155:8453',
  asset: chain.usdc,
  to,
  amount: AMOUNT.toString(),
  route: '/api/forum/advisor',
  settlementTx,
  reason: 'advisor failed after settlement',
});

/** A worker on the dev chain's refund wallet that only works when drained (tests drive it). */
function worker(queue: RefundQueue, extra: Partial<RefundWorkerOptions> = {}) {
  const logger = memoryLogger();
  const w = startRefundWorker({
    queue,
    rpcUrl: chain.rpcUrl,
    privateKey: chain.refund.privateKey,
    logger,
    pollMs: 3_600_000,
    receiptPollMs: 10,
    confirmTimeoutMs: 5_000,
    ...extra,
  });
  return Object.assign(w, { logger });
}

/** A queue over its own connection to `state`, closing it with the queue. */
const owning = (state: StateStore): RefundQueue =>
  Object.assign(refundQueue(state), { close: () => state.close() });

/**
 * A queue of each store: `make()` opens a new connection to the same place (a restart);
 * `make.advance(ms)` moves the clock the store's locks expire by (SQLite: its `now`; Redis: its own).
 */
type Make = (() => RefundQueue) & { advance(ms: number): Promise<void> };

const kinds: Array<[string, () => Promise<Make>]> = [
  [
    'sqlite',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'murmur-refunds-'));
      dirs.push(dir);
      const clock = manualClock();
      return Object.assign(() => owning(sqliteState(join(dir, 'state.db'), { now: clock.now })), {
        advance: async (ms: number) => clock.advance(ms),
      });
    },
  ],
  [
    'redis',
    async () => {
      const prefix = uniquePrefix();
      prefixes.push(prefix);
      return Object.assign(() => owning(redisState({ url: TEST_REDIS_URL, prefix })), {
        advance: (ms: number) => advanceRedisClock(prefix, ms),
      });
    },
  ],
];

/** Sends the refund wallet's ETH or USDC away (to the deployer) and answers how to give it back. */
async function emptyRefundWallet(what: 'usdc' | 'eth'): Promise<() => Promise<void>> {
  if (what === 'eth') {
    const eth = await chain.ethBalanceOf(chain.refund.address);
    await chain.setEthBalance(chain.refund.address, 0n);
    return () => chain.setEthBalance(chain.refund.address, eth);
  }
  const wallet = createWalletClient({
    account: privateKeyToAccount(chain.refund.privateKey),
    chain: chain.chain,
    transport: http(chain.rpcUrl),
  });
  const held = await chain.balanceOf(chain.refund.address);
  const hash = await wallet.writeContract({
    address: chain.usdc,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [chain.deployer.address, held],
  });
  await client.waitForTransactionReceipt({ hash, pollingInterval: 10 });
  return async () => {
    await chain.mint(chain.refund.address, held);
  };
}

describe.each(kinds)('refunds on the dev chain: %s queue', (_kind, setup) => {
  it('a queued refund is paid back: payer +amount, refund wallet −amount, order confirmed', async () => {
    const queue = (await setup())();
    const w = worker(queue);
    try {
      const to = freshAddress();
      const before = await chain.balanceOf(chain.refund.address);
      const queued = await queue.enqueue(order(to));
      expect(queued).toMatchObject({ id: expect.stringMatching(/^rf_/), amount: '50000', to });
      expect((await queue.get(queued.id))?.state).toBe('queued');
      await w.drain();
      expect(await chain.balanceOf(to)).toBe(AMOUNT);
      expect(await chain.balanceOf(chain.refund.address)).toBe(before - AMOUNT);
      const done = await queue.get(queued.id);
      expect(done).toMatchObject({ state: 'confirmed', sentTx: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
      const receipt = await client.getTransactionReceipt({ hash: done?.sentTx as Hex });
      expect(receipt.status).toBe('success');
      expect(await queue.pending()).toEqual([]);
      expect((await queue.list()).map((r) => r.state)).toEqual(['confirmed']);
      await w.drain();
      expect(await transfersTo(to)).toBe(1);
    } finally {
      await w.stop();
      await queue.close();
    }
  });

  it('enqueueing one settlement twice (also concurrently) gives one order and one refund', async () => {
    const queue = (await setup())();
    const w = worker(queue);
    try {
      const to = freshAddress();
      const settlementTx = fakeTx();
      const results = await Promise.all([
        queue.enqueue(order(to, settlementTx)),
        queue.enqueue(order(to, settlementTx)),
        queue.enqueue(order(to, settlementTx.toUpperCase().replace('0X', '0x'))),
      ]);
      expect(new Set(results.map((r) => r.id)).size).toBe(1);
      expect(results[0]?.id).toBe(refundId(settlementTx));
      expect(new Set(results.map((r) => r.queuedAt)).size).toBe(1);
      await w.drain();
      const again = await queue.enqueue(order(to, settlementTx));
      expect(again).toEqual(results[0]);
      await w.drain();
      expect(await queue.list()).toHaveLength(1);
      expect(await transfersTo(to)).toBe(1);
      expect(await chain.balanceOf(to)).toBe(AMOUNT);
    } finally {
      await w.stop();
      await queue.close();
    }
  });

  it('a restart between "refund queued" and "refund sent" loses nothing', async () => {
    const make = await setup();
    const to = freshAddress();
    const first = make();
    const { id } = await first.enqueue(order(to));
    await first.close(); // the process goes away before any worker ran
    const second = make();
    const w = worker(second);
    try {
      expect((await second.pending()).map((r) => r.id)).toEqual([id]);
      await w.drain();
      expect((await second.get(id))?.state).toBe('confirmed');
      expect(await chain.balanceOf(to)).toBe(AMOUNT);
    } finally {
      await w.stop();
      await second.close();
    }
  });

  const LOCK_TTL_MS = 60_000;
  it.each([
    ['after signing, before broadcasting', 'afterSign'],
    ['after broadcasting, before marking confirmed', 'afterBroadcast'],
  ] as const)('a crash %s, then a new worker: exactly one transfer', async (_when, hook) => {
    const make = await setup();
    const to = freshAddress();
    const crashed = make();
    // A crashed process never gives its lock back: it only expires.
    const noRelease: RefundQueue = {
      ...crashed,
      claim: async (id, ttl) => {
        const claim = await crashed.claim(id, ttl);
        return claim && { ...claim, save: claim.save, release: async () => {} };
      },
    };
    const dying = worker(noRelease, {
      lockTtlMs: LOCK_TTL_MS,
      hooks: {
        [hook]: () => {
          throw new Error('simulated crash');
        },
      },
    });
    const { id } = await crashed.enqueue(order(to));
    await dying.drain();
    await dying.stop();
    const signed = await crashed.get(id);
    expect(signed?.state).toBe('signed');
    expect(signed?.txs).toHaveLength(1);
    expect(await chain.balanceOf(to)).toBe(hook === 'afterSign' ? 0n : AMOUNT);

    const restarted = make();
    const w = worker(restarted);
    try {
      await w.drain(); // the dead worker's lock still holds: nothing happens
      expect((await restarted.get(id))?.state).toBe('signed');
      await make.advance(LOCK_TTL_MS);
      await w.drain();
      const done = await restarted.get(id);
      expect(done).toMatchObject({ state: 'confirmed', sentTx: signed?.txs?.[0]?.hash });
      expect(await transfersTo(to)).toBe(1);
      expect(await chain.balanceOf(to)).toBe(AMOUNT);
    } finally {
      await w.stop();
      await crashed.close();
      await restarted.close();
    }
  });

  it.each(['usdc', 'eth'] as const)(
    'refund wallet out of %s: the order stays queued, is retried, and is paid once funded',
    async (what) => {
      const queue = (await setup())();
      const w = worker(queue, { backoff: { baseMs: 60_000, maxMs: 60_000 } });
      const to = freshAddress();
      const refill = await emptyRefundWallet(what);
      let refilled = false;
      try {
        const { id } = await queue.enqueue(order(to));
        await w.drain();
        await w.drain();
        const waiting = await queue.get(id);
        expect(waiting).toMatchObject({ state: 'queued', attempts: 2 });
        expect(waiting?.lastError).toMatch(what === 'usdc' ? /holds 0 of/ : /wei, needs up to/);
        expect(Date.parse(waiting?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + 30_000);
        expect(w.logger.lines.some((l) => l.level === 'warn' && /will retry/.test(l.message))).toBe(true);
        await refill();
        refilled = true;
        await w.drain();
        expect(await queue.get(id)).toMatchObject({ state: 'confirmed' });
        expect(await chain.balanceOf(to)).toBe(AMOUNT);
        expect(await transfersTo(to)).toBe(1);
      } finally {
        if (!refilled) await refill();
        await w.stop();
        await queue.close();
      }
    },
  );

  it('an invalid order fails permanently, is logged, and is not retried', async () => {
    const queue = (await setup())();
    const w = worker(queue, { maxAmount: 100_000n });
    try {
      const to = freshAddress();
      const big = await queue.enqueue({ ...order(to), amount: '100000000' });
      const wrongNet = await queue.enqueue({ ...order(to), network: 'eip155:84532' });
      await w.drain();
      await w.drain();
      expect(await queue.get(big.id)).toMatchObject({
        state: 'failed',
        failedReason: expect.stringMatching(/exceeds the per-refund maximum/),
      });
      expect(await queue.get(wrongNet.id)).toMatchObject({
        state: 'failed',
        failedReason: expect.stringMatching(/eip155:84532/),
      });
      expect(w.logger.lines.filter((l) => l.level === 'error')).toHaveLength(2);
      expect(await queue.pending()).toEqual([]);
      expect(await chain.balanceOf(to)).toBe(0n);
    } finally {
      await w.stop();
      await queue.close();
    }
  });
});

describe('refunds on the dev chain: specifics', () => {
  it('two workers racing on one Redis queue: every order is paid exactly once', async () => {
    const [, setup] = kinds[1] as (typeof kinds)[number];
    const make = await setup();
    const queues = [make(), make(), make()];
    const workers = queues.map((q) => worker(q));
    const recipients = [freshAddress(), freshAddress(), freshAddress(), freshAddress()];
    try {
      for (const to of recipients) await queues[0]?.enqueue(order(to));
      await Promise.all(workers.map((w) => w.drain()));
      // Two wallets' worth of nonces may have collided: a second round settles what the first left.
      await Promise.all(workers.map((w) => w.drain()));
      for (const to of recipients) {
        expect(await transfersTo(to)).toBe(1);
        expect(await chain.balanceOf(to)).toBe(AMOUNT);
      }
      expect((await queues[1]?.list())?.filter((r) => r.state === 'confirmed')).toHaveLength(
        recipients.length,
      );
    } finally {
      for (const w of workers) await w.stop();
      for (const q of queues) await q.close();
    }
  });

  it('a recorded transaction whose nonce another transaction took is replaced, and paid once', async () => {
    const [, setup] = kinds[0] as (typeof kinds)[number];
    const make = await setup();
    const queue = make();
    const to = freshAddress();
    const dying = worker(queue, {
      hooks: {
        afterSign: () => {
          throw new Error('simulated crash');
        },
      },
    });
    await dying.drain(); // after the worker's start-up pass, so the order below is signed by one pass only
    const { id } = await queue.enqueue(order(to));
    await dying.drain();
    await dying.stop();
    const signed = await queue.get(id);
    const nonce = signed?.txs?.[0]?.nonce as number;
    // The wallet sends something else with that nonce: the recorded refund can never be mined now.
    const wallet = createWalletClient({
      account: privateKeyToAccount(chain.refund.privateKey),
      chain: chain.chain,
      transport: http(chain.rpcUrl),
    });
    const other = await wallet.sendTransaction({ to: chain.deployer.address, value: 1n, nonce });
    await client.waitForTransactionReceipt({ hash: other, pollingInterval: 10 });

    const w = worker(queue);
    try {
      await w.drain();
      const done = await queue.get(id);
      expect(done?.state).toBe('confirmed');
      expect(done?.sentTx).not.toBe(signed?.txs?.[0]?.hash);
      expect(done?.abandonedTxs).toEqual([
        { hash: signed?.txs?.[0]?.hash, nonce, why: 'nonce used by another transaction' },
      ]);
      expect(await transfersTo(to)).toBe(1);
      expect(await chain.balanceOf(to)).toBe(AMOUNT);
    } finally {
      await w.stop();
      await queue.close();
    }
  });

  it('a transaction stuck unmined is replaced with higher fees and the same nonce: one transfer', async () => {
    const [, setup] = kinds[0] as (typeof kinds)[number];
    const queue = (await setup())();
    const to = freshAddress();
    const w = worker(queue, { confirmTimeoutMs: 100, replaceAfterMs: 0 });
    const test = createTestClient({ mode: 'hardhat', chain: chain.chain, transport: http(chain.rpcUrl) });
    await test.setAutomine(false);
    try {
      await w.drain(); // after the worker's start-up pass, so each drain below is one pass over the order
      const { id } = await queue.enqueue(order(to));
      await w.drain(); // signed and sent, not mined
      expect(await queue.get(id)).toMatchObject({ state: 'signed', attempts: 1 });
      await w.drain(); // still not mined: replaced
      const bumped = await queue.get(id);
      expect(bumped?.txs).toHaveLength(2);
      expect(bumped?.txs?.[1]?.nonce).toBe(bumped?.txs?.[0]?.nonce);
      expect(BigInt(bumped?.txs?.[1]?.maxFeePerGas ?? 0)).toBeGreaterThan(
        BigInt(bumped?.txs?.[0]?.maxFeePerGas ?? 0),
      );
      await test.mine({ blocks: 1 });
      await w.drain();
      const done = await queue.get(id);
      expect(done?.state).toBe('confirmed');
      expect(done?.sentTx).toBe(bumped?.txs?.[1]?.hash);
      expect(await transfersTo(to)).toBe(1);
    } finally {
      await test.setAutomine(true);
      await w.stop();
      await queue.close();
    }
  });

  it('sqlite: an order is a row of state.db, seen by another connection as soon as enqueue resolves', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'murmur-refunds-'));
    dirs.push(dir);
    const writer = owning(sqliteState(join(dir, 'state.db')));
    const reader = owning(sqliteState(join(dir, 'state.db')));
    try {
      const a = await writer.enqueue(order(freshAddress()));
      const b = await writer.enqueue(order(freshAddress()));
      expect((await reader.pending()).map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
      expect((await readdir(dir)).filter((f) => !f.startsWith('state.db'))).toEqual([]);
    } finally {
      await writer.close();
      await reader.close();
    }
  });
});
