import { decodePaymentResponseHeader } from '@x402/core/http';
import { decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody, HistoryResponse } from '../../core/schemas/envelope.ts';
import type { Logger } from '../../edge/logger.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import { cdpBearerProblem, type TestCdpKey, testCdpKey } from '../../edge/testing/cdp.ts';
import type { DevAccount, DevChain } from '../../tools/dev-chain/index.ts';
import {
  balancesOn,
  capturingLogger,
  type EdgeFixture,
  edgeFixture,
  healthOf,
  payingFetch,
  startFacilitatorServer,
} from './support.ts';

// The CDP facilitator's authentication end to end on the dev chain: a facilitator over HTTP at CDP's
// path (`/platform/v2/x402`) that, like CDP, takes a call only with a bearer JWT signed by the API key
// (the public key it keeps), unexpired, with a nonce it has not seen, whose `uris` names that very
// request; the edge configured with CDP_API_KEY_ID and CDP_API_KEY_SECRET (both key kinds) pays
// through it, and with a wrong secret gets 503 and moves nothing.

const HISTORY = '/api/forum/digests';
const BASE_PATH = '/platform/v2/x402';

let world: EdgeFixture;
let chain: DevChain;

const payer = (i: number) => chain.payers[i] as DevAccount;
const edgeWith = (env: Record<string, string>, logger: Logger) => world.edgeWith(env, { logger });
const closeEdge = (edge: EdgeHandle) => world.closeEdge(edge);
const balances = (...accounts: `0x${string}`[]) => balancesOn(chain, ...accounts);

beforeAll(async () => {
  world = await edgeFixture(2);
  chain = world.chain;
});
afterAll(() => world?.close());

describe.each([
  ['ed25519', 0],
  ['ec', 1],
] as const)('a facilitator that checks CDP bearer JWTs, with a CDP API key (%s)', (kind, payerIndex) => {
  let key: TestCdpKey;
  let facilitator: Awaited<ReturnType<typeof startFacilitatorServer>>;
  /** Every call the facilitator saw: the request, and why it was refused (undefined: taken). */
  const seen: Array<{ request: string; problem: string | undefined }> = [];
  const nonces = new Set<string>();
  const cdpEnv = (secret: string) => ({
    PAY_TO: chain.payTo.address,
    FACILITATOR_URL: facilitator.url,
    FACILITATOR_HEADERS: JSON.stringify({ 'X-Correlation': 'murmur-test' }),
    CDP_API_KEY_ID: key.apiKeyId,
    CDP_API_KEY_SECRET: secret,
  });

  beforeAll(async () => {
    key = testCdpKey(kind);
    facilitator = await startFacilitatorServer(
      chain,
      async (request) => {
        let problem = await cdpBearerProblem(request.authorization, key, request);
        if (problem === undefined) {
          // A JWT is good for one call: a nonce seen before is a replay.
          const token = request.authorization?.replace(/^Bearer /, '') ?? '';
          const nonce = String(decodeProtectedHeader(token).nonce);
          if (nonces.has(nonce)) problem = 'nonce seen before';
          nonces.add(nonce);
        }
        seen.push({ request: `${request.method} ${request.host}${request.path}`, problem });
        return problem === undefined;
      },
      { basePath: BASE_PATH },
    );
  });
  afterAll(async () => {
    await facilitator?.close();
  });

  it('settles a paid history request (payer −20000, payee +20000), each call with a fresh JWT naming it; /health ok; the key never logged', async () => {
    const logs = capturingLogger();
    const edge = await edgeWith(cdpEnv(key.apiKeySecret), logs.logger);
    expect(edge.payments.shop.x402.mode).toBe('remote');
    const p = payer(payerIndex);
    const before = await balances(p.address, chain.payTo.address);
    const calls = { ...facilitator.calls };
    const from = seen.length;

    const res = await payingFetch(p)(`${edge.baseUrl}${HISTORY}?hours=2&limit=2`);
    expect(res.status).toBe(200);
    expect(HistoryResponse.parse(await res.json())).toMatchObject({ success: true, charged: true, count: 2 });
    const receipt = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(receipt).toMatchObject({ success: true, payer: p.address, network: 'eip155:8453' });
    expect(await balances(p.address, chain.payTo.address)).toEqual([
      (before[0] as bigint) - 20_000n,
      (before[1] as bigint) + 20_000n,
    ]);
    expect(facilitator.calls).toMatchObject({
      verify: calls.verify + 1,
      settle: calls.settle + 1,
      unauthorized: calls.unauthorized,
    });
    const host = new URL(facilitator.url).host;
    const requests = seen.slice(from).map((s) => s.request);
    expect(requests).toContain(`POST ${host}${BASE_PATH}/verify`);
    expect(requests).toContain(`POST ${host}${BASE_PATH}/settle`);
    expect(seen.slice(from).every((s) => s.problem === undefined)).toBe(true);

    const report = await healthOf(edge);
    expect(report.checks.facilitator).toMatchObject({ mode: 'remote', status: 'ok' });
    expect(seen.at(-1)?.request).toBe(`GET ${host}${BASE_PATH}/supported`);
    expect(seen.at(-1)?.problem).toBeUndefined();

    await closeEdge(edge);
    const text = logs.text();
    expect(text).toContain('payments ON');
    expect(text).toContain('CDP API key');
    expect(text).not.toContain(key.apiKeyId);
    for (const part of key.apiKeySecret.split('\n').filter((l) => l.length > 16 && !l.startsWith('-----')))
      expect(text).not.toContain(part.slice(0, 16));
  });

  it('with a wrong secret for the key id: paid requests get 503 and nothing moves; /health names the CDP variables', async () => {
    const wrong = testCdpKey(kind);
    const logs = capturingLogger();
    const edge = await edgeWith(cdpEnv(wrong.apiKeySecret), logs.logger);
    const p = payer(payerIndex);
    const before = await balances(p.address, chain.payTo.address);
    const calls = { ...facilitator.calls };
    const from = seen.length;

    const res = await payingFetch(p)(`${edge.baseUrl}${HISTORY}`);
    expect(res.status).toBe(503);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('payment-response')).toBeNull();
    expect(ErrorBody.parse(await res.json()).error).toBe('payment facilitator unavailable');

    expect(await balances(p.address, chain.payTo.address)).toEqual(before);
    expect(facilitator.calls).toMatchObject({ verify: calls.verify, settle: calls.settle });
    expect(facilitator.calls.unauthorized).toBeGreaterThan(calls.unauthorized);
    expect(seen.slice(from).every((s) => s.problem?.startsWith('invalid token') === true)).toBe(true);

    const report = await healthOf(edge);
    expect(report.checks.facilitator).toMatchObject({ mode: 'remote', status: 'degraded' });
    expect(report.checks.facilitator.problem).toMatch(
      /refuses the configured credentials \(HTTP 401\): check CDP_API_KEY_ID and CDP_API_KEY_SECRET/,
    );
    await closeEdge(edge);
    expect(logs.text()).not.toContain(key.apiKeyId);
  });
});
