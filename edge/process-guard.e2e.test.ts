import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerClient } from '../core/payer-client.ts';
import { ErrorBody } from '../core/schemas/envelope.ts';
import { makeDigest } from '../core/testing/digest.ts';
import { fakeSiteFiles, writeContent, writeSite } from './testing/fixtures.ts';
import { type SpawnedEdge, spawnEdge } from './testing/spawn-edge.ts';

const rejectOnSignal = fileURLToPath(new URL('./testing/reject-on-signal.ts', import.meta.url));
/** Secrets an operator's RPC URL carries: userinfo, a key in the path, a key in the query. */
const SECRETS = ['hunter2', 'PATHKEY123', 'QUERYKEY456'];

let dir: string;
let edge: SpawnedEdge;

/** A loopback port nothing listens on (bound once, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'edge-guard-'));
  await writeSite(join(dir, 'dist'), fakeSiteFiles({ baseUrl: 'http://localhost', platform: 'forum' }));
  await writeContent(join(dir, 'content'), [makeDigest('2026-01-30T10:00:00.000Z')]);
  const rpc = `http://user:hunter2@127.0.0.1:${await closedPort()}/v2/PATHKEY123?apikey=QUERYKEY456`;
  edge = await spawnEdge(
    {
      DIST_DIR: join(dir, 'dist'),
      CONTENT_DIR: join(dir, 'content'),
      PAY_TO: '0x1111111111111111111111111111111111111111',
      FACILITATOR_PRIVATE_KEY: generatePrivateKey(),
      EVM_RPC_URL: rpc,
    },
    { preload: [rejectOnSignal] },
  );
});
afterAll(async () => {
  await edge?.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A payment for the history route signed by a random (unfunded) key: it matches the route's terms. */
async function signedPayment(path: string): Promise<string> {
  const unpaid = await fetch(edge.url(path));
  expect(unpaid.status).toBe(402);
  const challenge = JSON.parse(
    Buffer.from(unpaid.headers.get('payment-required') ?? '', 'base64').toString('utf8'),
  );
  return encodePaymentSignatureHeader(
    await payerClient(generatePrivateKey()).createPaymentPayload(challenge),
  );
}

async function expectServing() {
  expect(edge.child.exitCode).toBeNull();
  expect((await fetch(edge.url('/api/forum/digests/latest'))).status).toBe(200);
  const health = await fetch(edge.url('/health'));
  expect(health.status).toBe(200);
  const text = await health.text();
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('no request can stop the edge', () => {
  it('a matching payment while the embedded facilitator’s RPC is down: 503 with Retry-After, and the edge keeps serving', async () => {
    const path = '/api/forum/digests?hours=1';
    for (let i = 0; i < 2; i++) {
      const res = await fetch(edge.url(path), {
        headers: { 'PAYMENT-SIGNATURE': await signedPayment(path) },
      });
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      const body = ErrorBody.parse(await res.json());
      for (const secret of SECRETS) expect(JSON.stringify(body)).not.toContain(secret);
    }
    // Give a rejection the library left behind the turn it needs to surface, then check the edge.
    await new Promise((r) => setImmediate(r));
    await expectServing();
    expect(edge.log()).not.toMatch(/unhandled rejection/);
  });

  it('an unhandled rejection anywhere is logged, without the secrets of URLs, and survived', async () => {
    edge.child.kill('SIGUSR2');
    for (let i = 0; i < 100 && !/lost check/.test(edge.log()); i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(edge.log()).toMatch(/unhandled rejection.*lost check: http:\/\/\[redacted\]@rpc\.example/);
    await expectServing();
  });

  it('no log line carries a secret of a URL', () => {
    for (const secret of SECRETS) expect(edge.log()).not.toContain(secret);
  });
});
