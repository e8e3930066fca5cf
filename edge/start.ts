import { type FSWatcher, watch } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, dirname } from 'node:path';
import { rewriterFromConfig } from '../core/advisor/llm-rewrite.ts';
import type { RateLimit, TokenBucket } from '../core/limits.ts';
import { answerClientErrors, type EdgeListenerDeps, edgeRequestListener } from './adapter.ts';
import { type AdvisorRuntime, startAdvisorRuntime } from './advisor-runtime.ts';
import { createApp, type EdgeDeps } from './app.ts';
import type { EdgeConfig } from './config.ts';
import type { Logger } from './logger.ts';
import type { AdviseFn } from './paid/advisor.ts';
import { type PaymentsRuntime, paymentsFromConfig } from './payments.ts';
import { fallbackStore } from './rate-limit/fallback-store.ts';
import { memoryStore } from './rate-limit/memory-store.ts';
import { redisStore } from './rate-limit/redis-store.ts';
import type { RateLimitStore } from './rate-limit/store.ts';
import { type DistMap, emptyDist, loadDist } from './static/dist-map.ts';

/** A running edge. */
export interface EdgeHandle {
  /** The port actually listened on (PORT=0 picks a free one). */
  readonly port: number;
  /** The public base URL in use. */
  readonly baseUrl: string;
  /** Reloads dist/ into memory; keeps the current site when the new one cannot be read. */
  reload(reason: string): Promise<boolean>;
  /**
   * The paid routes' runtime: the shop (`payments.shop.x402.timings()` gives the facilitator's own
   * verify and settle times), settlement records, refund queue and worker, API keys.
   */
  readonly payments: PaymentsRuntime;
  /** The advisor being served (undefined when `overrides.advise` replaced it). */
  readonly advisor: AdvisorRuntime | undefined;
  /** Stops accepting, lets in-flight requests finish (up to `graceMs`), closes the store. */
  close(graceMs?: number): Promise<void>;
}

/** The rate-limit store the configuration asks for: in-process, or Redis with the in-process fallback. */
export function storeFromConfig(cfg: EdgeConfig, logger: Logger): RateLimitStore {
  if (cfg.RATE_LIMIT_STORE === 'memory' || cfg.REDIS_URL === undefined) return memoryStore();
  const shared = redisStore({ url: cfg.REDIS_URL, prefix: cfg.RATE_LIMIT_PREFIX, logger });
  return fallbackStore(shared, memoryStore(), logger);
}

/**
 * Starts the edge: reads dist/ into memory, serves on HOST:PORT, reloads dist/ when it changes
 * (after DIST_RELOAD_QUIET_MS without further change, since a build writes for seconds) and on
 * demand. Payments come from the configuration alone (PAY_TO, FACILITATOR_*, EVM_RPC_URL,
 * REFUND_PRIVATE_KEY, STATE_DIR; see paid/payments.ts); the advisor model and context are loaded from
 * CONTENT_DIR and kept fresh. `overrides` lets a bench raise limits, a test inject a store or an
 * advisor computation (e.g. one that fails, to exercise refunds).
 */
export async function startEdge(
  cfg: EdgeConfig,
  logger: Logger,
  overrides: {
    adjustLimit?: (l: RateLimit) => RateLimit;
    adjustBucket?: (b: TokenBucket) => TokenBucket;
    store?: RateLimitStore;
    advise?: AdviseFn;
  } = {},
): Promise<EdgeHandle> {
  const platform = cfg.PLATFORM_SEGMENT;
  let current: DistMap;
  try {
    current = await loadDist(cfg.DIST_DIR, platform);
    logger.info('site loaded', { files: current.files.size, bytes: current.bytes });
  } catch (error) {
    logger.warn('site not loaded: serving no static files until it is built', {
      error: (error as Error).message,
    });
    current = emptyDist();
  }

  // Listen first, so that with PORT=0 and no BASE_URL the public address names the real port.
  const wiring: EdgeListenerDeps = {
    fetch: () => new Response(null, { status: 503 }),
    logger,
  };
  // Requests the adapter or node's parser refuse get the contract's JSON error too.
  const server = createServer(edgeRequestListener(wiring));
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(cfg.PORT, cfg.HOST, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = cfg.BASE_URL === undefined ? `http://localhost:${port}` : cfg.baseUrl;

  const store = overrides.store ?? storeFromConfig(cfg, logger);
  const ctx = { baseUrl, platform };
  const payments = await paymentsFromConfig(cfg, { ctx, logger });
  const advisor = overrides.advise
    ? undefined
    : await startAdvisorRuntime({ contentDir: cfg.CONTENT_DIR, rewriter: rewriterFromConfig(cfg), logger });
  const deps: EdgeDeps = {
    ctx,
    dist: () => current,
    contentDir: cfg.CONTENT_DIR,
    store,
    trustedProxies: cfg.TRUSTED_PROXIES,
    siblings: { gh: cfg.GH_BASE_URL, signals: cfg.SIGNALS_BASE_URL, markets: cfg.MARKETS_BASE_URL },
    logger,
    adjustLimit: overrides.adjustLimit,
    adjustBucket: overrides.adjustBucket,
    shop: payments.shop,
    advise: overrides.advise ?? advisor?.advise,
    healthChecks: () => payments.healthChecks(),
  };
  const app = createApp(deps);
  wiring.fetch = (request, env) => app.fetch(request, env);

  let reloading: Promise<boolean> | null = null;
  const reload = (reason: string): Promise<boolean> => {
    reloading ??= loadDist(cfg.DIST_DIR, platform)
      .then((next) => {
        current = next;
        logger.info('site reloaded', { reason, files: next.files.size, bytes: next.bytes });
        return true;
      })
      .catch((error: Error) => {
        logger.warn('site reload failed: keeping the previous site', { reason, error: error.message });
        return false;
      })
      .finally(() => {
        reloading = null;
        watchDist();
      });
    return reloading;
  };

  // Watch dist/ itself (recursive) and its parent (a build may delete and recreate dist/).
  let timer: NodeJS.Timeout | undefined;
  let distWatcher: FSWatcher | undefined;
  let parentWatcher: FSWatcher | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void reload('dist changed'), cfg.DIST_RELOAD_QUIET_MS);
    timer.unref();
  };
  const tryWatch = (path: string, recursive: boolean, onEvent: (name: string | null) => void) => {
    try {
      const w = watch(path, { recursive, persistent: false }, (_event, name) => onEvent(name));
      w.on('error', () => w.close());
      return w;
    } catch {
      return undefined;
    }
  };
  function watchDist() {
    if (cfg.DIST_WATCH !== '1') return;
    distWatcher?.close();
    distWatcher = tryWatch(cfg.DIST_DIR, true, changed);
  }
  if (cfg.DIST_WATCH === '1') {
    watchDist();
    const distName = basename(cfg.DIST_DIR);
    parentWatcher = tryWatch(dirname(cfg.DIST_DIR), false, (name) => {
      if (name === distName) changed();
    });
  }

  return {
    port,
    baseUrl,
    reload,
    payments,
    advisor,
    async close(graceMs = 10_000) {
      clearTimeout(timer);
      distWatcher?.close();
      parentWatcher?.close();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const force = setTimeout(() => server.closeAllConnections(), graceMs);
      force.unref();
      await closed;
      clearTimeout(force);
      advisor?.close();
      await payments.close();
      await store.close();
    },
  };
}
