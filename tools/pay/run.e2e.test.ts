import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DevChain, startDevChain } from '../dev-chain/index.ts';
import { type PaidApp, startPaidApp } from '../dev-chain/testing/paid-app.ts';
import { parsePayArgs } from './args.ts';
import { payRoute } from './run.ts';

let chain: DevChain;
let app: PaidApp;

beforeAll(async () => {
  chain = await startDevChain({ payers: 1 });
  app = await startPaidApp(chain);
});
afterAll(async () => {
  await app?.close();
  await chain?.close();
});

/** Runs `npm run pay -- …argv` in process and captures what it prints. */
async function pay(argv: string[], privateKey: string) {
  const parsed = parsePayArgs(argv, { PAYER_PRIVATE_KEY: privateKey });
  if (parsed.kind !== 'request') throw new Error(`bad test arguments: ${JSON.stringify(parsed)}`);
  const out: string[] = [];
  const err: string[] = [];
  const code = await payRoute(parsed.request, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('payRoute on the dev chain', () => {
  it('pays a GET route: exit 0, status, decoded PAYMENT-RESPONSE and body', async () => {
    const payer = chain.payers[0];
    if (!payer) throw new Error('no payer');
    const before = await chain.balanceOf(payer.address);
    const result = await pay([`${app.url}/paid`], payer.privateKey);
    expect(result.code).toBe(0);
    expect(result.out).toContain('HTTP 200');
    expect(result.out).toMatch(/PAYMENT-RESPONSE \{\n {2}"success": true/);
    expect(result.out).toContain(`"payer": "${payer.address}"`);
    expect(result.out).toContain('"network": "eip155:8453"');
    expect(result.out).toContain('{"ok":true}');
    expect(result.out).not.toContain(payer.privateKey.slice(2));
    expect(await chain.balanceOf(payer.address)).toBe(before - 20_000n);
  });

  it('pays a POST route with a JSON body and headers', async () => {
    const payer = chain.payers[0];
    if (!payer) throw new Error('no payer');
    const result = await pay(
      [`${app.url}/paid`, '--data', '{"draft":"hello"}', '--header', 'x-test: yes'],
      payer.privateKey,
    );
    expect(result.code).toBe(0);
    expect(result.out).toContain('{"echo":{"draft":"hello"},"header":"yes"}');
  });

  it('exits 1 on a non-2xx answer without payment', async () => {
    const result = await pay([`${app.url}/missing`], chain.payers[0]?.privateKey ?? '');
    expect(result.code).toBe(1);
    expect(result.out).toContain('HTTP 404');
    expect(result.out).toContain('PAYMENT-RESPONSE (none)');
  });

  it('exits 1 and prints the reason when the payer cannot pay', async () => {
    const broke = `0x${'42'.repeat(32)}`;
    const result = await pay([`${app.url}/paid`], broke);
    expect(result.code).toBe(1);
    expect(result.out).toContain('HTTP 402');
    expect(result.out).toContain('PAYMENT-REQUIRED error: invalid_exact_evm_insufficient_balance');
  });

  it('exits 1 naming the URL when the server is unreachable', async () => {
    const result = await pay(['http://127.0.0.1:1/paid'], chain.payers[0]?.privateKey ?? '');
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/pay: GET http:\/\/127\.0\.0\.1:1\/paid failed: fetch failed/);
  });
});
