import {
  type Address,
  type Chain,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hash,
  http,
  pad,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import { type DevAccount, testAccount } from './accounts.ts';
import { BASE_CHAIN_ID, BASE_USDC_ADDRESS, MULTICALL3_ADDRESS } from './addresses.ts';
import { compileDevChainContracts } from './compile.ts';
import { serveEdrChain } from './edr-server.ts';
import { usdcAbi } from './usdc-abi.ts';

/** Options of {@link startDevChain}. */
export interface DevChainOptions {
  /** TCP port of the JSON-RPC server; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** How many funded payer accounts to create; default 3. */
  payers?: number;
  /** USDC units (6 decimals) minted to each payer; default 10 USDC = 10_000_000n. */
  fundUsdc?: bigint;
  /**
   * Let automined blocks share a timestamp, so the chain's clock stays on the wall clock however many
   * transactions a second it mines. Default false: each block is at least 1 s after the previous one,
   * so a burst of transactions pushes the chain's clock ahead (1 s per block) and, after about 60 in
   * a minute, x402's authorizations (valid for `maxTimeoutSeconds`) have expired on chain. A bench
   * settling many payments in a row sets it.
   */
  sameSecondBlocks?: boolean;
}

/**
 * A running local EVM chain that looks like Base mainnet to x402: chain id 8453, a USDC-like
 * EIP-3009 token at Base's USDC address with the EIP-712 domain "USD Coin"/"2", and Multicall3 at its
 * canonical address. LOCAL TEST NETWORK: every key is a publicly known test key.
 */
export interface DevChain {
  /** HTTP JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`; use it with viem `http()`. */
  rpcUrl: string;
  /** Always 8453 (Base mainnet's id), so `eip155:8453` settings work unchanged. */
  chainId: number;
  /** viem chain (Base, with `rpcUrl` as its RPC URL) for clients of this chain. */
  chain: Chain;
  /** The test token's address: Base mainnet USDC, 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913. */
  usdc: Address;
  /** Multicall3's canonical address, 0xcA11bde05977b3631167028862bE2a173976CA11. */
  multicall3: Address;
  /** The token's minter: the only account whose `mint` succeeds. Funded with ETH. */
  deployer: DevAccount;
  /** Submits settlements: funded with ETH for gas, holds no USDC. */
  facilitator: DevAccount;
  /** The service's payee: starts with 1 ETH and no USDC. */
  payTo: DevAccount;
  /** The refund wallet: funded with ETH and 1,000 USDC. */
  refund: DevAccount;
  /** Payers: each funded with ETH and `fundUsdc` USDC. */
  payers: DevAccount[];
  /** USDC balance (6-decimal units) of an address. */
  balanceOf(address: Address): Promise<bigint>;
  /** ETH balance (wei) of an address. */
  ethBalanceOf(address: Address): Promise<bigint>;
  /** Mints USDC units to an address (sent by the deployer); resolves once mined. */
  mint(to: Address, amount: bigint): Promise<Hash>;
  /** Sets the ETH balance (wei) of an address. */
  setEthBalance(address: Address, wei: bigint): Promise<void>;
  /** Stops the JSON-RPC server; idempotent. The chain's state is gone afterwards. */
  close(): Promise<void>;
}

const ETH = 10n ** 18n;
const USDC = 1_000_000n;
const REFUND_USDC = 1_000n * USDC;

/**
 * Starts a local EVM chain (Hardhat 3 EDR, automine) served over HTTP JSON-RPC, with the test USDC
 * and Multicall3 in place and the well-known test accounts funded. Takes about 0.5 s once the
 * contracts are compiled and cached (the first compile adds about 3 s).
 */
export async function startDevChain(opts: DevChainOptions = {}): Promise<DevChain> {
  const payerCount = opts.payers ?? 3;
  const fundUsdc = opts.fundUsdc ?? 10n * USDC;
  if (!Number.isInteger(payerCount) || payerCount < 0) {
    throw new RangeError(`startDevChain: payers must be a whole number ≥ 0, got ${payerCount}`);
  }
  if (fundUsdc < 0n) throw new RangeError(`startDevChain: fundUsdc must be ≥ 0, got ${fundUsdc}`);

  const deployer = testAccount('deployer');
  const facilitator = testAccount('facilitator');
  const payTo = testAccount('payTo');
  const refund = testAccount('refund');
  const payers = Array.from({ length: payerCount }, (_, i) => testAccount('payer', i));

  const artifactsPromise = compileDevChainContracts();
  const server = await serveEdrChain({
    chainId: BASE_CHAIN_ID,
    host: opts.host ?? '127.0.0.1',
    port: opts.port ?? 0,
    sameSecondBlocks: opts.sameSecondBlocks ?? false,
    accounts: [
      { privateKey: deployer.privateKey, balance: 1_000n * ETH },
      { privateKey: facilitator.privateKey, balance: 1_000n * ETH },
      { privateKey: payTo.privateKey, balance: 1n * ETH },
      { privateKey: refund.privateKey, balance: 100n * ETH },
      ...payers.map((p) => ({ privateKey: p.privateKey, balance: 10n * ETH })),
    ],
  });

  try {
    const artifacts = await artifactsPromise;
    const chain: Chain = { ...base, rpcUrls: { default: { http: [server.rpcUrl] } } };
    const transport = http(server.rpcUrl, { batch: false, retryCount: 0 });
    const testClient = createTestClient({ mode: 'hardhat', chain, transport });
    const minterWallet = createWalletClient({
      account: privateKeyToAccount(deployer.privateKey),
      chain,
      transport,
    });
    const publicClient = createPublicClient({ chain, transport });

    await testClient.setCode({ address: BASE_USDC_ADDRESS, bytecode: artifacts.usdCoin.runtimeCode });
    await testClient.setCode({ address: MULTICALL3_ADDRESS, bytecode: artifacts.multicall3.runtimeCode });
    // Slot 0 of UsdCoin is the minter (see contracts/UsdCoin.sol).
    await testClient.setStorageAt({ address: BASE_USDC_ADDRESS, index: 0, value: pad(deployer.address) });

    const mint = async (to: Address, amount: bigint): Promise<Hash> => {
      const hash = await minterWallet.writeContract({
        address: BASE_USDC_ADDRESS,
        abi: usdcAbi,
        functionName: 'mint',
        args: [to, amount],
      });
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`dev chain: mint to ${to} reverted (${hash})`);
      return hash;
    };

    await mint(refund.address, REFUND_USDC);
    if (fundUsdc > 0n) {
      for (const payer of payers) await mint(payer.address, fundUsdc);
    }

    return {
      rpcUrl: server.rpcUrl,
      chainId: BASE_CHAIN_ID,
      chain,
      usdc: BASE_USDC_ADDRESS,
      multicall3: MULTICALL3_ADDRESS,
      deployer,
      facilitator,
      payTo,
      refund,
      payers,
      balanceOf: (address) =>
        publicClient.readContract({
          address: BASE_USDC_ADDRESS,
          abi: usdcAbi,
          functionName: 'balanceOf',
          args: [address],
        }),
      ethBalanceOf: (address) => publicClient.getBalance({ address }),
      mint,
      setEthBalance: (address, wei) => testClient.setBalance({ address, value: wei }),
      close: server.close,
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
