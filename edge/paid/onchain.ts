import { createPublicClient, type Hex, http, parseAbi, parseEventLogs } from 'viem';

/** What was authorized: an EIP-3009 `transferWithAuthorization` of the payment's payload. */
export interface Authorization {
  /** The token (USDC). */
  readonly asset: Hex;
  readonly from: Hex;
  readonly to: Hex;
  /** Atomic units. */
  readonly value: string;
  readonly nonce: Hex;
}

/** Where an authorization stands on chain. */
export type OnChain =
  /** Its transfer is mined: the payee was paid, by `transaction`. */
  | { readonly kind: 'settled'; readonly transaction: Hex }
  /** Its nonce is unused: nothing moved (yet: a transaction may still be in flight until it expires). */
  | { readonly kind: 'unsettled' }
  /** Its nonce is used, but not by this transfer (cancelled, or another authorization): it can never pay. */
  | { readonly kind: 'spent' }
  /** Cannot tell (no RPC, or the RPC cannot be read): `why` says which. */
  | { readonly kind: 'unknown'; readonly why: string };

/** Looks an authorization up on chain. Never throws. */
export type ChainCheck = (authorization: Authorization) => Promise<OnChain>;

const TOKEN = parseAbi([
  'function authorizationState(address authorizer, bytes32 nonce) view returns (bool)',
  'event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
]);

/** How far back the transfer of a used nonce is looked for (Base: about 33 minutes). */
const LOOKBACK_BLOCKS = 1_000n;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The chain check of a settlement that gave no answer (issue 25): `authorizationState(from, nonce)` on
 * the token; when used, the `AuthorizationUsed` event names the transaction, whose receipt must hold
 * the very transfer authorized (from, to, value): a nonce the payer spent otherwise (cancelled, or on
 * another authorization with the same nonce) paid nobody here. Without `rpcUrl` every answer is
 * `unknown`.
 */
export function chainCheck(rpcUrl: string | undefined): ChainCheck {
  if (rpcUrl === undefined) return async () => ({ kind: 'unknown', why: 'no EVM_RPC_URL to read the chain' });
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: 5_000, retryCount: 1 }) });
  return async (a) => {
    try {
      const used = await client.readContract({
        address: a.asset,
        abi: TOKEN,
        functionName: 'authorizationState',
        args: [a.from, a.nonce],
      });
      if (!used) return { kind: 'unsettled' };
      const head = await client.getBlockNumber();
      const logs = await client.getLogs({
        address: a.asset,
        event: TOKEN[1],
        args: { authorizer: a.from, nonce: a.nonce },
        fromBlock: head > LOOKBACK_BLOCKS ? head - LOOKBACK_BLOCKS : 0n,
        toBlock: head,
      });
      for (const log of logs) {
        const receipt = await client.getTransactionReceipt({ hash: log.transactionHash });
        const paid = parseEventLogs({ abi: TOKEN, logs: receipt.logs, eventName: 'Transfer' }).some(
          (t) =>
            same(t.address, a.asset) &&
            same(t.args.from, a.from) &&
            same(t.args.to, a.to) &&
            t.args.value === BigInt(a.value),
        );
        if (receipt.status === 'success' && paid)
          return { kind: 'settled', transaction: log.transactionHash };
      }
      return { kind: 'spent' };
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]?.slice(0, 200);
      return { kind: 'unknown', why: `the chain could not be read: ${message}` };
    }
  };
}
