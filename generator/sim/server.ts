import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type FaultDecision,
  FaultInjector,
  type FaultKind,
  type FaultPlan,
  parseFaultPlan,
} from './faults.ts';
import {
  errorBody,
  getComments,
  getPost,
  getStats,
  type HandlerContext,
  HttpError,
  listPosts,
  listSubmolts,
  type Reply,
  type SimDialect,
} from './handlers.ts';
import { MinuteWindow, type RateState } from './rate-limit.ts';
import { WorldCache } from './world-cache.ts';

export type { FaultPlan, FaultRule, FaultScope, FaultTrigger } from './faults.ts';
export type { SimDialect } from './handlers.ts';

/** How to start the simulator. */
export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** World seed, default 1. */
  seed?: number;
  /** Default 2300, the real forum's median in February 2026. */
  postsPerHour?: number;
  /** Default production-offset. */
  dialect?: SimDialect;
  /** Fixed clock; default the real clock. Only posts created at or before it are visible. */
  now?: Date;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Largest `limit` honoured, default 100. */
  maxPageSize?: number;
  faults?: FaultPlan;
  /** Per-minute limit announced in X-RateLimit-* headers, default 100. */
  rateLimitPerMinute?: number;
  /** Answer 429 once the per-minute limit is spent (default false: headers only). */
  enforceRateLimit?: boolean;
}

/** A running simulator. */
export interface Simulator {
  /** Base URL, e.g. http://127.0.0.1:PORT/api/v1 */
  url: string;
  port: number;
  close(): Promise<void>;
  setFaults(plan: FaultPlan): void;
  setDialect(d: SimDialect): void;
  /** Fix the clock, or null for the real clock. */
  setNow(d: Date | null): void;
  stats(): { requests: number; byRoute: Record<string, number>; faultsInjected: Record<string, number> };
}

const PREFIX = '/api/v1';

interface Route {
  readonly name: string;
  readonly scope: 'lists' | 'comments' | 'other';
  readonly run: (ctx: HandlerContext, query: URLSearchParams) => Reply;
}

/** Maps a path (after the prefix) to its handler; unknown paths answer 404 in the forum's shape. */
function routeOf(path: string): Route {
  const parts = path.split('/').filter(Boolean);
  const [a, b, c, d] = parts;
  if (parts.length === 1 && a === 'posts') return { name: 'GET /posts', scope: 'lists', run: listPosts };
  if (parts.length === 2 && a === 'posts' && b) {
    return { name: 'GET /posts/:id', scope: 'comments', run: (ctx) => getPost(ctx, b) };
  }
  if (parts.length === 3 && a === 'posts' && b && c === 'comments') {
    return { name: 'GET /posts/:id/comments', scope: 'comments', run: (ctx, q) => getComments(ctx, b, q) };
  }
  if (parts.length === 1 && a === 'submolts')
    return { name: 'GET /submolts', scope: 'other', run: listSubmolts };
  if (parts.length === 3 && a === 'submolts' && b && c === 'feed' && d === undefined) {
    return { name: 'GET /submolts/:name/feed', scope: 'lists', run: (ctx, q) => listPosts(ctx, q, b) };
  }
  if (parts.length === 1 && a === 'stats') return { name: 'GET /stats', scope: 'other', run: getStats };
  return {
    name: 'unknown',
    scope: 'other',
    run: () => {
      throw new HttpError(404, 'Not found', 'See the API documentation for available endpoints');
    },
  };
}

const EDGE_HTML = (status: number) =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n</body>\r\n</html>\r\n`;

const DIALECTS: readonly SimDialect[] = ['production-offset', 'production-cursor', 'opensource'];

/** Throws a message naming the option when a SimulatorOptions value is out of range. */
function checkOptions(opts: SimulatorOptions): void {
  const int = (name: keyof SimulatorOptions, min: number, max: number) => {
    const v = opts[name];
    if (v !== undefined && (!Number.isInteger(v) || (v as number) < min || (v as number) > max)) {
      throw new Error(
        `startSimulator: ${name} must be a whole number from ${min} to ${max} (got ${String(v)})`,
      );
    }
  };
  int('port', 0, 65_535);
  int('seed', -2_147_483_648, 2_147_483_647);
  int('postsPerHour', 0, 1_000_000);
  int('maxPageSize', 1, 10_000);
  int('rateLimitPerMinute', 1, 1_000_000);
  if (opts.dialect !== undefined && !DIALECTS.includes(opts.dialect)) {
    throw new Error(
      `startSimulator: dialect must be one of ${DIALECTS.join(', ')} (got ${String(opts.dialect)})`,
    );
  }
  if (opts.now !== undefined && Number.isNaN(opts.now.getTime()))
    throw new Error('startSimulator: now is an invalid Date');
}

/** Starts the forum simulator on 127.0.0.1. */
export async function startSimulator(opts: SimulatorOptions = {}): Promise<Simulator> {
  checkOptions(opts);
  const world = new WorldCache(opts.seed ?? 1, opts.postsPerHour ?? 2300);
  let dialect: SimDialect = opts.dialect ?? 'production-offset';
  let fixedNow: Date | null = opts.now ?? null;
  let injector = new FaultInjector(parseFaultPlan(opts.faults ?? {}));
  const window = new MinuteWindow(opts.rateLimitPerMinute ?? 100, opts.enforceRateLimit ?? false);
  const maxPageSize = opts.maxPageSize ?? 100;
  const counters = {
    requests: 0,
    byRoute: {} as Record<string, number>,
    faultsInjected: {} as Record<string, number>,
  };
  const timers = new Set<NodeJS.Timeout>();

  const countFault = (kind: FaultKind) => {
    counters.faultsInjected[kind] = (counters.faultsInjected[kind] ?? 0) + 1;
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  const send = (
    res: ServerResponse,
    status: number,
    body: string,
    type: string,
    rate: RateState,
    extra: Record<string, string> = {},
  ) => {
    const bytes = Buffer.from(body, 'utf8');
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'X-RateLimit-Limit': String(rate.limit),
      'X-RateLimit-Remaining': String(rate.remaining),
      'X-RateLimit-Reset': String(rate.resetSeconds),
      ...extra,
    });
    res.end(bytes);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    counters.requests++;
    const url = new URL(req.url ?? '/', 'http://sim.invalid');
    const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : null;
    const route = path === null ? null : routeOf(path);
    const routeName = req.method !== 'GET' ? `${req.method} (unsupported)` : (route?.name ?? 'unknown');
    counters.byRoute[routeName] = (counters.byRoute[routeName] ?? 0) + 1;

    const decision: FaultDecision = injector.decide(route?.scope ?? 'other');
    if (decision.delayMs > 0) {
      countFault('slow');
      await sleep(decision.delayMs);
    }
    const fault = decision.fault;
    const rate = window.take(Date.now());
    const json = (status: number, body: unknown, extra?: Record<string, string>) =>
      send(res, status, JSON.stringify(body), 'application/json; charset=utf-8', rate, extra);

    if (fault?.kind === 'down') {
      countFault('down');
      if (fault.mode === 'destroy') {
        req.socket.destroy();
        return;
      }
      json(503, errorBody('Service temporarily unavailable'), { 'Retry-After': '30' });
      return;
    }
    if (fault?.kind === 'rate-limit' || rate.limited) {
      if (fault?.kind === 'rate-limit') countFault('rate-limit');
      const seconds = fault?.kind === 'rate-limit' ? (fault.retryAfterSeconds ?? 30) : rate.retryAfterSeconds;
      const body =
        dialect === 'opensource'
          ? { ...errorBody('Rate limit exceeded'), retryAfter: seconds }
          : {
              ...errorBody('Rate limit exceeded', `Wait ${seconds} seconds before retrying`),
              retry_after_seconds: seconds,
            };
      json(429, body, { 'Retry-After': String(seconds) });
      return;
    }
    if (opts.apiKey !== undefined) {
      const auth = req.headers.authorization;
      if (auth !== `Bearer ${opts.apiKey}`) {
        json(
          401,
          errorBody(
            auth ? 'Invalid API key' : 'Authentication required',
            'Send Authorization: Bearer <api key>',
          ),
        );
        return;
      }
    }
    if (fault?.kind === 'server-error') {
      countFault('server-error');
      const status = fault.status ?? 500;
      if (fault.html) send(res, status, EDGE_HTML(status), 'text/html', rate);
      else json(status, errorBody('Internal server error'));
      return;
    }
    if (req.method !== 'GET') {
      json(405, errorBody('Method not allowed', 'This simulator serves the read API only'));
      return;
    }
    if (!route) {
      json(404, errorBody('Not found', `The API lives under ${PREFIX}`));
      return;
    }
    const overlap = fault?.kind === 'overlap' && route.scope === 'lists' ? (fault.items ?? 5) : 0;
    if (overlap > 0) countFault('overlap');
    let reply: Reply;
    try {
      reply = route.run(
        { world, dialect, nowMs: (fixedNow ?? new Date()).getTime(), maxPageSize, overlap },
        url.searchParams,
      );
    } catch (error) {
      if (error instanceof HttpError)
        reply = { status: error.status, body: errorBody(error.message, error.hint) };
      else reply = { status: 500, body: errorBody('Internal server error') };
    }
    let text = JSON.stringify(reply.body);
    if (fault?.kind === 'truncate') {
      countFault('truncate');
      text = text.slice(0, Math.max(1, Math.floor(text.length * (fault.keepFraction ?? 0.5))));
    }
    send(res, reply.status, text, 'application/json; charset=utf-8', rate);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${PREFIX}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const t of timers) clearTimeout(t);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    setFaults: (plan) => {
      injector = new FaultInjector(parseFaultPlan(plan));
    },
    setDialect: (d) => {
      checkOptions({ dialect: d });
      dialect = d;
    },
    setNow: (d) => {
      fixedNow = d;
    },
    stats: () => ({
      requests: counters.requests,
      byRoute: { ...counters.byRoute },
      faultsInjected: { ...counters.faultsInjected },
    }),
  };
}
