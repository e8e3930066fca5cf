import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { Hex } from 'viem';
import { closeServer, createJsonRpcBridge, listen } from './json-rpc-bridge.ts';

/** A genesis account of the simulated chain. */
export interface GenesisAccount {
  privateKey: Hex;
  balance: bigint;
}

/** Options of {@link serveEdrChain}. */
export interface EdrChainOptions {
  chainId: number;
  accounts: GenesisAccount[];
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Let automined blocks share a timestamp (see DevChainOptions.sameSecondBlocks); default false. */
  sameSecondBlocks?: boolean;
}

/** A simulated chain reachable over HTTP JSON-RPC. */
export interface EdrChainServer {
  rpcUrl: string;
  port: number;
  close(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const NETWORK = 'murmurDev';

/**
 * Starts an in-process Hardhat 3 EDR chain (automine, wall-clock timestamps) and serves its
 * EIP-1193 provider over HTTP JSON-RPC on `host:port`, so other processes reach it with plain HTTP
 * (viem `http()`). Each call is a separate chain with its own runtime environment: chains started
 * in one process share nothing. Rejects (and releases the chain) when the port cannot be bound.
 */
export async function serveEdrChain(options: EdrChainOptions): Promise<EdrChainServer> {
  const hre = await createHardhatRuntimeEnvironment(
    {
      networks: {
        [NETWORK]: {
          type: 'edr-simulated',
          chainType: 'generic',
          chainId: options.chainId,
          accounts: options.accounts.map((a) => ({ privateKey: a.privateKey, balance: a.balance })),
          mining: { auto: true, interval: 0 },
          allowBlocksWithSameTimestamp: options.sameSecondBlocks ?? false,
          loggingEnabled: false,
        },
      },
    },
    {},
    repoRoot,
  );
  const connection = await hre.network.create({ network: NETWORK });
  const server = createJsonRpcBridge(connection.provider);
  let port: number;
  try {
    port = await listen(server, options.port, options.host);
  } catch (error) {
    await connection.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`dev chain: cannot serve JSON-RPC on ${options.host}:${options.port}: ${reason}`);
  }
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    rpcUrl: `http://${hostForUrl}:${port}`,
    port,
    close: () => {
      closing ??= closeServer(server).finally(() => connection.close());
      return closing;
    },
  };
}
