import type { PublicContext } from '../core/envelopes/context.ts';
import { LIMITS } from '../core/limits.ts';
import { BASE_MAINNET_USDC, DEMO_PAY_TO } from '../core/payment.ts';
import { ROUTES, type RouteDef } from '../core/routes.ts';
import type { EdgeConfig as Config } from './config.ts';
import {
  embeddedFacilitator,
  type Facilitator,
  hostOf,
  noFacilitator,
  remoteFacilitator,
} from './facilitator/facilitator.ts';
import type { FreeTier } from './keys/free-tier.ts';
import type { ApiKeyStore } from './keys/key.ts';
import { keyQuota } from './keys/quota.ts';
import { apiKeyStore } from './keys/store.ts';
import type { Logger } from './logger.ts';
import { type SettlementLog, stateSettlementLog } from './paid/settlement-log.ts';
import { openShop, type Shop } from './paid/shop.ts';
import { type PaymentSetup, paymentSetup } from './payment-config.ts';
import { fallbackRefundQueue } from './refunds/fallback-queue.ts';
import { cancelRefund, type RefundQueue } from './refunds/order.ts';
import { refundQueue } from './refunds/state-queue.ts';
import { type RefundWorker, startRefundWorker } from './refunds/worker.ts';
import type { ExtraChecks } from './routes/health.ts';
import { localState } from './state/local-state.ts';
import { redisState } from './state/redis-state.ts';

/** Everything the paid routes run on, built from the configuration. */
export interface PaymentsRuntime {
  readonly setup: PaymentSetup;
  /** What the paid routes sell with: x402's server (remote, embedded or no facilitator), kept answers, the chain check. */
  readonly shop: Shop;
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

  const facilitator =
    facilitatorFromSetup(
      setup,
      shared ? { url: shared, prefix: cfg.RATE_LIMIT_PREFIX, logger } : undefined,
    ) ?? noFacilitator(DEMO_PAY_TO, true);
  const payTo = setup.mode === 'challenge-only' ? DEMO_PAY_TO : setup.payTo;
  const rpcUrl = setup.mode === 'embedded' ? setup.rpcUrl : cfg.EVM_RPC_URL;
  const shop = await openShop({
    ctx: deps.ctx,
    payTo,
    facilitator,
    freeTier,
    ledger,
    refunds: {
      enqueue: (order) => refunds.enqueue(order),
      cancel: (id, why) => cancelRefund(refunds, id, why, new Date(now())),
    },
    ...(rpcUrl === undefined ? {} : { rpcUrl }),
    ...(setup.mode === 'challenge-only' ? {} : { timeoutMs: setup.timeoutMs }),
    logger,
    now,
  });
  if (setup.mode !== 'challenge-only') {
    const requirements = shop.x402.requirements(ROUTES.find((r) => r.access === 'paid') as RouteDef);
    logger.info('payments ON', {
      facilitator: setup.mode,
      where: setup.mode === 'remote' ? hostOf(setup.url) : hostOf(setup.rpcUrl),
      ...(setup.mode === 'remote' && setup.cdp ? { auth: 'CDP API key (a fresh JWT per call)' } : {}),
      payTo: setup.payTo,
      network: requirements.network,
      asset: requirements.asset,
      settlements: ledger.where,
      chainCheck:
        rpcUrl === undefined
          ? 'off: set EVM_RPC_URL so uncertain settlements are looked up on chain'
          : hostOf(rpcUrl),
    });
  } else {
    logger.warn(
      'payments OFF: challenge-only mode, the 402 names the demo payee and no money is ever taken (set PAY_TO and a facilitator to take payments)',
      { payTo: DEMO_PAY_TO },
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
    shop,
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
      await shop.close();
      await Promise.allSettled([ledger.close(), refunds.close(), local.close(), sharedState?.close()]);
    },
  };
}
