import { toClientEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { createWalletClient, http, publicActions } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevAccount, type DevChain, startDevChain, usdcAbi } from './index.ts';
import { type PaidApp, startPaidApp } from './testing/paid-app.ts';

// The library-level pay path against the dev chain with the official x402 packages and production
// settings: a Hono app with @x402/hono's paymentMiddleware and an in-process facilitator settling
// with the chain's facilitator key, paid with @x402/fetch. The edge's own integration lives in edge/.

let chain: DevChain;
let app: PaidApp;
let baseUrl: string;

function payingFetch(payer: DevAccount): typeof fetch {
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: toClientEvmSigner(privateKeyToAccount(payer.privateKey)) });
  return wrapFetchWithPayment(fetch, client);
}

beforeAll(async () => {
  chain = await startDevChain({ payers: 3 });
  app = await startPaidApp(chain);
  baseUrl = app.url;
});

afterAll(async () => {
  await app?.close();
  await chain?.close();
});

describe('x402 exact payments on the dev chain', () => {
  it('answers 402 with USDC requirements on eip155:8453 when unpaid', async () => {
    const res = await fetch(`${baseUrl}/paid`);
    expect(res.status).toBe(402);
    const header = res.headers.get('payment-required');
    expect(header).toBeTruthy();
    const challenge = JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8'));
    expect(challenge.accepts[0]).toMatchObject({
      scheme: 'exact',
      network: 'eip155:8453',
      amount: '20000',
      asset: chain.usdc,
      payTo: chain.payTo.address,
      extra: { name: 'USD Coin', version: '2' },
    });
  });

  it('settles a paid request on chain: 200, payer −20000, payTo +20000', async () => {
    const payer = chain.payers[0] as DevAccount;
    const [payerBefore, payToBefore] = [
      await chain.balanceOf(payer.address),
      await chain.balanceOf(chain.payTo.address),
    ];
    const res = await payingFetch(payer)(`${baseUrl}/paid`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const settlement = decodePaymentResponseHeader(res.headers.get('payment-response') ?? '');
    expect(settlement).toMatchObject({ success: true, payer: payer.address, network: 'eip155:8453' });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await chain.balanceOf(payer.address)).toBe(payerBefore - 20_000n);
    expect(await chain.balanceOf(chain.payTo.address)).toBe(payToBefore + 20_000n);
  });

  it('settles concurrent payments with one facilitator key', async () => {
    const payToBefore = await chain.balanceOf(chain.payTo.address);
    const results = await Promise.all(chain.payers.map((p) => payingFetch(p)(`${baseUrl}/paid`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await chain.balanceOf(chain.payTo.address)).toBe(payToBefore + 60_000n);
  });

  it('refuses a payer without USDC with a precise reason and moves nothing', async () => {
    const broke = chain.payers[2] as DevAccount;
    const balance = await chain.balanceOf(broke.address);
    // Move the payer's USDC away so the next payment cannot be covered.
    const wallet = createWalletClient({
      account: privateKeyToAccount(broke.privateKey),
      chain: chain.chain,
      transport: http(chain.rpcUrl),
    }).extend(publicActions);
    const hash = await wallet.writeContract({
      address: chain.usdc,
      abi: usdcAbi,
      functionName: 'transfer',
      args: [chain.refund.address, balance],
    });
    await wallet.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    const payToBefore = await chain.balanceOf(chain.payTo.address);
    const res = await payingFetch(broke)(`${baseUrl}/paid`);
    expect(res.status).toBe(402);
    const challenge = JSON.parse(
      Buffer.from(res.headers.get('payment-required') ?? '', 'base64').toString('utf8'),
    );
    expect(challenge.error).toMatch(/insufficient_balance/);
    expect(await chain.balanceOf(chain.payTo.address)).toBe(payToBefore);
  });
});
