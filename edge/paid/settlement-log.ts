import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { STATE_FILE } from '../state/local-state.ts';
import { sqliteState } from '../state/sqlite-state.ts';
import type { StateStore } from '../state/state.ts';

/**
 * What happened to a payment: `settled` (money moved to the payee), `uncertain` (a settlement gave
 * no answer and the chain did not show it yet: resolved later by one of the others), `failed` (it did
 * not happen: refused, or an uncertain one that never landed), `refund-queued` (it settled but its
 * answer was not delivered: a refund order is stored, held while a retry may still get it),
 * `refund-cancelled` (a held refund whose answer a retry did get).
 */
export type SettlementOutcome = 'settled' | 'uncertain' | 'failed' | 'refund-queued' | 'refund-cancelled';

/** One line of the settlement record: an event, appended, never rewritten. */
export interface SettlementRecord {
  /** When it happened (ISO 8601). */
  at: string;
  outcome: SettlementOutcome;
  /** Path of the paid route, e.g. `/api/forum/advisor`. */
  route: string;
  /** CAIP-2 network, e.g. `eip155:8453`. */
  network: string;
  /** Token contract paid. */
  asset: string;
  /** Atomic units. */
  amount: string;
  payer: string | null;
  /** Settlement transaction hash; null when none is known. */
  transaction: string | null;
  /** The facilitator's reason of a failure, why a settlement is uncertain, or why a refund is owed. */
  reason?: string;
  /** The EIP-3009 authorization's nonce (uncertain settlements: what to look up on chain). */
  nonce?: string;
  /** Id of the refund order (`refund-queued`, `refund-cancelled`). */
  refundId?: string;
  /** Until when a queued refund is held (a retry with the same payment may still get its answer). */
  holdUntil?: string;
  /** Written by earlier versions: a failure whose transaction may still land. */
  indeterminate?: boolean;
}

/** Where settlement records go. `record` resolves once the record is durable; `close` leaves the state to its owner. */
export interface SettlementLog {
  /** Where the records live, for logs and /health (no secrets). */
  readonly where: string;
  record(entry: SettlementRecord): Promise<void>;
  close(): Promise<void>;
}

/** A log that keeps nothing (tests and benches that do not look at records). */
export const noSettlementLog: SettlementLog = {
  where: 'nowhere',
  async record() {},
  async close() {},
};

/** Options of `stateSettlementLog`. */
export interface StateSettlementLogOptions {
  /** Where records go: the instance's SQLite state, or Redis shared by every instance. */
  state: StateStore;
  /** With Redis: the instance's own state, where a record goes when Redis does not take it. */
  fallback?: StateStore;
  logger: Logger;
}

/**
 * Settlement records as rows of the state store: `record` resolves once the row is durable (SQLite:
 * committed with `synchronous=FULL`; Redis: `XADD` to `<prefix>settlements`, as durable as its AOF).
 * A record Redis does not take (not connected, or no answer within 2 s) goes to `fallback` instead,
 * logged once per outage, so a settlement is never left unrecorded.
 */
export function stateSettlementLog(opts: StateSettlementLogOptions): SettlementLog {
  const { state, fallback, logger } = opts;
  let down = false;
  return {
    where: state.where,
    async record(entry) {
      if (!fallback) return state.appendSettlement(entry);
      try {
        if (!state.ready()) throw new Error('not connected');
        await state.appendSettlement(entry);
        if (down) {
          down = false;
          logger.info('settlement records back in the shared store', { where: state.where });
        }
      } catch (error) {
        if (!down) {
          down = true;
          logger.warn('the shared store refused a settlement record: writing to the local state', {
            where: state.where,
            fallback: fallback.where,
            error: (error as Error).message,
          });
        }
        await fallback.appendSettlement(entry);
      }
    },
    async close() {},
  };
}

const MESSAGES: Readonly<Record<SettlementOutcome, [level: 'info' | 'warn', message: string]>> = {
  settled: ['info', 'payment settled'],
  uncertain: ['warn', 'settlement uncertain: the chain will tell'],
  failed: ['info', 'payment not settled: nothing charged'],
  'refund-queued': ['warn', 'refund queued'],
  'refund-cancelled': ['info', 'refund cancelled: the answer was delivered'],
};

/**
 * Records one settlement event and logs it as one structured line (route, amount, payer, transaction;
 * never a signature or a secret). Never throws: a record that cannot be stored is logged in full.
 */
export async function note(
  to: { ledger: SettlementLog; logger: Logger },
  entry: SettlementRecord,
): Promise<void> {
  const [level, message] = MESSAGES[entry.outcome];
  const { at: _at, outcome: _outcome, ...fields } = entry;
  to.logger[level](message, fields);
  try {
    await to.ledger.record(entry);
  } catch (error) {
    to.logger.error('settlement record could not be stored: keeping it in the log', {
      ...entry,
      ledger: to.ledger.where,
      error: (error as Error).message,
    });
  }
}

/** Reads the settlement records of the SQLite state under `stateDir` (tests, operators). */
export async function readSettlements(stateDir: string): Promise<SettlementRecord[]> {
  const state = sqliteState(join(stateDir, STATE_FILE));
  try {
    return await state.listSettlements();
  } finally {
    await state.close();
  }
}
