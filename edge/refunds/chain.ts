import {
  type Address,
  BaseError,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  type Hex,
  http,
  keccak256,
  TransactionReceiptNotFoundError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { RefundRecord, SignedRefundTx } from './order.ts';
import { bumpedFees, type ReceiptSeen, type RefundPolicy, type TxObservation, txOutcome } from './steps.ts';

/** An error after which the order simply waits for its next try. */
export class RetryLater extends Error {
  override readonly name = 'RetryLater';
}

/** The readable part of an RPC or viem error. */
export function describeError(error: unknown): string {
  if (error instanceof BaseError) return error.details || error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}

/** The refund wallet on one chain: what the worker reads and sends, nothing it decides. */
export interface RefundChain {
  readonly address: Address;
  /** The chain id the RPC endpoint serves. */
  chainId(): Promise<number>;
  /** The wallet's mined nonce, then the receipts of `txs` (up to the first found): see TxObservation. */
  observe(txs: readonly SignedRefundTx[]): Promise<TxObservation>;
  /** Checks the wallet can pay `record` now (USDC, a simulated transfer, ETH for gas) and signs it; RetryLater when it cannot. */
  signNew(record: RefundRecord): Promise<SignedRefundTx>;
  /** A replacement of `tx`: same nonce, fees raised (bumpedFees). */
  bump(record: RefundRecord, tx: SignedRefundTx): Promise<SignedRefundTx>;
  /** Sends `tx` (one of `txs`); an error that leaves the transactions pending is a RetryLater. */
  broadcast(txs: readonly SignedRefundTx[], tx: SignedRefundTx): Promise<void>;
}

/** The refund wallet `privateKey` on the chain behind `rpcUrl` (viem; the key never leaves this closure). */
export function refundChain(opts: {
  rpcUrl: string;
  privateKey: `0x${string}`;
  policy: RefundPolicy;
}): RefundChain {
  const { chainId, confirmations } = opts.policy;
  const account = privateKeyToAccount(opts.privateKey);
  const chain = defineChain({
    id: chainId,
    name: `eip155:${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [opts.rpcUrl] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(opts.rpcUrl, { retryCount: 1, timeout: 10_000 }),
  });

  const receiptOf = async (hash: Hex): Promise<ReceiptSeen | undefined> => {
    try {
      const receipt = await client.getTransactionReceipt({ hash });
      const depth =
        confirmations <= 1n ? 1n : (await client.getBlockNumber({ cacheTime: 0 })) - receipt.blockNumber + 1n;
      return {
        hash,
        success: receipt.status === 'success',
        blockNumber: receipt.blockNumber,
        confirmations: depth,
      };
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return undefined;
      throw error;
    }
  };

  const observe = async (txs: readonly SignedRefundTx[]): Promise<TxObservation> => {
    const from = txs[0]?.from ?? account.address;
    // Nonce first: a receipt that lands after this read is still seen below.
    const minedNonce = await client.getTransactionCount({ address: from, blockTag: 'latest' });
    for (const tx of txs) {
      const receipt = await receiptOf(tx.hash);
      if (receipt) return { minedNonce, receipts: [receipt] };
    }
    return { minedNonce, receipts: [] };
  };

  const sign = async (
    record: RefundRecord,
    nonce: number,
    gas: bigint,
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
  ): Promise<SignedRefundTx> => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [record.to, BigInt(record.amount)],
    });
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId,
      to: record.asset,
      data,
      value: 0n,
      nonce,
      gas,
      ...fees,
    });
    return {
      from: account.address,
      nonce,
      hash: keccak256(raw),
      raw,
      gas: gas.toString(),
      maxFeePerGas: fees.maxFeePerGas.toString(),
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString(),
      signedAt: new Date().toISOString(),
    };
  };

  const feesNow = async () => {
    const fees = await client.estimateFeesPerGas();
    return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  };

  return {
    address: account.address,
    chainId: () => client.getChainId(),
    observe,
    async signNew(record) {
      const amount = BigInt(record.amount);
      const held = await client.readContract({
        address: record.asset,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [account.address],
      });
      if (held < amount) {
        throw new RetryLater(
          `refund wallet ${account.address} holds ${held} of ${record.asset}, needs ${amount}`,
        );
      }
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [record.to, amount] });
      let estimate: bigint;
      try {
        estimate = await client.estimateGas({ account: account.address, to: record.asset, data });
      } catch (error) {
        throw new RetryLater(`refund transfer would fail: ${describeError(error)}`);
      }
      const gas = (estimate * 12n) / 10n;
      const fees = await feesNow();
      const eth = await client.getBalance({ address: account.address });
      if (eth < gas * fees.maxFeePerGas) {
        throw new RetryLater(
          `refund wallet ${account.address} has ${eth} wei, needs up to ${gas * fees.maxFeePerGas} for gas`,
        );
      }
      const nonce = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      return sign(record, nonce, gas, fees);
    },
    async bump(record, tx) {
      return sign(record, tx.nonce, BigInt(tx.gas), bumpedFees(tx, await feesNow()));
    },
    async broadcast(txs, tx) {
      try {
        await client.sendRawTransaction({ serializedTransaction: tx.raw });
      } catch (error) {
        const text = describeError(error);
        // Known already, or its nonce is used (by it, once mined, or by another): the outcome check decides.
        if (/already known|known transaction|already imported|nonce too low|underpriced/i.test(text)) return;
        if (txOutcome(txs, await observe(txs), opts.policy).kind !== 'pending') return;
        throw new RetryLater(`broadcast of ${tx.hash} failed: ${text}`);
      }
    },
  };
}
