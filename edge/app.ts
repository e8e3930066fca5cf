import { Hono, type MiddlewareHandler } from 'hono';
import type { H } from 'hono/types';
import { DEFAULT_SIBLINGS, resolveMovedPath, type SiblingBaseUrls } from '../core/docs/moved-routes.ts';
import type { PublicContext } from '../core/envelopes/context.ts';
import { GENERAL_BUCKET, type RateLimit, type TokenBucket } from '../core/limits.ts';
import { MCP_PATH } from '../core/mcp/tools.ts';
import { DEMO_PAY_TO } from '../core/payment.ts';
import { type RouteDef, type RouteId, routePath } from '../core/routes.ts';
import { optionsHeaders } from './cors.ts';
import { type EdgeSite, edgeStep } from './dispatch.ts';
import {
  type EdgeContext,
  type EdgeEnv,
  rawTarget,
  reply,
  replyJson,
  requestHeader,
  socketAddress,
} from './env.ts';
import { errorHandler } from './error-handler.ts';
import { methodNotAllowed, notFound, rateLimited } from './errors.ts';
import { noFacilitator } from './facilitator/facilitator.ts';
import { type Logger, silentLogger } from './logger.ts';
import { mcpHandlers, mcpStatus } from './mcp/endpoint.ts';
import { type AdviseFn, advisorHandler } from './paid/advisor.ts';
import { historyHandler } from './paid/history.ts';
import { openShop, type Shop } from './paid/shop.ts';
import { clientIp } from './rate-limit/client-ip.ts';
import { applyDecision, rateLimiter } from './rate-limit/limiter.ts';
import type { RateLimitStore } from './rate-limit/store.ts';
import { freeFileHandler, negotiatedFileHandler } from './routes/free-files.ts';
import { healthHandler } from './routes/health.ts';
import { allowedMethods, routeIndex, STATIC_METHODS } from './routes/route-index.ts';
import type { DistMap } from './static/dist-map.ts';
import { conditionalGet, sendFile } from './static/send-file.ts';
import { siteHandler } from './static/site-handler.ts';

/** Everything the edge app needs, injected so tests can pose any clock, store, site and content. */
export interface EdgeDeps {
  /** Public base URL and platform segment. */
  readonly ctx: PublicContext;
  /** The current built site; a function so a reload swaps it without rebuilding the app. */
  readonly dist: () => DistMap;
  /** Folder of the published content (hour files beyond the site's window, history). */
  readonly contentDir: string;
  readonly store: RateLimitStore;
  /** Clock in ms since epoch (default Date.now). */
  readonly now?: () => number;
  /** Proxies whose X-Forwarded-For is believed (default none: the socket address counts). */
  readonly trustedProxies?: readonly string[];
  readonly siblings?: SiblingBaseUrls;
  /**
   * What the paid routes sell with (`paid/shop.ts`: x402's server, kept answers, the free tier…);
   * default: payments off, every paid request answered with the demo payee's 402.
   */
  readonly shop?: Shop | Promise<Shop>;
  /** The advisor's computation (without it, a paid or keyed advisor request is answered 503). */
  readonly advise?: AdviseFn;
  /** Extra /health checks (e.g. the refund worker); each may add a reason that makes it degraded. */
  readonly healthChecks?: () => Promise<Record<string, { reason?: string } & Record<string, unknown>>>;
  readonly logger?: Logger;
  /** Changes the fixed-window limits (the bench raises them); the contract's limits by default. */
  readonly adjustLimit?: (limit: RateLimit) => RateLimit;
  /** Changes the general token bucket (the bench raises it); GENERAL_BUCKET by default. */
  readonly adjustBucket?: (bucket: TokenBucket) => TokenBucket;
}

/** Answers OPTIONS with 204 and any other method with 405, both naming `allow`. */
function methodGuard(allow: readonly string[]) {
  return function guardMethod(c: EdgeContext): Response {
    if (c.req.method === 'OPTIONS') return reply(c, 204, null, optionsHeaders(allow));
    throw methodNotAllowed(allow);
  };
}

/** A handler of the edge: a Response, or a promise of one. */
type Handler = (c: EdgeContext) => Response | Promise<Response>;

/**
 * How the edge answers each declared route: a handler of its own (built once from the route's
 * declaration), a chain of Hono handlers (one concern each), or `file`: the route's file from the
 * built site.
 */
type RouteHandlers = {
  readonly [Id in RouteId]: 'file' | ((route: RouteDef) => Handler | readonly [H<EdgeEnv>, ...H<EdgeEnv>[]]);
};

/**
 * The edge as a Hono app (pure wiring). Middleware: the rate limits (every
 * request). Routes: each declared route at its path, its own method answered by its handler (GET's
 * also answers HEAD, as Hono does; a POST route answers HEAD itself), OPTIONS with 204 and any other
 * method with 405, both naming `Allow`. Then one handler for everything else (edgeStep): an in-memory
 * site file for GET/HEAD; moved/retired paths (every method; none is a route, so none reaches payment
 * code); hour files and the rest of the site; then 405/404. Every error goes through the one error
 * handler.
 */
export function createApp(deps: EdgeDeps): Hono<EdgeEnv> {
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? silentLogger;
  const platform = deps.ctx.platform;
  const siblings = deps.siblings ?? DEFAULT_SIBLINGS;
  const routes = routeIndex(platform, deps.adjustLimit);
  const shop =
    deps.shop ??
    openShop({ ctx: deps.ctx, payTo: DEMO_PAY_TO, facilitator: noFacilitator(DEMO_PAY_TO, true), logger });
  const trusted = new Set(deps.trustedProxies ?? []);
  const clientOf = (socket: string | undefined, forwardedFor: () => string | undefined) =>
    clientIp(socket, trusted.size > 0 ? forwardedFor() : undefined, trusted);

  const limiter = rateLimiter({
    store: deps.store,
    windowsFor: routes.windowsFor,
    bucket: deps.adjustBucket ? deps.adjustBucket(GENERAL_BUCKET) : GENERAL_BUCKET,
    now,
    logger,
  });
  /** The rate limits, as Hono middleware (every request). */
  const rateLimit: MiddlewareHandler<EdgeEnv> = async (c, next) => {
    const client = clientOf(socketAddress(c), () => requestHeader(c, 'x-forwarded-for'));
    applyDecision(c, await limiter.decide(client, c.req.path));
    await next();
  };

  // A handler for every declared route (a route missing here is a type error): its own, or `file`,
  // the route's built file from the site.
  const handlers: RouteHandlers = {
    'setup-guide': (route) => [conditionalGet, negotiatedFileHandler(route, deps.dist)],
    changelog: 'file',
    catalog: 'file',
    sample: 'file',
    latest: 'file',
    brief: 'file',
    index: 'file',
    history: (route) => historyHandler({ route, ctx: deps.ctx, shop, contentDir: deps.contentDir, now }),
    advisor: (route) => advisorHandler({ route, ctx: deps.ctx, shop, advise: deps.advise }),
    discovery: 'file',
    health: () =>
      healthHandler({
        ctx: deps.ctx,
        dist: deps.dist,
        storeStatus: () => deps.store.status(),
        facilitatorStatus: async () => (await shop).x402.status(),
        extraChecks: async () => ({ ...(await deps.healthChecks?.()), mcp: mcpStatus(deps.ctx) }),
        now,
      }),
    openapi: 'file',
    llms: 'file',
    'llms-full': 'file',
    'x402-manifest': 'file',
    'x402-resources': 'file',
    'agent-card': 'file',
    terms: 'file',
  };

  const app = new Hono<EdgeEnv>();
  app.onError(errorHandler(logger));
  app.notFound(() => {
    throw notFound();
  });
  app.use(rateLimit);

  // Each route of the table, as Hono routes: its method's handler (or chain), HEAD (GET's headers, a
  // paid POST route's 402 challenge), OPTIONS 204 and any other method 405, with the route's Allow.
  const fileRoutes = new Set<string>();
  for (const [path, route] of routes.byPath) {
    const own = handlers[route.id];
    if (own === 'file') fileRoutes.add(path);
    const made =
      own === 'file' ? ([conditionalGet, freeFileHandler(route, path, deps.dist)] as const) : own(route);
    const chain: readonly [H<EdgeEnv>, ...H<EdgeEnv>[]] = typeof made === 'function' ? [made] : made;
    const guard = methodGuard(allowedMethods(route));
    app.on(route.method, path, ...chain);
    // Hono answers HEAD with the GET handlers; a (paid) route of another method: its challenge at once.
    if (route.method !== 'GET') {
      app.get(path, async (c) => {
        if (c.req.method === 'HEAD') throw (await shop).x402.challenge(route);
        return guard(c);
      });
    }
    app.all(path, guard);
  }
  // The MCP endpoint (`edge/mcp/`): its tools mirror routes and count against their own limits.
  const mcp = mcpHandlers({
    ctx: deps.ctx,
    dist: deps.dist,
    contentDir: deps.contentDir,
    shop,
    advise: deps.advise,
    now,
    logger,
    async limit(c, route) {
      if (route.limits.length === 0) return;
      const client = clientOf(socketAddress(c), () => requestHeader(c, 'x-forwarded-for'));
      const decision = await limiter.decide(client, routePath(route, platform), false);
      if (decision.retryAfterSeconds !== null)
        throw rateLimited(decision.retryAfterSeconds, decision.headers ?? {});
    },
  });
  app.post(MCP_PATH, mcp.post);
  app.all(MCP_PATH, mcp.other);

  const served: EdgeSite = {
    routes: new Set(routes.byPath.keys()),
    fileRoutes,
    dist: deps.dist,
    moved: (path, query) => resolveMovedPath(path, query, siblings, platform),
  };

  const site = siteHandler(deps.dist, deps.contentDir);
  const staticGuard = methodGuard(STATIC_METHODS);
  const respond: Handler = (c) => {
    const step = edgeStep(served, { method: c.req.method, path: c.req.path, raw: () => rawTarget(c) });
    switch (step.kind) {
      case 'file':
        return sendFile(c, step.file);
      case 'moved':
        return replyJson(c, step.answer.status, step.answer.body, step.answer.headers);
      case 'site':
        return site(c);
      case 'methods':
        return staticGuard(c);
      case 'not-found':
        throw notFound();
    }
  };

  // Everything that is no declared route's.
  app.all('*', conditionalGet, respond);

  return app;
}
