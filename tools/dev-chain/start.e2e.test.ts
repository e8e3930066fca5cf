import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solcRuns } from './compile.ts';
import { BASE_USDC_ADDRESS, type DevChain, MULTICALL3_ADDRESS, startDevChain, usdcAbi } from './index.ts';

describe('startDevChain', () => {
  let chain: DevChain;
  let solcRunsBefore: number;

  beforeAll(async () => {
    solcRunsBefore = solcRuns();
    chain = await startDevChain({ payers: 2, fundUsdc: 5_000_000n });
  });
  afterAll(() => chain?.close());

  it('serves chain id 8453 over HTTP JSON-RPC on loopback', async () => {
    expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    expect(await client.getChainId()).toBe(8453);
    expect(chain.chainId).toBe(8453);
    expect(chain.chain.id).toBe(8453);
  });

  it('starts cheaply: solc at most once per process (none on a warm cache), one block per mint', async () => {
    expect(solcRuns() - solcRunsBefore).toBeLessThanOrEqual(1);
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    // The refund wallet's float and one mint per payer; code and storage are set without blocks.
    expect(await client.getBlockNumber()).toBe(3n);
  });

  it('puts the token at the Base USDC address with the USDC EIP-712 domain and 6 decimals', async () => {
    const client = createPublicClient({ transport: http(chain.rpcUrl) });
    const read = <F extends 'name' | 'version' | 'decimals' | 'symbol' | 'minter'>(functionName: F) =>
      client.readContract({ address: BASE_USDC_ADDRESS, abi: usdcAbi, functionName });
    expect(chain.usdc).toBe(BASE_USDC_ADDRESS);
    expect(await read('name')).toBe('USD Coin');
    expect(await read('version')).toBe('2');
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe('USDC');
    expect(await read('minter')).toBe(chain.deployer.address);
  });

  it('puts Multicall3 at its canonical address', async () => {
    const client = createPublicClient({ chain: chain.chain, transport: http(chain.rpcUrl) });
    expect(chain.multicall3).toBe(MULTICALL3_ADDRESS);
    const [name, balance] = await client.multicall({
      contracts: [
        { address: chain.usdc, abi: usdcAbi, functionName: 'name' },
        { address: chain.usdc, abi: usdcAbi, functionName: 'balanceOf', args: [chain.refund.address] },
      ],
    });
    expect(name).toEqual({ status: 'success', result: 'USD Coin' });
    expect(balance).toEqual({ status: 'success', result: 1_000_000_000n });
  });

  it('funds the accounts by role', async () => {
    expect(chain.payers).toHaveLength(2);
    for (const payer of chain.payers) {
      expect(await chain.balanceOf(payer.address)).toBe(5_000_000n);
      expect(await chain.ethBalanceOf(payer.address)).toBeGreaterThan(0n);
    }
    expect(await chain.balanceOf(chain.payTo.address)).toBe(0n);
    expect(await chain.balanceOf(chain.facilitator.address)).toBe(0n);
    expect(await chain.ethBalanceOf(chain.facilitator.address)).toBeGreaterThanOrEqual(10n ** 20n);
    expect(await chain.ethBalanceOf(chain.refund.address)).toBeGreaterThan(0n);
    const addresses = new Set(
      [chain.deployer, chain.facilitator, chain.payTo, chain.refund, ...chain.payers].map((a) => a.address),
    );
    expect(addresses.size).toBe(6);
  });

  it('mints and sets ETH balances', async () => {
    const someone = chain.payTo.address;
    await chain.mint(someone, 123n);
    expect(await chain.balanceOf(someone)).toBe(123n);
    await chain.setEthBalance(someone, 42n);
    expect(await chain.ethBalanceOf(someone)).toBe(42n);
  });
});

describe('two chains in one process', () => {
  it('do not share state, and compile nothing again', async () => {
    const runs = solcRuns();
    const [a, b] = await Promise.all([startDevChain({ payers: 1 }), startDevChain({ payers: 1 })]);
    try {
      expect(a.rpcUrl).not.toBe(b.rpcUrl);
      const payer = a.payers[0]?.address;
      expect(payer).toBe(b.payers[0]?.address);
      if (!payer) throw new Error('no payer');
      await a.mint(payer, 1n);
      expect(await a.balanceOf(payer)).toBe(10_000_001n);
      expect(await b.balanceOf(payer)).toBe(10_000_000n);
      expect(solcRuns()).toBe(runs);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('rejects a port in use with a message naming it', async () => {
    const a = await startDevChain({ payers: 0 });
    try {
      const port = Number(new URL(a.rpcUrl).port);
      await expect(startDevChain({ port, payers: 0 })).rejects.toThrow(
        `dev chain: cannot serve JSON-RPC on 127.0.0.1:${port}`,
      );
    } finally {
      await a.close();
    }
  });

  it('close frees the port and is idempotent', async () => {
    const c = await startDevChain({ payers: 0 });
    await c.close();
    await c.close();
    await expect(fetch(c.rpcUrl, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});

describe('sameSecondBlocks', () => {
  it('keeps the chain clock on the wall clock through a burst of blocks', async () => {
    const c = await startDevChain({ payers: 0, sameSecondBlocks: true });
    try {
      // Without the option each of these blocks is at least 1 s after the previous one.
      for (let i = 0; i < 8; i++) await c.mint(c.payTo.address, 1n);
      const client = createPublicClient({ transport: http(c.rpcUrl) });
      const block = await client.getBlock();
      expect(Number(block.timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 1);
    } finally {
      await c.close();
    }
  });
});
