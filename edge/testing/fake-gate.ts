import type { PublicContext } from '../../core/envelopes/context.ts';
import { atomicAmount, DEMO_PAYMENT_TERMS } from '../../core/payment.ts';
import type { RouteDef } from '../../core/routes.ts';
import {
  challengeOnlyGate,
  type PaymentGate,
  paymentHeader,
  type SettledPayment,
  type VerifiedPayment,
} from '../paid/gate.ts';

/** Test support: what a fake gate did. */
export interface FakeGateLog {
  verified: number;
  settled: number;
}

/**
 * Test support: a gate that accepts any request carrying a payment header (no chain, no
 * facilitator) and settles with a made-up transaction, or fails settling when `settle` throws.
 */
export function fakeGate(
  ctx: PublicContext,
  options: { settle?: (route: RouteDef) => Promise<SettledPayment> } = {},
): PaymentGate & { log: FakeGateLog } {
  const inner = challengeOnlyGate(ctx, DEMO_PAYMENT_TERMS);
  const log: FakeGateLog = { verified: 0, settled: 0 };
  let counter = 0;
  return {
    mode: 'embedded',
    log,
    challenge: inner.challenge,
    async decide(request, route) {
      if (paymentHeader(request) === undefined)
        return { type: 'payment-required', challenge: inner.challenge(route) };
      log.verified++;
      const payment: VerifiedPayment = {
        payer: '0x2222222222222222222222222222222222222222',
        amount: atomicAmount(route.priceUsd ?? '0', DEMO_PAYMENT_TERMS.decimals),
        network: 'eip155:8453',
        asset: DEMO_PAYMENT_TERMS.asset,
        async settle() {
          const settled = options.settle
            ? await options.settle(route)
            : {
                transaction: `0x${(++counter).toString(16).padStart(64, '0')}`,
                payer: payment.payer,
                network: payment.network,
                asset: payment.asset,
                amount: payment.amount,
                headers: { 'PAYMENT-RESPONSE': 'settled' },
              };
          log.settled++;
          return settled;
        },
      };
      return { type: 'payment-verified', payment };
    },
    status: async () => ({ mode: 'embedded', status: 'ok' }),
    close: async () => {},
  };
}
