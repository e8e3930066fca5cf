/**
 * `npm run chain:dev -- [--port <p>] [--host <h>] [--payers <n>]`: runs the local dev chain until
 * SIGINT/SIGTERM and prints its RPC URL, token and TEST-ONLY accounts with their keys.
 * Exit codes: 0 stopped by a signal, 1 the chain failed to start, 2 bad arguments.
 */
import type { DevAccount } from './accounts.ts';
import { CHAIN_DEV_USAGE, parseChainDevArgs } from './cli-args.ts';
import { type DevChain, startDevChain } from './start.ts';

function summary(chain: DevChain): string {
  const row = (label: string, a: DevAccount, note: string) =>
    `  ${label.padEnd(12)} ${a.address}  key ${a.privateKey}  (${note})`;
  return [
    '',
    'LOCAL TEST NETWORK — not Base mainnet. Every key below is a publicly known TEST-ONLY key.',
    '',
    `  RPC URL      ${chain.rpcUrl}`,
    `  chain id     ${chain.chainId} (eip155:${chain.chainId}; copies Base mainnet's id)`,
    `  USDC         ${chain.usdc} (test token, "USD Coin" v2, 6 decimals)`,
    `  Multicall3   ${chain.multicall3}`,
    '',
    'Accounts:',
    row('deployer', chain.deployer, 'token minter'),
    row('facilitator', chain.facilitator, 'settles payments; ETH for gas'),
    row('payTo', chain.payTo, 'the service payee'),
    row('refund', chain.refund, 'refund wallet; ETH + 1000 USDC'),
    ...chain.payers.map((p, i) => row(`payer ${i}`, p, 'ETH + USDC')),
    '',
    'Pay a route:  PAYER_PRIVATE_KEY=<a payer key> npm run pay -- <url>',
    'Ctrl-C stops the chain (its state is not kept).',
    '',
  ].join('\n');
}

async function main(): Promise<void> {
  const args = parseChainDevArgs(process.argv.slice(2));
  if (args.kind === 'help') {
    console.log(CHAIN_DEV_USAGE);
    return;
  }
  if (args.kind === 'error') {
    console.error(`chain:dev: ${args.message}\n${CHAIN_DEV_USAGE}`);
    process.exit(2);
  }

  const started = performance.now();
  let chain: DevChain;
  try {
    chain = await startDevChain({ port: args.port, host: args.host, payers: args.payers });
  } catch (error) {
    console.error(`chain:dev: could not start the chain: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
  console.log(summary(chain));
  console.log(`Started in ${Math.round(performance.now() - started)} ms.`);

  const stop = async (signal: string) => {
    console.log(`\n${signal}: stopping the dev chain.`);
    await chain.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

await main();
