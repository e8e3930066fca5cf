import { describe, expect, it } from 'vitest';
import { newRecord, type RefundRecord, type SignedRefundTx } from './order.ts';
import {
  bumpedFees,
  isDue,
  MAX_REPLACEMENTS,
  nextRefundStep,
  type RefundPolicy,
  retriedRecord,
  signedRecord,
  type TxObservation,
  txOutcome,
} from './steps.ts';

const NOW = new Date('2026-01-01T12:00:00.000Z');
const policy: RefundPolicy = { chainId: 8453, confirmations: 1n, replaceAfterMs: 180_000 };
const PAYER = '0x2222222222222222222222222222222222222222' as const;
const USDC = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' as const;

const order = (over: Partial<RefundRecord> = {}): RefundRecord => ({
  ...newRecord(
    {
      network: 'eip155:8453',
      asset: USDC,
      to: PAYER,
      amount: '50000',
      route: '/api/forum/advisor',
      settlementTx: `0x${'ab'.repeat(32)}`,
      reason: 'advisor failed',
    },
    new Date(NOW.getTime() - 600_000),
  ),
  ...over,
});

const tx = (n: number, ageMs = 0, nonce = 7): SignedRefundTx => ({
  from: '0x3333333333333333333333333333333333333333',
  nonce,
  hash: `0x${n.toString(16).padStart(64, '0')}`,
  raw: '0x02',
  maxFeePerGas: '1000',
  maxPriorityFeePerGas: '100',
  gas: '60000',
  signedAt: new Date(NOW.getTime() - ageMs).toISOString(),
});

const signed = (txs: SignedRefundTx[]) => order({ state: 'signed', txs });
const receipt = (t: SignedRefundTx, success = true, confirmations = 1n) => ({
  hash: t.hash,
  success,
  blockNumber: 100n,
  confirmations,
});
const seen = (minedNonce: number, receipts: TxObservation['receipts'] = []): TxObservation => ({
  minedNonce,
  receipts,
});

describe('nextRefundStep', () => {
  const t1 = tx(1);
  const old = tx(2, 200_000);
  const cases: Array<[string, RefundRecord, TxObservation | undefined, string]> = [
    ['a confirmed order is done', order({ state: 'confirmed' }), undefined, 'done'],
    ['a failed order is done', order({ state: 'failed' }), undefined, 'done'],
    ['a valid queued order is signed', order(), undefined, 'sign'],
    ['an order of another network fails', order({ network: 'eip155:1' }), undefined, 'fail'],
    ['an order to the zero address fails', order({ to: `0x${'0'.repeat(40)}` }), undefined, 'fail'],
    ['an order of amount 0 fails', order({ amount: '0' }), undefined, 'fail'],
    ['a signed order is observed first', signed([t1]), undefined, 'observe'],
    ['a successful receipt confirms', signed([t1]), seen(8, [receipt(t1)]), 'confirm'],
    ['a reverted receipt abandons, retrying later', signed([t1]), seen(8, [receipt(t1, false)]), 'abandon'],
    ['nonce passed with no receipt: dead, abandoned', signed([t1]), seen(8), 'abandon'],
    ['nonce not passed, no receipt, young: rebroadcast', signed([t1]), seen(7), 'broadcast'],
    ['not mined after replaceAfterMs: fee bump', signed([old]), seen(7), 'bump'],
    [
      'a signed order with no transaction is signed again',
      order({ state: 'signed', txs: [] }),
      undefined,
      'sign',
    ],
  ];
  it.each(cases)('%s', (_name, record, observation, kind) => {
    expect(nextRefundStep(record, observation, NOW, policy).kind).toBe(kind);
  });

  it('stops bumping after MAX_REPLACEMENTS: the newest is rebroadcast', () => {
    const txs = Array.from({ length: MAX_REPLACEMENTS + 1 }, (_, i) => tx(i + 1, 200_000));
    expect(nextRefundStep(signed(txs), seen(7), NOW, policy)).toEqual({ kind: 'broadcast', tx: txs.at(-1) });
  });

  it('confirms with the receipt of any recorded version and records it', () => {
    const txs = [tx(1, 300_000), tx(2, 100_000)];
    const step = nextRefundStep(signed(txs), seen(8, [receipt(txs[1] as SignedRefundTx)]), NOW, policy);
    expect(step.kind).toBe('confirm');
    if (step.kind !== 'confirm') return;
    expect(step.record).toMatchObject({ state: 'confirmed', sentTx: txs[1]?.hash, blockNumber: '100' });
    expect(step.record.confirmedAt).toBe(NOW.toISOString());
  });

  it('waits for enough confirmations before confirming', () => {
    const deep = { ...policy, confirmations: 3n };
    expect(nextRefundStep(signed([t1]), seen(8, [receipt(t1, true, 2n)]), NOW, deep).kind).toBe('broadcast');
    expect(nextRefundStep(signed([t1]), seen(8, [receipt(t1, true, 3n)]), NOW, deep).kind).toBe('confirm');
  });

  it('an abandoned order is queued again with its transactions given up, and signs anew', () => {
    const step = nextRefundStep(signed([t1]), seen(8), NOW, policy);
    if (step.kind !== 'abandon') throw new Error(step.kind);
    expect(step.retryLater).toBe(false);
    expect(step.record.state).toBe('queued');
    expect(step.record.txs).toBeUndefined();
    expect(step.record.abandonedTxs).toEqual([{ hash: t1.hash, nonce: 7, why: step.why }]);
    expect(nextRefundStep(step.record, undefined, NOW, policy).kind).toBe('sign');
  });

  it('a reverted transaction is abandoned and the order retried later, never at once', () => {
    const step = nextRefundStep(signed([t1]), seen(8, [receipt(t1, false)]), NOW, policy);
    expect(step).toMatchObject({ kind: 'abandon', retryLater: true });
  });

  it('fails an order above maxAmount', () => {
    const step = nextRefundStep(order(), undefined, NOW, { ...policy, maxAmount: 10_000n });
    expect(step).toMatchObject({ kind: 'fail', record: { state: 'failed' } });
  });
});

describe('txOutcome', () => {
  it('judges a transaction with no receipt dead only once the mined nonce passed it', () => {
    expect(txOutcome([tx(1)], seen(7), policy).kind).toBe('pending');
    expect(txOutcome([tx(1)], seen(8), policy).kind).toBe('dead');
    expect(txOutcome([], seen(0), policy).kind).toBe('dead');
  });
});

describe('records', () => {
  it('a signed record holds exactly its one transaction', () => {
    const r = signedRecord(order(), tx(1), NOW);
    expect(r).toMatchObject({ state: 'signed', txs: [tx(1)], updatedAt: NOW.toISOString() });
  });

  it.each([
    [1, 0, 4_000],
    [1, 0.5, 5_000],
    [2, 0.5, 10_000],
    [30, 0.5, 600_000],
  ])('backs off: try %i with jitter %f waits %i ms', (tries, jitter, waitMs) => {
    const r = retriedRecord(
      order({ attempts: tries - 1 }),
      'rpc down',
      NOW,
      { baseMs: 5_000, maxMs: 600_000 },
      jitter,
    );
    expect(r.attempts).toBe(tries);
    expect(r.lastError).toBe('rpc down');
    expect(Date.parse(r.nextAttemptAt as string) - NOW.getTime()).toBe(waitMs);
    expect(isDue(r, NOW, false)).toBe(false);
    expect(isDue(r, NOW, true)).toBe(true);
    expect(isDue(r, new Date(Date.parse(r.nextAttemptAt as string)), false)).toBe(true);
  });

  it('holds an order until its hold ends, even on a forced pass', () => {
    const held = order({ holdUntil: new Date(NOW.getTime() + 60_000).toISOString() });
    expect(isDue(held, NOW, false)).toBe(false);
    expect(isDue(held, NOW, true)).toBe(false);
    expect(isDue(held, new Date(NOW.getTime() + 60_000), false)).toBe(true);
  });

  it('raises fees at least 25 % and at least to the current ones', () => {
    expect(bumpedFees(tx(1), { maxFeePerGas: 10n, maxPriorityFeePerGas: 1n })).toEqual({
      maxFeePerGas: 1251n,
      maxPriorityFeePerGas: 126n,
    });
    expect(bumpedFees(tx(1), { maxFeePerGas: 5_000n, maxPriorityFeePerGas: 9_000n })).toEqual({
      maxFeePerGas: 5_000n,
      maxPriorityFeePerGas: 5_000n,
    });
  });
});
