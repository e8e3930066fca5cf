import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { PaymentPayload, PaymentRequired } from '@x402/core/types';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payerClient } from '../../core/payer-client.ts';
import { AdvisorResponse } from '../../core/schemas/advisor-response.ts';
import { HistoryResponse } from '../../core/schemas/envelope.ts';
import { type AdvisorRuntime, startAdvisorRuntime } from '../../edge/advisor-runtime.ts';
import { readSettlements } from '../../edge/paid/settlement-log.ts';
import type { EdgeHandle } from '../../edge/start.ts';
import type { DevAccount } from '../../tools/dev-chain/index.ts';
import { main as keysCli } from '../../tools/keys.ts';
import { balancesOn, capturingLogger, type EdgeFixture, edgeFixture, embeddedEnv } from './support.ts';

// The paid MCP tools end to end, as x402's MCP transport has a client pay them
// (x402/specs/transports-v2/mcp.md): the SDK's Client over Streamable HTTP against the real edge on
// loopback, with the embedded facilitator on the dev chain, and payments signed with @x402/evm.

const FAIL = 'FAIL AFTER VERIFICATION';
let fx: EdgeFixture;
let edge: EdgeHandle;
let advisor: AdvisorRuntime;
let stateDir: string;
const clients: Client[] = [];

const payer = (i: number) => fx.chain.payers[i] as DevAccount;
const text = (r: CallToolResult) => (r.content[0]?.type === 'text' ? r.content[0].text : '');
type Accepted = PaymentRequired['accepts'][number];

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'mcp-payer', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${edge.baseUrl}/mcp`), { requestInit: { headers } }),
  );
  clients.push(client);
  return client;
}

/** A tool call with `_meta["x402/payment"]` (none when `payment` is undefined). */
async function call(client: Client, name: string, args: Record<string, unknown>, payment?: PaymentPayload) {
  const _meta = payment === undefined ? undefined : { 'x402/payment': payment };
  return (await client.callTool({ name, arguments: args, ...(_meta ? { _meta } : {}) })) as CallToolResult;
}

/** The PaymentRequired of an unpaid call, as the spec has a client read it (structuredContent first). */
async function required(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<PaymentRequired> {
  const result = await call(client, name, args);
  expect(result.isError).toBe(true);
  const pr = (result.structuredContent ?? JSON.parse(text(result))) as PaymentRequired;
  expect(pr).toMatchObject({ x402Version: 2 });
  return pr;
}

/**
 * A payment for `pr` signed by `privateKey`, after `tamper` changed what is signed; `accepted` is
 * set back to the terms asked, as a client lying about what it signed would send.
 */
async function sign(
  privateKey: `0x${string}`,
  pr: PaymentRequired,
  tamper: (a: Accepted) => Accepted = (a) => a,
): Promise<PaymentPayload> {
  const original = pr.accepts[0] as Accepted;
  const signed = await payerClient(privateKey).createPaymentPayload({
    ...pr,
    accepts: [tamper({ ...original })],
  });
  return { ...signed, accepted: original };
}

/** Pays a tool as the spec's client does: call, read the PaymentRequired, sign, call again with it. */
async function paidCall(client: Client, p: DevAccount, name: string, args: Record<string, unknown>) {
  const payment = await sign(p.privateKey, await required(client, name, args));
  return { result: await call(client, name, args, payment), payment };
}

beforeAll(async () => {
  fx = await edgeFixture(6);
  stateDir = await fx.stateDir();
  const { logger } = capturingLogger();
  advisor = await startAdvisorRuntime({ contentDir: fx.dirs.content, rewriter: null, logger });
  const advise = async (request: Parameters<AdvisorRuntime['advise']>[0]) => {
    if (request.prompt.includes(FAIL)) throw new Error('injected advisor failure');
    return advisor.advise(request);
  };
  edge = await fx.edgeWith(embeddedEnv(fx.chain), { state: stateDir, advise, logger });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  advisor?.close();
  await fx?.close();
});

describe('paid MCP tools on the dev chain', () => {
  it('get_digest_history: paid 0.02 USD, the REST answer with the settlement in _meta; balances exact; recorded', async () => {
    const client = await connect();
    const p = payer(0);
    const before = await balancesOn(fx.chain, p.address, fx.chain.payTo.address);
    const { result } = await paidCall(client, p, 'get_digest_history', { hours: 3, limit: 2 });
    expect(result.isError, text(result)).toBeFalsy();
    const body = HistoryResponse.parse(result.structuredContent);
    expect(body).toMatchObject({ success: true, charged: true, hours: 3, limit: 2, count: 2 });
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    const receipt = result._meta?.['x402/payment-response'] as {
      success: boolean;
      payer: string;
      transaction: string;
    };
    expect(receipt).toMatchObject({ success: true, payer: p.address, network: 'eip155:8453' });
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual([
      (before[0] as bigint) - 20_000n,
      (before[1] as bigint) + 20_000n,
    ]);
    expect((await readSettlements(stateDir)).at(-1)).toMatchObject({
      outcome: 'settled',
      route: '/api/forum/digests',
      amount: '20000',
      payer: p.address,
      transaction: receipt.transaction,
    });
  });

  it('advise_post: paid 0.05 USD, the real advice; balances exact', async () => {
    const client = await connect();
    const p = payer(0);
    const before = await balancesOn(fx.chain, p.address, fx.chain.payTo.address);
    const { result } = await paidCall(client, p, 'advise_post', {
      prompt: 'How do agents share memory?\nA list.',
      author: 'ada',
      context: { submolt: 'general' },
    });
    expect(result.isError, text(result)).toBeFalsy();
    const body = result.structuredContent as { success: boolean; charged: boolean; data: unknown };
    expect(body).toMatchObject({ success: true, charged: true });
    AdvisorResponse.parse(body.data);
    expect(result._meta?.['x402/payment-response']).toMatchObject({ success: true, payer: p.address });
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual([
      (before[0] as bigint) - 50_000n,
      (before[1] as bigint) + 50_000n,
    ]);
  });

  it('a retry with the same payment gets the same answer, charged once; the payment for other arguments or another tool is refused', async () => {
    const client = await connect();
    const p = payer(1);
    const args = { hours: 2, limit: 1 };
    const before = await balancesOn(fx.chain, p.address, fx.chain.payTo.address);
    const { result, payment } = await paidCall(client, p, 'get_digest_history', args);
    expect(result.isError, text(result)).toBeFalsy();
    const again = await call(client, 'get_digest_history', args, payment);
    expect(again.structuredContent).toEqual(result.structuredContent);
    const after = [(before[0] as bigint) - 20_000n, (before[1] as bigint) + 20_000n];
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual(after);

    const replayed = await call(client, 'get_digest_history', { hours: 1 }, payment);
    expect(replayed.isError).toBe(true);
    expect(replayed.structuredContent).toMatchObject({
      x402Version: 2,
      error: 'payment_already_used',
      resource: { url: 'mcp://tool/get_digest_history' },
    });
    // A fresh payment made out for history (0.02), presented to the advisor (0.05).
    const history = await sign(p.privateKey, await required(client, 'get_digest_history', args));
    const crossTool = await call(client, 'advise_post', { prompt: 'A draft' }, history);
    expect(crossTool.isError).toBe(true);
    expect(crossTool.structuredContent).toMatchObject({
      x402Version: 2,
      resource: { url: 'mcp://tool/advise_post' },
    });
    expect((crossTool.structuredContent as { error: string }).error).not.toBe('Payment required');
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual(after);
  });

  it.each([
    ['underpaid', 'wrong_amount', (a: Accepted) => ({ ...a, amount: '10000' })],
    ['made out to another payee', 'wrong_payee', (a: Accepted) => ({ ...a, payTo: payer(5).address })],
    ['expired', 'payment_expired', (a: Accepted) => ({ ...a, maxTimeoutSeconds: 1 })],
  ])(
    'refuses a payment %s (%s) as a tool error with the PaymentRequired, and moves nothing',
    async (_what, error, tamper) => {
      const client = await connect();
      const p = payer(2);
      const pr = await required(client, 'get_digest_history', {});
      const payment = await sign(p.privateKey, pr, tamper);
      const before = await balancesOn(fx.chain, p.address, fx.chain.payTo.address);
      const result = await call(client, 'get_digest_history', {}, payment);
      expect(result.isError).toBe(true);
      expect(result.structuredContent).toMatchObject({ x402Version: 2, error, accepts: pr.accepts });
      expect(JSON.parse(text(result))).toEqual(result.structuredContent);
      expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual(before);
    },
  );

  it('refuses an unfunded payer and a payment that is no payload, and moves nothing', async () => {
    const client = await connect();
    const pr = await required(client, 'get_digest_history', {});
    const before = await balancesOn(fx.chain, payer(2).address, fx.chain.payTo.address);
    const broke = await call(client, 'get_digest_history', {}, await sign(generatePrivateKey(), pr));
    expect(broke.structuredContent).toMatchObject({ error: 'insufficient_funds' });
    const garbage = (await client.callTool({
      name: 'get_digest_history',
      arguments: {},
      _meta: { 'x402/payment': 42 },
    })) as CallToolResult;
    expect(garbage.structuredContent).toMatchObject({ x402Version: 2, error: 'invalid_payment_header' });
    expect(await balancesOn(fx.chain, payer(2).address, fx.chain.payTo.address)).toEqual(before);
  });

  it('charges nothing for a failed run: the contract’s 500 as a tool error, charged: false, and the payment still good', async () => {
    const client = await connect();
    const p = payer(3);
    const pr = await required(client, 'advise_post', { prompt: `${FAIL}: a draft` });
    const payment = await sign(p.privateKey, pr);
    const before = await balancesOn(fx.chain, p.address, fx.chain.payTo.address);
    const failed = await call(client, 'advise_post', { prompt: `${FAIL}: a draft` }, payment);
    expect(failed.isError).toBe(true);
    expect(failed.structuredContent).toMatchObject({
      success: false,
      error: 'analysis failed',
      charged: false,
    });
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual(before);
    const retried = await call(client, 'advise_post', { prompt: 'A working draft about memory' }, payment);
    expect(retried.isError, text(retried)).toBeFalsy();
    expect(await balancesOn(fx.chain, p.address, fx.chain.payTo.address)).toEqual([
      (before[0] as bigint) - 50_000n,
      (before[1] as bigint) + 50_000n,
    ]);
  });

  it('serves advise_post to a free-tier key on the MCP request: the REST route’s 2 a day, shared with it, no USDC', async () => {
    let out = '';
    const code = await keysCli(
      ['issue', '--label', 'mcp'],
      { STATE_DIR: stateDir },
      { out: (t) => (out += t), err: () => {} },
    );
    expect(code).toBe(0);
    const key = /key {2}(mk_[0-9a-f]{64})/.exec(out)?.[1] ?? '';
    const client = await connect({ 'x-api-key': key });
    const watched = [fx.chain.payTo.address, fx.chain.facilitator.address] as const;
    const before = await balancesOn(fx.chain, ...watched);
    const first = await call(client, 'advise_post', { prompt: 'How do agents share memory?' });
    expect(first.isError, text(first)).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ success: true, charged: false });
    const rest = await fetch(`${edge.baseUrl}/api/forum/advisor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify({ prompt: 'A second draft' }),
    });
    expect(rest.status).toBe(200);
    const third = await call(client, 'advise_post', { prompt: 'A third draft' });
    expect(third.isError).toBe(true);
    expect(third.structuredContent).toMatchObject({ success: false, error: 'rate limited' });
    const unknown = await connect({ 'x-api-key': `mk_${'0'.repeat(64)}` });
    const refused = await call(unknown, 'advise_post', { prompt: 'A draft' });
    expect(refused.structuredContent).toMatchObject({ success: false, error: 'invalid api key' });
    expect(await balancesOn(fx.chain, ...watched)).toEqual(before);
  });
});
