// Dev payments for `npm start`: when no payment configuration is given, a local dev chain (chain id
// 8453, test USDC at Base's USDC address) with the embedded facilitator, so the paid routes really
// take payments on a LOCAL TEST NETWORK. Its state (settlement records, refunds, keys) lives in its own
// folder, emptied at each start because the chain starts empty too.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EdgeConfig as Config } from '../edge/config.ts';
import { apiKeyStore } from '../edge/keys/store.ts';
import { localState } from '../edge/state/local-state.ts';
import { type DevChain, startDevChain } from './dev-chain/index.ts';

/** The payment variables; when any is set, the operator configured payments and no dev chain starts. */
export const PAYMENT_VARIABLES = [
  'PAY_TO',
  'FACILITATOR_URL',
  'FACILITATOR_PRIVATE_KEY',
  'EVM_RPC_URL',
  'REFUND_PRIVATE_KEY',
] as const;

/** Whether the configuration leaves payments unconfigured (then `npm start` starts dev payments). */
export function wantsDevPayments(cfg: Pick<Config, (typeof PAYMENT_VARIABLES)[number]>): boolean {
  return PAYMENT_VARIABLES.every((name) => cfg[name] === undefined);
}

/** A running dev payment setup: the environment for the edge, a banner for the user, and a stop. */
export interface DevPayments {
  readonly chain: DevChain;
  /** Variables that put the edge's embedded facilitator and refund worker on the dev chain. */
  readonly env: Record<string, string>;
  /** What to print: the funded test wallet, a command that pays for history, a test API key. */
  banner(baseUrl: string, platform: string): string;
  close(): Promise<void>;
}

/** Starts the dev chain, empties the dev state folder and issues one free-tier test key. */
export async function startDevPayments(stateDir: string): Promise<DevPayments> {
  // Blocks may share a second: a long-running dev chain must keep to the wall clock however much it mines.
  const chain = await startDevChain({ payers: 1, sameSecondBlocks: true });
  const devState = join(stateDir, 'dev-chain');
  await rm(devState, { recursive: true, force: true });
  const state = await localState(devState);
  const { key } = await apiKeyStore(state)
    .issue('npm start test key')
    .finally(() => state.close());
  const payer = chain.payers[0];
  if (!payer) throw new Error('the dev chain started without a payer account');
  const env = {
    PAY_TO: chain.payTo.address,
    FACILITATOR_PRIVATE_KEY: chain.facilitator.privateKey,
    EVM_RPC_URL: chain.rpcUrl,
    REFUND_PRIVATE_KEY: chain.refund.privateKey,
    STATE_DIR: devState,
  };
  return {
    chain,
    env,
    banner(baseUrl, platform) {
      const history = `${baseUrl}/api/${platform}/digests?hours=1`;
      return [
        '',
        '=== LOCAL TEST NETWORK — not Base mainnet; these keys are public test keys, never fund them ===',
        `dev chain: ${chain.rpcUrl} (chain id ${chain.chainId}, test USDC at ${chain.usdc})`,
        `paid routes settle with the embedded facilitator; payments go to ${chain.payTo.address}`,
        `funded test wallet: ${payer.address} (10 test USDC)`,
        `  private key: ${payer.privateKey}`,
        'pay $0.02 for the last hour of history:',
        `  PAYER_PRIVATE_KEY=${payer.privateKey} npm run pay -- '${history}'`,
        `free-tier advisor key (2 requests a day): ${key}`,
        `  curl -s -X POST -H 'content-type: application/json' -H 'x-api-key: ${key}' \\`,
        `    -d '{"prompt":"What makes a thread take off here?"}' ${baseUrl}/api/${platform}/advisor`,
        'production: set PAY_TO and FACILITATOR_URL (see the README) and no dev chain starts',
        '',
      ].join('\n');
    },
    close: () => chain.close(),
  };
}
