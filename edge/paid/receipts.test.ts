import { describe, expect, it } from 'vitest';
import { routeById } from '../../core/routes.ts';
import { silentLogger } from '../logger.ts';
import type { NewRefundOrder } from '../refunds/order.ts';
import { memoryLedger } from '../testing/fake-facilitator.ts';
import type { OnChain } from './onchain.ts';
import type { PresentedPayment } from './payment-header.ts';
import { type Purchase, type Receipt, receiptBook, settledOf } from './receipts.ts';

const PAYER = '0x2222222222222222222222222222222222222222' as const;
const TX = `0x${'ab'.repeat(32)}` as const;
const history = routeById('history');
const requirements = {
  scheme: 'exact',
  network: 'eip155:8453' as const,
  amount: '20000',
  asset: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  payTo: '0x1111111111111111111111111111111111111111',
  maxTimeoutSeconds: 60,
  extra: {},
};
let nonces = 0;

/** A payment as presented, valid for `ms` more, with a fresh nonce unless given. */
function presented(ms: number, opts: { id?: string; nonce?: `0x${string}` } = {}): PresentedPayment {
  const nonce = opts.nonce ?? (`0x${(++nonces).toString(16).padStart(64, '0')}` as const);
  return {
    payload: { x402Version: 2, accepted: requirements, payload: {} },
    authorization: {
      asset: requirements.asset as `0x${string}`,
      from: PAYER,
      to: requirements.payTo as `0x${string}`,
      value: '20000',
      nonce,
    },
    validBefore: Date.now() + ms,
    id: opts.id,
  };
}

function receipt(p: PresentedPayment, fingerprint = 'f', settled = true): Receipt {
  const purchase: Purchase = {
    route: history,
    path: '/api/forum/digests',
    presented: p,
    requirements,
    extensions: undefined,
  };
  return {
    fingerprint,
    purchase,
    body: '{"answer":1}',
    settled: settled ? settledOf(purchase, TX) : undefined,
    delivered: true,
    busy: Promise.resolve(),
  };
}

function book(onChain: OnChain = { kind: 'unsettled' }, maxBytes?: number) {
  const ledger = memoryLedger();
  const filed: NewRefundOrder[] = [];
  const cancelled: string[] = [];
  const receipts = receiptBook({
    check: async () => onChain,
    ledger,
    refunds: {
      enqueue: async (order) => {
        filed.push(order);
        return { id: `rf_${filed.length}` };
      },
      cancel: async (id) => {
        cancelled.push(id);
        return true;
      },
    },
    logger: silentLogger,
    graceMs: 10,
    ...(maxBytes === undefined ? {} : { maxBytes }),
  });
  return { receipts, records: ledger.records, filed, cancelled };
}

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('the receipt book', () => {
  it('finds a kept answer by its authorization or its payment identifier, for the same request only', () => {
    const { receipts } = book();
    const p = presented(60_000, { id: 'pay_0123456789abcdef' });
    const kept = receipt(p);
    receipts.keep(kept);
    expect(receipts.find(p, 'f')).toEqual({ kind: 'kept', receipt: kept });
    expect(receipts.find(p, 'other')).toEqual({ kind: 'other-request' });
    const sameId = presented(60_000, { id: 'pay_0123456789abcdef' });
    expect(receipts.find(sameId, 'f')).toEqual({ kind: 'kept', receipt: kept });
    expect(receipts.find(sameId, 'other')).toEqual({ kind: 'id-reused' });
    expect(receipts.find(presented(60_000), 'f')).toEqual({ kind: 'none' });
    receipts.close();
  });

  it('over its byte bound, drops the oldest delivered answers first, never a pending one', () => {
    const { receipts } = book({ kind: 'unsettled' }, 2 * '{"answer":1}'.length);
    const pending = receipt(presented(60_000), 'f', false);
    const [first, second, third] = [1, 2, 3].map(() => receipt(presented(60_000)));
    for (const r of [pending, first, second, third]) receipts.keep(r as Receipt);
    expect(receipts.find(pending.purchase.presented, 'f').kind).toBe('kept');
    expect(receipts.find((first as Receipt).purchase.presented, 'f').kind).toBe('none');
    expect(receipts.find((second as Receipt).purchase.presented, 'f').kind).toBe('none');
    expect(receipts.find((third as Receipt).purchase.presented, 'f').kind).toBe('kept');
    receipts.close();
  });

  it('tells a payment still being answered, until it is done', async () => {
    const { receipts } = book();
    const p = presented(60_000);
    const done = receipts.begin(p);
    const found = receipts.find(p, 'f');
    expect(found.kind).toBe('in-flight');
    done();
    await (found as { done: Promise<void> }).done;
    expect(receipts.find(p, 'f')).toEqual({ kind: 'none' });
  });

  it('an undelivered answer: its refund filed at once, held until the payment expires; a retry cancels it', async () => {
    const { receipts, filed, cancelled, records } = book();
    const kept = receipt(presented(60_000));
    receipts.keep(kept);
    await receipts.undelivered(kept);
    expect(filed).toEqual([
      expect.objectContaining({
        to: PAYER,
        amount: '20000',
        settlementTx: TX,
        holdUntil: expect.any(String),
      }),
    ]);
    expect(Date.parse(filed[0]?.holdUntil ?? '')).toBe(kept.purchase.presented.validBefore + 10);
    expect(await receipts.redeliver(kept)).toBe(true);
    expect(cancelled).toEqual(['rf_1']);
    expect(records.map((r) => r.outcome)).toEqual(['refund-queued', 'refund-cancelled']);
    receipts.close();
  });

  it('an undelivered answer whose payment expired: a retry then learns of its refund', async () => {
    const { receipts } = book();
    const kept = receipt(presented(20));
    receipts.keep(kept);
    await receipts.undelivered(kept);
    await until(() => kept.refunded === true);
    expect(kept).toMatchObject({ refunded: true, refundId: 'rf_1', body: '' });
    expect(receipts.find(kept.purchase.presented, 'f')).toEqual({ kind: 'kept', receipt: kept });
    receipts.close();
  });

  it.each([
    [
      'lands after all: recorded settled, refunded (nobody got the answer)',
      { kind: 'settled', transaction: TX } as OnChain,
      ['settled', 'refund-queued'],
      1,
    ],
    ['never lands: recorded failed, nothing to refund', { kind: 'unsettled' } as OnChain, ['failed'], 0],
    [
      'its nonce was spent otherwise: recorded failed, nothing to refund',
      { kind: 'spent' } as OnChain,
      ['failed'],
      0,
    ],
  ])('a pending settlement whose payment expires %s', async (_what, onChain, outcomes, refunds) => {
    const { receipts, records, filed } = book(onChain);
    const pending = receipt(presented(20), 'f', false);
    receipts.keep(pending);
    await until(() => records.length === outcomes.length && receipts.size() === (refunds ? 1 : 0));
    expect(records.map((r) => r.outcome)).toEqual(outcomes);
    expect(filed).toHaveLength(refunds);
    expect(filed[0]?.holdUntil).toBeUndefined();
    receipts.close();
  });
});
