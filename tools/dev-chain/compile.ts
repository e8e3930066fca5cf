import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Hex } from 'viem';

/** A compiled contract: its ABI and the runtime bytecode placed with `hardhat_setCode`. */
export interface CompiledContract {
  abi: Abi;
  runtimeCode: Hex;
}

/** The dev chain's two contracts, compiled. */
export interface DevChainArtifacts {
  usdCoin: CompiledContract;
  multicall3: CompiledContract;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const contractsDir = path.join(here, 'contracts');
const repoRoot = path.resolve(here, '..', '..');

/** Where compiled artifacts are cached, keyed by a hash of the sources and compiler settings. */
export const defaultCacheDir = path.join(repoRoot, 'node_modules', '.cache', 'murmur-dev-chain');

const SOURCES = { usdCoin: 'UsdCoin.sol', multicall3: 'Multicall3.sol' } as const;
const CONTRACT_NAMES = { usdCoin: 'UsdCoin', multicall3: 'Multicall3' } as const;
// Cancun is supported by every EDR hardfork the chain may run and avoids newer opcodes.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.deployedBytecode.object'] } },
} as const;

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { abi: Abi; evm: { deployedBytecode: { object: string } } }>>;
}

/** Compiles the contracts' Solidity sources (file name → content); solc by default. */
export type ContractCompiler = (sources: Record<string, { content: string }>) => Promise<DevChainArtifacts>;

let memo: Promise<DevChainArtifacts> | undefined;
let solcRunCount = 0;

/** How many times this process has run solc (a cache hit runs none). */
export function solcRuns(): number {
  return solcRunCount;
}

/**
 * Compiles the dev chain's contracts with the `solc` npm package, or reads them from the cache.
 * The cache key covers the Solidity sources, the compiler version and the settings, so an edited
 * contract is recompiled on the next start. The result is memoised for the process (for the default
 * cache folder and compiler).
 */
export function compileDevChainContracts(
  cacheDir: string = defaultCacheDir,
  compiler: ContractCompiler = solcCompile,
): Promise<DevChainArtifacts> {
  if (cacheDir === defaultCacheDir && compiler === solcCompile) {
    memo ??= compileOrLoad(cacheDir, compiler).catch((error: unknown) => {
      memo = undefined;
      throw error;
    });
    return memo;
  }
  return compileOrLoad(cacheDir, compiler);
}

async function compileOrLoad(cacheDir: string, compiler: ContractCompiler): Promise<DevChainArtifacts> {
  const sources: Record<string, { content: string }> = {};
  for (const file of Object.values(SOURCES)) {
    sources[file] = { content: await readFile(path.join(contractsDir, file), 'utf8') };
  }
  const solcVersion = await readSolcVersion();
  const key = createHash('sha256').update(JSON.stringify({ sources, solcVersion, SETTINGS })).digest('hex');
  const cacheFile = path.join(cacheDir, `${key.slice(0, 32)}.json`);

  const cached = await readFile(cacheFile, 'utf8').catch(() => undefined);
  if (cached !== undefined) return JSON.parse(cached) as DevChainArtifacts;

  const artifacts = await compiler(sources);
  await mkdir(cacheDir, { recursive: true });
  // Write then rename so a concurrent reader never sees half a file.
  const tmp = `${cacheFile}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(tmp, JSON.stringify(artifacts));
  await rename(tmp, cacheFile);
  return artifacts;
}

async function readSolcVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(path.join(repoRoot, 'node_modules', 'solc', 'package.json'), 'utf8'));
  return String(pkg.version);
}

/** The contracts compiled by the `solc` npm package (the default ContractCompiler). */
export async function solcCompile(sources: Record<string, { content: string }>): Promise<DevChainArtifacts> {
  // Loading solc's WebAssembly build takes about a second: only on a cache miss.
  solcRunCount++;
  const solc = (await import('solc')).default;
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    throw new Error(
      `dev-chain contracts failed to compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
    );
  }
  const pick = (which: keyof typeof SOURCES): CompiledContract => {
    const contract = output.contracts?.[SOURCES[which]]?.[CONTRACT_NAMES[which]];
    if (!contract) throw new Error(`solc produced no output for ${CONTRACT_NAMES[which]}`);
    return { abi: contract.abi, runtimeCode: `0x${contract.evm.deployedBytecode.object}` };
  };
  return { usdCoin: pick('usdCoin'), multicall3: pick('multicall3') };
}
