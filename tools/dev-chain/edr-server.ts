import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHardhatRuntimeEnvironment } from 'hardhat/hre';
import type { Hex } from 'viem';

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
 * Starts an in-process Hardhat 3 EDR chain (automine, wall-clock timestamps) and serves it with
 * Hardhat's own JSON-RPC server (`hre.network.createServer`, the server behind `hardhat node`),
 * so other processes reach it with plain HTTP (viem `http()`). Each call is a separate chain with
 * its own runtime environment: chains started in one process share nothing.
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
          loggingEnabled: false,
        },
      },
    },
    {},
    repoRoot,
  );
  const server = await hre.network.createServer({ network: NETWORK }, options.host, options.port);
  const { address, port } = await server.listen();
  const hostForUrl = address.includes(':') ? `[${address}]` : address;
  let closing: Promise<void> | undefined;
  return {
    rpcUrl: `http://${hostForUrl}:${port}`,
    port,
    close: () => {
      closing ??= server.close();
      return closing;
    },
  };
}
