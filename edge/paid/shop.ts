import type { PublicContext } from '../../core/envelopes/context.ts';
import type { Facilitator } from '../facilitator/facilitator.ts';
import { type FreeTier, type FreeTierGate, freeTierGate } from '../keys/free-tier.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { type ChainCheck, chainCheck } from './onchain.ts';
import { type ReceiptBook, receiptBook } from './receipts.ts';
import type { RefundSink } from './refund-filing.ts';
import { noSettlementLog, type SettlementLog } from './settlement-log.ts';
import { createX402Edge, type X402Edge } from './x402.ts';

/** What the paid routes sell with (`sale.ts`). */
export interface Shop {
  readonly x402: X402Edge;
  readonly receipts: ReceiptBook;
  /** Looks a payment's authorization up on chain when its settlement gave no answer. */
  readonly check: ChainCheck;
  readonly free: FreeTierGate;
  readonly ledger: SettlementLog;
  readonly logger: Logger;
  readonly now: () => number;
  readonly platform: string;
  close(): Promise<void>;
}

/** Options of `openShop`. */
export interface ShopOptions {
  readonly ctx: PublicContext;
  readonly payTo: `0x${string}`;
  readonly facilitator: Facilitator;
  /** Free-tier keys of the advisor; without them every key is unknown (401). */
  readonly freeTier?: FreeTier;
  /** Where settlement events are recorded (default: nowhere). */
  readonly ledger?: SettlementLog;
  /** Where refunds of undelivered answers are filed. */
  readonly refunds?: RefundSink;
  /** The chain check (default: through `rpcUrl`, or none). */
  readonly check?: ChainCheck;
  /** JSON-RPC of the chain, for the chain check (EVM_RPC_URL). */
  readonly rpcUrl?: string;
  /** Time limit of one verify or settle call, in ms. */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  readonly now?: () => number;
}

/** The paid routes' shop: the x402 edge (with the free tier's hook), the receipt book and the chain check. */
export async function openShop(opts: ShopOptions): Promise<Shop> {
  const logger = opts.logger ?? silentLogger;
  const ledger = opts.ledger ?? noSettlementLog;
  const now = opts.now ?? Date.now;
  const check = opts.check ?? chainCheck(opts.rpcUrl);
  const free = freeTierGate(opts.freeTier, logger);
  const x402 = await createX402Edge({
    ctx: opts.ctx,
    payTo: opts.payTo,
    facilitator: opts.facilitator,
    grant: (c, route) => (route.freeTier ? free.grant(c) : Promise.resolve(false)),
    logger,
    ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
  });
  const receipts = receiptBook({ check, ledger, refunds: opts.refunds, logger, now });
  return {
    x402,
    receipts,
    check,
    free,
    ledger,
    logger,
    now,
    platform: opts.ctx.platform,
    async close() {
      receipts.close();
      await x402.close();
    },
  };
}
