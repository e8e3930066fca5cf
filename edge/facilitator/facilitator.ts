import { x402Facilitator } from '@x402/core/facilitator';
import { type FacilitatorClient, HTTPFacilitatorClient } from '@x402/core/server';
import type { Network, PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types';
import { toFacilitatorEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/facilitator';
import {
  type Chain,
  createPublicClient,
  createWalletClient,
  formatEther,
  type Hex,
  http,
  nonceManager,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import type { Logger } from '../logger.ts';
import { type CdpApiKey, cdpAuthHeaders } from './cdp-auth.ts';
import { quietGetCode, withRpcScope } from './rpc-scope.ts';
import { localTurns, redisTurns } from './wallet-turns.ts';

/** How the edge takes payments: never (`challenge-only`), through a remote facilitator, or itself. */
export type PaymentMode = 'challenge-only' | 'remote' | 'embedded';

/** What /health says about the facilitator. */
export interface FacilitatorStatus {
  readonly mode: PaymentMode;
  /** `not configured` in challenge-only mode; `degraded` e.g. when the settling wallet runs low on gas. */
  readonly status: 'not configured' | 'ok' | 'degraded' | 'unreachable';
  /** Why it is not ok, in words. */
  readonly problem?: string;
  /** Further facts (supported kinds, RPC chain id, wallet balance…), never secrets. */
  readonly details?: Readonly<Record<string, unknown>>;
  /** When the facilitator was last asked (ISO time; the answer is cached briefly). */
  readonly checkedAt?: string;
}

/** Where verify and settle happen. */
export interface Facilitator {
  readonly mode: PaymentMode;
  /** What x402's resource server calls (through `guard.ts`). */
  readonly client: FacilitatorClient;
  /**
   * Whether a refusal can be believed: the embedded facilitator probes its RPC (≤ 2 s), a refusal
   * while it is down being an outage; a remote one answers for itself (always true).
   */
  reachable(): Promise<boolean>;
  /** The full status, uncached (the x402 edge caches it for /health). */
  status(): Promise<FacilitatorStatus>;
  close(): Promise<void>;
}

/**
 * The facilitator of an edge that takes no payments (`challenge-only`): every 402 names `payTo` (the
 * demo payee unless told otherwise), and nothing is ever verified or settled.
 */
export function noFacilitator(payTo: `0x${string}`, demo: boolean): Facilitator {
  const off = async (): Promise<never> => {
    throw new Error('payments are off (challenge-only mode)');
  };
  return {
    mode: 'challenge-only',
    client: { verify: off, settle: off, getSupported: off },
    reachable: async () => true,
    status: async () => ({
      mode: 'challenge-only',
      status: 'not configured',
      details: {
        payTo,
        note: demo
          ? 'payments are off: the challenge names the demo payee and no money is ever taken'
          : 'payments are off: challenges are answered but no payment is ever verified or settled',
      },
    }),
    close: async () => {},
  };
}

/** A status reporter for one check of a facilitator, stamped with the time the check began. */
function statusReporter(mode: Facilitator['mode'], details: Readonly<Record<string, unknown>>) {
  const checkedAt = new Date().toISOString();
  return (status: FacilitatorStatus['status'], problem?: string): FacilitatorStatus =>
    problem === undefined
      ? { mode, status, details, checkedAt }
      : { mode, status, problem, details, checkedAt };
}

/** The only kind the paid routes need: x402 v2, exact, on the configured network. */
function supportsKind(supported: SupportedResponse, network: Network): boolean {
  return supported.kinds.some((k) => k.x402Version === 2 && k.scheme === 'exact' && k.network === network);
}

/** Only the host of a URL, for /health and logs: paths and queries of RPC URLs often hold API keys. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Options of a remote facilitator. */
export interface RemoteFacilitatorOptions {
  url: string;
  /** Sent with every call (verify, settle, supported): e.g. `Authorization`. */
  headers?: Readonly<Record<string, string>>;
  /**
   * A Coinbase CDP API key (the CDP facilitator): every call then carries `Authorization: Bearer` with a
   * fresh JWT signed by it for that very request, besides `headers`.
   */
  cdp?: CdpApiKey;
  timeoutMs?: number;
  network: Network;
}

/**
 * A remote facilitator over HTTP (x402.org, a hosted one for mainnet, or a self-hosted service) with
 * the configured headers on every call, and with a CDP API key (Coinbase's facilitator) a fresh JWT.
 */
export function remoteFacilitator(opts: RemoteFacilitatorOptions): Facilitator {
  const headers = { ...(opts.headers ?? {}) };
  const hasHeaders = Object.keys(headers).length > 0;
  const createAuthHeaders = opts.cdp
    ? cdpAuthHeaders({ key: opts.cdp, url: opts.url, headers })
    : hasHeaders
      ? async () => ({ verify: headers, settle: headers, supported: headers })
      : undefined;
  const client = new HTTPFacilitatorClient({
    url: opts.url,
    timeoutMs: opts.timeoutMs ?? 30_000,
    ...(createAuthHeaders ? { createAuthHeaders } : {}),
  });
  // A probe of its own with a short deadline, so a hung facilitator cannot hold /health.
  const probe = new HTTPFacilitatorClient({
    url: opts.url,
    timeoutMs: 2_000,
    ...(createAuthHeaders ? { createAuthHeaders } : {}),
  });
  const credentials = opts.cdp ? 'CDP_API_KEY_ID and CDP_API_KEY_SECRET' : 'FACILITATOR_HEADERS';
  return {
    mode: 'remote',
    client,
    reachable: async () => true,
    async status() {
      const details: Record<string, unknown> = { url: hostOf(opts.url), network: opts.network };
      const report = statusReporter('remote', details);
      try {
        const supported = await probe.getSupported();
        details.kinds = supported.kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`);
        if (supportsKind(supported, opts.network)) return report('ok');
        return report('degraded', `the facilitator does not list x402 v2 exact on ${opts.network}`);
      } catch (error) {
        const message = (error as Error).message.slice(0, 200);
        const refused = /\b(401|403)\b/.exec(message);
        // It answers, but not to us: a credentials problem, not an outage.
        if (refused)
          return report(
            'degraded',
            `facilitator ${hostOf(opts.url)} refuses the configured credentials (HTTP ${refused[1]}): check ${credentials}`,
          );
        return report('unreachable', `facilitator ${hostOf(opts.url)} cannot be reached: ${message}`);
      }
    },
    async close() {},
  };
}

/** Options of the embedded facilitator. */
export interface EmbeddedFacilitatorOptions {
  /** The settling wallet: it submits every settlement and pays its gas. */
  privateKey: Hex;
  rpcUrl: string;
  network: Network;
  /** How often a settlement's receipt is polled, in ms (default 250; Base makes a block every 2 s). */
  pollingIntervalMs?: number;
  /**
   * Redis shared by every instance that settles with this wallet (RATE_LIMIT_STORE=redis): they then
   * take turns through it (`redisTurns`), so their transactions never collide on a nonce. Without it
   * the turns are this process's only (`localTurns`): one instance per settling wallet.
   */
  sharedTurns?: { url: string; prefix: string; logger: Logger };
}

/** Below this ETH balance (0.0005 ETH) the settling wallet is reported `degraded`. */
const MIN_GAS_WEI = 500_000_000_000_000n;

/** The chain of a network id, with the configured RPC (Base mainnet's formatters for eip155:8453). */
function chainFor(network: Network, rpcUrl: string): Chain {
  const id = Number(network.split(':')[1]);
  if (id === base.id) return { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
  return {
    id,
    name: network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
}

/**
 * The embedded, self-hosted facilitator: `x402Facilitator` with the EVM exact scheme, verifying
 * through the RPC and settling with its own wallet (viem), safe under concurrent settlements.
 */
export function embeddedFacilitator(opts: EmbeddedFacilitatorOptions): Facilitator & { address: Hex } {
  // With shared turns the nonce comes from them; otherwise from viem's nonce manager.
  const account = opts.sharedTurns
    ? privateKeyToAccount(opts.privateKey)
    : privateKeyToAccount(opts.privateKey, { nonceManager });
  const chain = chainFor(opts.network, opts.rpcUrl);
  const transport = http(opts.rpcUrl, { timeout: 10_000, retryCount: 1 });
  const pollingInterval = opts.pollingIntervalMs ?? 250;
  const publicClient = createPublicClient({ chain, transport, pollingInterval });
  const walletClient = createWalletClient({ account, chain, transport, pollingInterval });
  const turns = opts.sharedTurns
    ? redisTurns({
        url: opts.sharedTurns.url,
        prefix: opts.sharedTurns.prefix,
        logger: opts.sharedTurns.logger,
        wallet: account.address,
        chainId: chain.id,
        pendingNonce: () =>
          publicClient.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      })
    : localTurns(account.address);
  /** A nonce to add to a write, when the turns name one. */
  const withNonce = (nonce: number | undefined) => (nonce === undefined ? {} : { nonce });

  // The signer the EVM scheme uses, with each write submitted in the wallet's turn.
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    readContract: (args) =>
      publicClient.readContract(args as Parameters<typeof publicClient.readContract>[0]),
    verifyTypedData: (args) =>
      publicClient.verifyTypedData(args as Parameters<typeof publicClient.verifyTypedData>[0]),
    writeContract: (args) =>
      turns.submit((nonce) =>
        walletClient.writeContract({ ...args, account, chain, ...withNonce(nonce) } as Parameters<
          typeof walletClient.writeContract
        >[0]),
      ),
    sendTransaction: (args) =>
      turns.submit((nonce) => walletClient.sendTransaction({ ...args, account, chain, ...withNonce(nonce) })),
    waitForTransactionReceipt: (args) => publicClient.waitForTransactionReceipt(args),
    getCode: quietGetCode((args: Parameters<typeof publicClient.getCode>[0]) => publicClient.getCode(args)),
  });
  const facilitator = registerExactEvmScheme(new x402Facilitator(), { signer, networks: opts.network });
  const client: FacilitatorClient = {
    // Each call in a scope of its own: a failed RPC read it noted makes a failed call an outage (503).
    verify: (payload: PaymentPayload, requirements: PaymentRequirements) =>
      withRpcScope(
        () => facilitator.verify(payload, requirements),
        (r) => r.isValid,
      ),
    settle: (payload: PaymentPayload, requirements: PaymentRequirements) =>
      withRpcScope(
        () => facilitator.settle(payload, requirements),
        (r) => r.success,
      ),
    getSupported: async () => facilitator.getSupported() as SupportedResponse,
  };

  return {
    mode: 'embedded',
    address: account.address,
    client,
    async reachable() {
      try {
        await withTimeout(publicClient.getChainId(), 2_000, 'eth_chainId');
        return true;
      } catch {
        return false;
      }
    },
    async status() {
      const details: Record<string, unknown> = {
        rpc: hostOf(opts.rpcUrl),
        network: opts.network,
        wallet: account.address,
      };
      const report = statusReporter('embedded', details);
      try {
        const [chainId, balance] = await withTimeout(
          Promise.all([publicClient.getChainId(), publicClient.getBalance({ address: account.address })]),
          3_000,
          'RPC status check',
        );
        details.chainId = chainId;
        details.balanceEth = formatEther(balance);
        if (chainId !== chain.id)
          return report('degraded', `the RPC serves chain ${chainId}, not ${chain.id} (${opts.network})`);
        if (balance < MIN_GAS_WEI)
          return report(
            'degraded',
            `the settling wallet holds ${formatEther(balance)} ETH, below ${formatEther(MIN_GAS_WEI)} ETH for gas`,
          );
        return report('ok');
      } catch (error) {
        const message = (error as Error).message.split('\n')[0]?.slice(0, 200);
        return report('unreachable', `RPC ${hostOf(opts.rpcUrl)} cannot be reached: ${message}`);
      }
    },
    close: () => turns.close(),
  };
}
