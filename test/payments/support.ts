import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { wrapFetchWithPayment } from '@x402/fetch';
import { addHours, floorHour } from '../../core/hours.ts';
import type { TokenBucket } from '../../core/limits.ts';
import { payerClient } from '../../core/payer-client.ts';
import { makeDigest } from '../../core/testing/digest.ts';
import { type EdgeConfig as Config, loadEdgeConfig } from '../../edge/config.ts';
import { embeddedFacilitator } from '../../edge/facilitator/facilitator.ts';
import { jsonLogger, type Logger } from '../../edge/logger.ts';
import type { AdviseFn } from '../../edge/paid/advisor.ts';
import { type EdgeHandle, startEdge } from '../../edge/start.ts';
import { writeContent } from '../../edge/testing/fixtures.ts';
import { type DevAccount, type DevChain, startDevChain } from '../../tools/dev-chain/index.ts';

/** Test support: a folder of its own, removed by `cleanup`. */
export async function tempDir(label: string): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `murmur-${label}-`));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Test support: content/ with a digest for each of the last `hours` complete hours (real clock). */
export async function recentContent(dir: string, hours = 6): Promise<void> {
  const newest = addHours(floorHour(new Date()), -1);
  const digests = Array.from({ length: hours }, (_, i) => makeDigest(addHours(newest, -i).toISOString()));
  await writeContent(dir, digests);
}

/** Test support: a bucket no test's burst reaches (every request comes from 127.0.0.1). */
export const ROOMY_BUCKET = (b: TokenBucket): TokenBucket => ({
  ...b,
  burst: 100_000,
  ratePerSecond: 100_000,
});

/** Test support: the configuration of an edge on loopback with `env` added. */
export function edgeConfig(
  dirs: { content: string; state: string; dist: string },
  env: Record<string, string>,
): Config {
  return loadEdgeConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: dirs.dist,
    DIST_WATCH: '0',
    CONTENT_DIR: dirs.content,
    STATE_DIR: dirs.state,
    ANALYSER: 'offline',
    ...env,
  });
}

/** Test support: the payment variables of the embedded facilitator on the dev chain. */
export function embeddedEnv(chain: DevChain, refunds = true): Record<string, string> {
  return {
    PAY_TO: chain.payTo.address,
    FACILITATOR_PRIVATE_KEY: chain.facilitator.privateKey,
    EVM_RPC_URL: chain.rpcUrl,
    ...(refunds ? { REFUND_PRIVATE_KEY: chain.refund.privateKey } : {}),
  };
}

/** Test support: starts an edge in this process (real HTTP on loopback). */
export function startTestEdge(cfg: Config, logger: Logger, advise?: AdviseFn): Promise<EdgeHandle> {
  return startEdge(cfg, logger, { adjustBucket: ROOMY_BUCKET, ...(advise ? { advise } : {}) });
}

/** Test support: a dev chain, content and dist folders, and edges on them that are all closed at the end. */
export interface EdgeFixture {
  readonly chain: DevChain;
  readonly dirs: { readonly content: string; readonly dist: string };
  /**
   * Starts an edge with `env` on a state folder of its own (unless `state` is given), logging to
   * `logger` (default: a capturing one) and computing advice with `advise` when given.
   */
  edgeWith(
    env: Record<string, string>,
    opts?: { logger?: Logger; state?: string; advise?: AdviseFn },
  ): Promise<EdgeHandle>;
  /** A state folder removed at the end. */
  stateDir(): Promise<string>;
  closeEdge(edge: EdgeHandle): Promise<void>;
  /** Closes every edge still open and the chain, and removes the folders. */
  close(): Promise<void>;
}

/**
 * Test support: starts the chain (`payers` funded accounts) and the folders of an EdgeFixture.
 * `sameSecondBlocks` keeps the chain's clock on the wall clock, for short-lived authorizations.
 */
export async function edgeFixture(
  payers: number,
  opts: { sameSecondBlocks?: boolean } = {},
): Promise<EdgeFixture> {
  const cleanups: Array<() => Promise<void>> = [];
  const edges: EdgeHandle[] = [];
  const chain = await startDevChain({ payers, ...opts });
  const content = await tempDir('content');
  const dist = await tempDir('dist');
  cleanups.push(content.cleanup, dist.cleanup);
  await recentContent(content.dir);
  const dirs = { content: content.dir, dist: dist.dir };
  const stateDir = async () => {
    const made = await tempDir('state');
    cleanups.push(made.cleanup);
    return made.dir;
  };
  return {
    chain,
    dirs,
    stateDir,
    async edgeWith(env, opts = {}) {
      const cfg = edgeConfig({ ...dirs, state: opts.state ?? (await stateDir()) }, env);
      const edge = await startTestEdge(cfg, opts.logger ?? capturingLogger().logger, opts.advise);
      edges.push(edge);
      return edge;
    },
    async closeEdge(edge) {
      edges.splice(edges.indexOf(edge), 1);
      await edge.close(1_000);
    },
    async close() {
      for (const edge of [...edges]) await edge.close(1_000);
      await chain.close();
      for (const c of cleanups) await c();
    },
  };
}

/** Test support: a logger that keeps whole JSON lines, fields included (memoryLogger keeps only the message). */
export function capturingLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  return { logger: jsonLogger((line) => lines.push(line)), text: () => lines.join('') };
}

/** Test support: USDC balances of `accounts` on the dev chain, to check that nothing (or exactly what) moved. */
export function balancesOn(chain: DevChain, ...accounts: `0x${string}`[]): Promise<bigint[]> {
  return Promise.all(accounts.map((a) => chain.balanceOf(a)));
}

/** Test support: what the tests read of `/health`. */
export interface HealthReport {
  reasons: string[];
  checks: {
    facilitator: { mode: string; status: string; problem?: string; details?: Record<string, unknown> };
    refunds?: { worker: string; pending: number | null };
  };
}

/** Test support: the edge's `/health`. */
export async function healthOf(edge: Pick<EdgeHandle, 'baseUrl'>): Promise<HealthReport> {
  return (await (await fetch(`${edge.baseUrl}/health`)).json()) as HealthReport;
}

/** Test support: `fetch` that pays with @x402/fetch as `payer`. */
export function payingFetch(payer: Pick<DevAccount, 'privateKey'>): typeof fetch {
  return wrapFetchWithPayment(fetch, payerClient(payer.privateKey));
}

/** Test support: the decoded PAYMENT-REQUIRED header of a 402. */
export function challengeOf(res: Response): PaymentRequired {
  return JSON.parse(Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'));
}

/**
 * Test support: a payment header signed by `privateKey` for `challenge` after `tamper` changed the
 * requirements it signs (amount, payee, timeout…); `accepted` is then set back to the challenge's own
 * requirements, as a client that lies about what it signed would send.
 */
export async function signedHeader(
  privateKey: `0x${string}`,
  challenge: PaymentRequired,
  tamper: (req: PaymentRequired['accepts'][number]) => PaymentRequired['accepts'][number] = (r) => r,
  after: (payload: PaymentPayload) => PaymentPayload = (p) => p,
): Promise<string> {
  const original = challenge.accepts[0];
  if (!original) throw new Error('challenge without accepts');
  const signed = await payerClient(privateKey).createPaymentPayload({
    ...challenge,
    accepts: [tamper({ ...original, extra: { ...original.extra } })],
  });
  return encodePaymentSignatureHeader(after({ ...signed, accepted: original }));
}

/** Test support: decides whether a facilitator request may pass (e.g. checks its bearer JWT). */
export type FacilitatorAuthorizer = (request: {
  method: string;
  /** The `Host` header, e.g. `127.0.0.1:4021`. */
  host: string;
  /** The path, e.g. `/platform/v2/x402/verify`. */
  path: string;
  authorization: string | undefined;
}) => Promise<boolean>;

/** Test support: where and how a test facilitator server runs. */
export interface FacilitatorServerOptions {
  /** 0 (the default) picks a free port; the port of a closed one brings a facilitator back at its address. */
  port?: number;
  /** Prefix of its paths (CDP's is `/platform/v2/x402`). */
  basePath?: string;
  /** The JSON-RPC it settles through (default the chain's own; a proxy delays or drops its calls). */
  rpcUrl?: string;
  /** Its settling wallet (default the chain's facilitator account). */
  privateKey?: `0x${string}`;
}

/**
 * Test support: a remote facilitator over HTTP (what a hosted one looks like): the embedded
 * facilitator behind `<basePath>/verify`, `/settle` and `/supported`, refusing calls without
 * `Authorization: Bearer <token>` (or that `auth` refuses, when it is a function) with 401, counted in
 * `calls.unauthorized`; `auth` is awaited before each call is served, so a test can act in between.
 * `url` includes `basePath`.
 */
export async function startFacilitatorServer(
  chain: DevChain,
  auth: string | FacilitatorAuthorizer,
  opts: FacilitatorServerOptions = {},
): Promise<{
  url: string;
  port: number;
  calls: { verify: number; settle: number; supported: number; unauthorized: number };
  close(): Promise<void>;
}> {
  const { port = 0, basePath = '' } = opts;
  const facilitator = embeddedFacilitator({
    privateKey: opts.privateKey ?? chain.facilitator.privateKey,
    rpcUrl: opts.rpcUrl ?? chain.rpcUrl,
    network: 'eip155:8453',
    pollingIntervalMs: 50,
  });
  const calls = { verify: 0, settle: 0, supported: 0, unauthorized: 0 };
  const authorized: FacilitatorAuthorizer =
    typeof auth === 'string' ? async (r) => r.authorization === `Bearer ${auth}` : auth;
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    req.on('end', () => {
      void (async () => {
        try {
          const request = {
            method: req.method ?? '',
            host: req.headers.host ?? '',
            path: req.url ?? '',
            authorization: req.headers.authorization,
          };
          if (!(await authorized(request))) {
            calls.unauthorized++;
            return send(401, { error: 'unauthorized' });
          }
          if (req.method === 'GET' && req.url === `${basePath}/supported`) {
            calls.supported++;
            return send(200, await facilitator.client.getSupported());
          }
          const body = JSON.parse(text || '{}');
          if (req.method === 'POST' && req.url === `${basePath}/verify`) {
            calls.verify++;
            return send(200, await facilitator.client.verify(body.paymentPayload, body.paymentRequirements));
          }
          if (req.method === 'POST' && req.url === `${basePath}/settle`) {
            calls.settle++;
            return send(200, await facilitator.client.settle(body.paymentPayload, body.paymentRequirements));
          }
          send(404, { error: 'not found' });
        } catch (error) {
          send(500, { error: (error as Error).message });
        }
      })();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${listening}${basePath}`,
    port: listening,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Test support: waits (bounded: 40 s) until `done` holds; answers whether it did. */
export async function until(done: () => boolean | Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 800; i++) {
    if (await done()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/**
 * Test support: a request on a raw connection the test can cut (its answer, if any, is ignored);
 * `answered` resolves with the status when one comes back.
 */
export function hangingRequest(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): { hangUp(): Promise<void>; answered: Promise<number> } {
  const req = httpRequest(url, { method: init.method, headers: init.headers });
  let answer: (status: number) => void = () => {};
  const answered = new Promise<number>((resolve) => {
    answer = resolve;
  });
  req.on('error', () => {});
  req.on('response', (res) => {
    answer(res.statusCode ?? 0);
    res.resume();
  });
  req.end(init.body);
  return {
    answered,
    /** Cuts the connection, and resolves once it is closed on this side. */
    hangUp: () =>
      new Promise<void>((resolve) => {
        req.once('close', () => resolve());
        req.destroy();
      }),
  };
}

/** Test support: an authorizer for `startFacilitatorServer` that runs a test's hook once before its next call to a path. */
export function facilitatorHooks(): {
  authorize: FacilitatorAuthorizer;
  /** Runs `hook` (awaited) before the next `/verify` or `/settle` call is served. */
  before(path: '/verify' | '/settle', hook: () => Promise<void>): void;
} {
  const pending = new Map<string, () => Promise<void>>();
  return {
    async authorize(request) {
      for (const [path, hook] of pending) {
        if (!request.path.endsWith(path)) continue;
        pending.delete(path);
        await hook();
      }
      return true;
    },
    before(path, hook) {
      pending.set(path, hook);
    },
  };
}

/**
 * Test support: sends a paid request whose client hangs up while the facilitator settles it (the hook
 * cuts the connection, lets the edge see it go, then the settlement proceeds). Resolves once cut.
 */
export async function hangUpDuringSettle(
  edge: Pick<EdgeHandle, 'baseUrl'>,
  hooks: ReturnType<typeof facilitatorHooks>,
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<void> {
  let client: ReturnType<typeof hangingRequest> | undefined;
  const cut = new Promise<void>((resolve) => {
    hooks.before('/settle', async () => {
      await client?.hangUp();
      // Requests on fresh connections: the edge reads the hang-up before it answers them.
      for (let i = 0; i < 3; i++) await (await fetch(`${edge.baseUrl}/api`)).text();
      resolve();
    });
  });
  client = hangingRequest(`${edge.baseUrl}${path}`, init);
  await cut;
}

/** Test support: `signedHeader` for an authorization valid `seconds` from now (the challenge's terms otherwise). */
export function shortLivedHeader(
  privateKey: `0x${string}`,
  challenge: PaymentRequired,
  seconds: number,
): Promise<string> {
  return signedHeader(privateKey, challenge, (r) => ({ ...r, maxTimeoutSeconds: seconds }));
}
