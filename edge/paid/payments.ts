import type { PublicContext } from '../../core/envelopes/context.ts';
import { LIMITS } from '../../core/limits.ts';
import { BASE_MAINNET_USDC, DEMO_PAYMENT_TERMS } from '../../core/payment.ts';
import type { EdgeConfig as Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { ExtraChecks } from '../routes/health.ts';
import { localState } from '../state/local-state.ts';
import { redisState } from '../state/redis-state.ts';
import type { FreeTier } from './advisor.ts';
import { embeddedFacilitator, type Facilitator, hostOf, remoteFacilitator } from './facilitator.ts';
import { challengeOnlyGate, type PaymentGate } from './gate.ts';
import type { ApiKeyStore } from './keys/key.ts';
import { keyQuota } from './keys/quota.ts';
import { apiKeyStore } from './keys/store.ts';
import { type PaymentSetup, paymentSetup } from './payment-config.ts';
import { fallbackRefundQueue } from './refunds/fallback-queue.ts';
import type { RefundQueue } from './refunds/order.ts';
import { refundQueue } from './refunds/state-queue.ts';
import { type RefundWorker, startRefundWorker } from './refunds/worker.ts';
import { type SettlementLog, stateSettlementLog } from './settlement-log.ts';
import { createX402Gate, type X402Gate } from './x402-gate.ts';

/** Everything the paid routes run on, built from the configuration. */
export interface PaymentsRuntime {
  readonly setup: PaymentSetup;
  /** The x402 gate (remote or embedded facilitator), or the challenge-only one. */
  readonly gate: PaymentGate;
  /** The x402 gate when payments are on (benches read its timings). */
  readonly x402: X402Gate | undefined;
  readonly ledger: SettlementLog;
  readonly refunds: RefundQueue;
  /** Running when REFUND_PRIVATE_KEY and EVM_RPC_URL are set. */
  readonly refundWorker: RefundWorker | undefined;
  readonly keys: ApiKeyStore;
  readonly freeTier: FreeTier;
  /** Extra /health checks: the refund queue and worker. */
  healthChecks(): Promise<ExtraChecks>;
  close(): Promise<void>;
}

/**
 * The facilitator a payment setup names (none in challenge-only mode). `shared`: the Redis of the
 * instances, through which embedded facilitators sharing a settling wallet take turns.
 */
export function facilitatorFromSetup(
  setup: PaymentSetup,
  shared?: { url: string; prefix: string; logger: Logger },
): Facilitator | undefined {
  if (setup.mode === 'remote') {
    return remoteFacilitator({
      url: setup.url,
      headers: setup.headers,
      ...(setup.cdp ? { cdp: setup.cdp } : {}),
      timeoutMs: setup.timeoutMs,
      network: BASE_MAINNET_USDC.network,
    });
  }
  if (setup.mode === 'embedded') {
    return embeddedFacilitator({
      privateKey: setup.privateKey,
      rpcUrl: setup.rpcUrl,
      network: BASE_MAINNET_USDC.network,
      ...(shared ? { sharedTurns: shared } : {}),
    });
  }
  return undefined;
}

/**
 * Builds the paid routes' runtime from the configuration alone (the modes: README.md). Keys, quotas,
 * records and refunds are rows of the state store, never the per-IP rate-limit store, whose traffic
 * must not evict quotas: STATE_DIR/state.db, or Redis when RATE_LIMIT_STORE is redis.
 */
export async function paymentsFromConfig(
  cfg: Config,
  deps: {
    ctx: PublicContext;
    logger: Logger;
    now?: () => number;
  },
): Promise<PaymentsRuntime> {
  const { logger } = deps;
  const now = deps.now ?? Date.now;
  const setup = paymentSetup(cfg);
  const shared = cfg.RATE_LIMIT_STORE === 'redis' && cfg.REDIS_URL !== undefined ? cfg.REDIS_URL : undefined;

  // Keys, quotas, refund orders and settlement records: rows of the instance's SQLite state, or of
  // Redis shared by every instance (quotas, refund orders and records then go to the instance's own
  // state while Redis is down; a refund order moves back to Redis before it is paid).
  const local = await localState(cfg.STATE_DIR, logger);
  const sharedState = shared ? redisState({ url: shared, prefix: cfg.RATE_LIMIT_PREFIX, logger }) : undefined;
  const refunds: RefundQueue = sharedState
    ? fallbackRefundQueue({ primary: sharedState, fallback: local, logger })
    : refundQueue(local);
  const ledger = stateSettlementLog({
    state: sharedState ?? local,
    ...(sharedState ? { fallback: local } : {}),
    logger,
  });
  const keys: ApiKeyStore = apiKeyStore(sharedState ?? local);
  const freeTier: FreeTier = {
    store: keys,
    quota: keyQuota({
      state: sharedState ?? local,
      ...(sharedState ? { fallback: local } : {}),
      perDay: LIMITS.advisorKey.max,
      now,
    }),
  };

  const facilitator = facilitatorFromSetup(
    setup,
    shared ? { url: shared, prefix: cfg.RATE_LIMIT_PREFIX, logger } : undefined,
  );
  let x402: X402Gate | undefined;
  let gate: PaymentGate;
  if (facilitator && setup.mode !== 'challenge-only') {
    x402 = await createX402Gate({ ctx: deps.ctx, payTo: setup.payTo, facilitator, ledger, logger, now });
    gate = x402;
    logger.info('payments ON', {
      facilitator: setup.mode,
      where: setup.mode === 'remote' ? hostOf(setup.url) : hostOf(setup.rpcUrl),
      ...(setup.mode === 'remote' && setup.cdp ? { auth: 'CDP API key (a fresh JWT per call)' } : {}),
      payTo: setup.payTo,
      network: x402.terms.network,
      asset: x402.terms.asset,
      settlements: ledger.where,
    });
  } else {
    gate = challengeOnlyGate(deps.ctx, DEMO_PAYMENT_TERMS);
    logger.warn(
      'payments OFF: challenge-only mode, the 402 names the demo payee and no money is ever taken (set PAY_TO and a facilitator to take payments)',
      { payTo: DEMO_PAYMENT_TERMS.payTo },
    );
  }

  let refundWorker: RefundWorker | undefined;
  if (cfg.REFUND_PRIVATE_KEY !== undefined && cfg.EVM_RPC_URL !== undefined) {
    refundWorker = startRefundWorker({
      queue: refunds,
      rpcUrl: cfg.EVM_RPC_URL,
      privateKey: cfg.REFUND_PRIVATE_KEY,
      logger,
    });
    logger.info('refund worker running', { wallet: refundWorker.address, rpc: hostOf(cfg.EVM_RPC_URL) });
  } else if (setup.mode !== 'challenge-only') {
    logger.warn(
      'no refund wallet: refunds of failed paid work are queued durably but not sent until REFUND_PRIVATE_KEY (and EVM_RPC_URL) are set',
    );
  }

  let pendingCache: { at: number; count: Promise<number> } | undefined;
  const pendingRefunds = () => {
    const t = Date.now();
    if (!pendingCache || t - pendingCache.at > 15_000) {
      pendingCache = { at: t, count: refunds.pending().then((p) => p.length) };
      pendingCache.count.catch(() => {
        pendingCache = undefined;
      });
    }
    return pendingCache.count;
  };

  return {
    setup,
    gate,
    x402,
    ledger,
    refunds,
    refundWorker,
    keys,
    freeTier,
    async healthChecks() {
      let pending: number | null = null;
      let reason: string | undefined;
      try {
        pending = await pendingRefunds();
      } catch (error) {
        reason = `refund queue unreadable: ${(error as Error).message.slice(0, 160)}`;
      }
      if (!reason && pending !== null && pending > 0 && !refundWorker) {
        reason = `${pending} refund(s) queued and no refund wallet configured (REFUND_PRIVATE_KEY)`;
      }
      return {
        refunds: {
          worker: refundWorker ? 'running' : 'not configured',
          pending,
          ...(reason ? { reason } : {}),
        },
      };
    },
    async close() {
      await refundWorker?.stop();
      await gate.close();
      await Promise.allSettled([ledger.close(), refunds.close(), local.close(), sharedState?.close()]);
    },
  };
}
