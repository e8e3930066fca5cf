import { toClientEvmSigner } from '@x402/evm';
import { registerExactEvmScheme } from '@x402/evm/exact/client';
import { x402Client } from '@x402/fetch';
import { createPublicClient, type Hex, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * An x402 client that pays with `privateKey` (x402 v2, exact scheme, any EVM network), as a buyer's
 * agent would: @x402/fetch's client with @x402/evm's scheme. With `rpcUrl` the signer can read the
 * chain (what schemes needing on-chain reads use).
 */
export function payerClient(privateKey: Hex, rpcUrl?: string): x402Client {
  const account = privateKeyToAccount(privateKey);
  const publicClient = rpcUrl ? createPublicClient({ transport: http(rpcUrl) }) : undefined;
  const client = new x402Client();
  registerExactEvmScheme(client, {
    signer: toClientEvmSigner(account, publicClient),
    ...(rpcUrl ? { schemeOptions: { rpcUrl } } : {}),
  });
  return client;
}
