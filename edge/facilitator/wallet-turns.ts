import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.ts';
import { openRedis, UNLOCK_SCRIPT } from '../state/redis-client.ts';

/**
 * Takes turns for one settling wallet: `submit` runs `send` (sign and broadcast one transaction)
 * after every earlier submission of the wallet has finished, with the nonce it must use (undefined:
 * the account's own nonce manager picks it).
 */
export interface WalletTurns {
  submit<T>(send: (nonce: number | undefined) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Settling wallets of this process → the tail of their submission queue (see `oneAtATime`). */
const submissionQueues = new Map<string, Promise<unknown>>();

/** Runs `submit` after every earlier submission of the same wallet in this process has finished. */
function oneAtATime<T>(wallet: string, submit: () => Promise<T>): Promise<T> {
  const key = wallet.toLowerCase();
  const previous = submissionQueues.get(key) ?? Promise.resolve();
  const run = previous.then(submit, submit);
  const tail = run.then(
    () => {},
    () => {},
  );
  submissionQueues.set(key, tail);
  void tail.then(() => {
    if (submissionQueues.get(key) === tail) submissionQueues.delete(key);
  });
  return run;
}

/**
 * Turns within this process only: one submission at a time per wallet, nonces from the account's
 * nonce manager (viem's, which hands them out locally and resets on a failed send). Right for one
 * instance per settling wallet.
 */
export function localTurns(wallet: string): WalletTurns {
  return {
    submit: (send) => oneAtATime(wallet, () => send(undefined)),
    async close() {},
  };
}

/**
 * The nonce of the next transaction: the chain's pending count, or the last one handed out + 1 when
 * that is ahead (an RPC node that has not seen another instance's transaction yet).
 */
export function nextNonce(chainPending: number, handedOut: number | null): number {
  return handedOut === null ? chainPending : Math.max(chainPending, handedOut);
}

/** KEYS: lock, next nonce. ARGV: owner, next nonce, its ttl (ms). Records the next nonce only while the lock is the owner's. */
const RECORD_NONCE = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2], 'PX', ARGV[3])
return 1`;

interface TurnCommands {
  walletRecordNonce(keys: 2, ...args: string[]): Promise<number>;
  walletRelease(keys: 1, ...args: string[]): Promise<number>;
}

/** Options of `redisTurns`. */
export interface RedisTurnsOptions {
  url: string;
  /** Key prefix (RATE_LIMIT_PREFIX); the keys are `<prefix>wallet:<chain id>:<address>:lock|nonce`. */
  prefix: string;
  wallet: string;
  chainId: number;
  /** The wallet's pending transaction count on chain (the RPC's `eth_getTransactionCount(…, 'pending')`). */
  pendingNonce(): Promise<number>;
  logger: Logger;
  /** How long a turn may hold the lock (ms, default 15,000: one RPC send with its time limit). */
  lockTtlMs?: number;
  /** How long a submission waits for its turn before failing (ms, default 20,000). */
  waitMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Turns shared through Redis by every instance settling with one wallet (edge/paid/README.md). The
 * next nonce is kept for a minute only: then the chain's count rules again, so a transaction that
 * never reached the chain leaves no gap. While Redis is unreachable, turns are taken in this process.
 */
export function redisTurns(opts: RedisTurnsOptions): WalletTurns {
  // Connection errors are not logged: the switch to local turns is, once each way.
  const { redis } = openRedis(opts.url);
  redis.defineCommand('walletRecordNonce', { lua: RECORD_NONCE });
  redis.defineCommand('walletRelease', { lua: UNLOCK_SCRIPT });
  const commands = redis as unknown as TurnCommands;
  const base = `${opts.prefix}wallet:${opts.chainId}:${opts.wallet.toLowerCase()}:`;
  const lockKey = `${base}lock`;
  const nonceKey = `${base}nonce`;
  const lockTtlMs = opts.lockTtlMs ?? 15_000;
  const waitMs = opts.waitMs ?? 20_000;
  let alone = false;
  const setAlone = (now: boolean, error?: unknown) => {
    if (now === alone) return;
    alone = now;
    if (now)
      opts.logger.warn('settling wallet turns: Redis unreachable, taking turns in this instance only', {
        error: (error as Error | undefined)?.message,
      });
    else opts.logger.info('settling wallet turns: shared through Redis again');
  };

  /** Takes the wallet's lock, waiting for other instances' turns; rejects when Redis cannot be reached. */
  const lock = async (owner: string): Promise<true> => {
    const deadline = Date.now() + waitMs;
    for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
      if ((await redis.set(lockKey, owner, 'PX', lockTtlMs, 'NX')) === 'OK') return true;
      if (Date.now() > deadline) throw new Error('timed out waiting for the settling wallet’s turn');
      await sleep(pause);
    }
  };

  const shared = async <T>(send: (nonce: number) => Promise<T>): Promise<T> => {
    const owner = randomUUID();
    // Known down and not reconnected yet: no wait for Redis on every settlement.
    if (alone && redis.status !== 'ready') return send(await opts.pendingNonce());
    try {
      await lock(owner);
    } catch (error) {
      if (/timed out waiting/.test((error as Error).message)) throw error;
      setAlone(true, error);
      return send(await opts.pendingNonce());
    }
    setAlone(false);
    try {
      const [pending, recorded] = await Promise.all([opts.pendingNonce(), redis.get(nonceKey)]);
      const nonce = nextNonce(pending, recorded === null ? null : Number(recorded));
      const sent = await send(nonce);
      // Sent: a failure to record the next nonce must not fail the settlement (the chain's count covers it).
      await commands
        .walletRecordNonce(2, lockKey, nonceKey, owner, String(nonce + 1), '60000')
        .catch(() => {});
      return sent;
    } finally {
      await commands.walletRelease(1, lockKey, owner).catch(() => {});
    }
  };

  return {
    submit: (send) => oneAtATime(opts.wallet, () => shared(send)),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
