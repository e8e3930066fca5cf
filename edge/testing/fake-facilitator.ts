import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodePaymentSignatureHeader } from '@x402/core/http';
import type { FacilitatorClient } from '@x402/core/server';
import type { PaymentRequirements, SettleResponse, VerifyResponse } from '@x402/core/types';
import { PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import type { PublicContext } from '../../core/envelopes/context.ts';
import type { Facilitator } from '../facilitator/facilitator.ts';
import type { FreeTier } from '../keys/free-tier.ts';
import type { Logger } from '../logger.ts';
import type { ChainCheck } from '../paid/onchain.ts';
import type { RefundSink } from '../paid/refund-filing.ts';
import type { SettlementLog, SettlementRecord } from '../paid/settlement-log.ts';
import { openShop, type Shop } from '../paid/shop.ts';

/** Test support: the payer of fake payments. */
export const FAKE_PAYER = '0x2222222222222222222222222222222222222222' as const;
/** Test support: the payee of fake shops. */
export const FAKE_PAY_TO = '0x1111111111111111111111111111111111111111' as const;

/** Test support: how a fake facilitator answers (default: every payment valid, every settlement done). */
export interface FakeBehaviour {
  verify?: () => Promise<VerifyResponse>;
  settle?: () => Promise<SettleResponse>;
  /** What `reachable()` says (default true). */
  reachable?: boolean;
}

/** Test support: a facilitator whose answers the test chooses (no chain), counting its calls. */
export function fakeFacilitator(
  b: FakeBehaviour = {},
  mode: 'remote' | 'embedded' = 'remote',
): { facilitator: Facilitator; calls: { verify: number; settle: number; status: number } } {
  const calls = { verify: 0, settle: 0, status: 0 };
  let settled = 0;
  const client: FacilitatorClient = {
    async verify() {
      calls.verify++;
      return b.verify ? b.verify() : { isValid: true, payer: FAKE_PAYER };
    },
    async settle() {
      calls.settle++;
      if (b.settle) return b.settle();
      const transaction = `0x${(++settled).toString(16).padStart(64, '0')}`;
      return { success: true, transaction, network: 'eip155:8453', payer: FAKE_PAYER };
    },
    async getSupported() {
      throw new Error('the edge never asks a facilitator what it supports');
    },
  };
  const facilitator: Facilitator = {
    mode,
    client,
    reachable: async () => b.reachable ?? true,
    status: async () => {
      calls.status++;
      return { mode, status: 'ok' };
    },
    close: async () => {},
  };
  return { facilitator, calls };
}

/**
 * Test support: a payment header accepting `requirements`, with a fresh nonce unless one is given and
 * the client's payment identifier when given (no real signature: a fake facilitator verifies anything).
 */
export function fakePayment(
  requirements: PaymentRequirements,
  opts: { nonce?: `0x${string}`; id?: string; validBefore?: number } = {},
): string {
  return encodePaymentSignatureHeader({
    x402Version: 2,
    accepted: requirements,
    payload: {
      signature: '0x00',
      authorization: {
        from: FAKE_PAYER,
        to: requirements.payTo,
        value: requirements.amount,
        validAfter: '0',
        validBefore: String(opts.validBefore ?? Math.floor(Date.now() / 1000) + 60),
        nonce: opts.nonce ?? `0x${randomBytes(32).toString('hex')}`,
      },
    },
    ...(opts.id === undefined
      ? {}
      : { extensions: { [PAYMENT_IDENTIFIER]: { info: { required: false, id: opts.id } } } }),
  });
}

/** Test support: settlement records kept in memory. */
export function memoryLedger(): SettlementLog & { records: SettlementRecord[] } {
  const records: SettlementRecord[] = [];
  return { where: 'memory', records, record: async (r) => void records.push(r), close: async () => {} };
}

/** Test support: a shop on a fake facilitator (or the one given), with an in-memory ledger. */
export async function fakeShop(
  ctx: PublicContext,
  opts: {
    facilitator?: Facilitator;
    freeTier?: FreeTier;
    refunds?: RefundSink;
    check?: ChainCheck;
    ledger?: SettlementLog;
    logger?: Logger;
  } = {},
): Promise<Shop> {
  return openShop({
    ctx,
    payTo: FAKE_PAY_TO,
    facilitator: opts.facilitator ?? fakeFacilitator().facilitator,
    check: opts.check ?? (async () => ({ kind: 'unknown', why: 'no chain in this test' })),
    ...(opts.freeTier ? { freeTier: opts.freeTier } : {}),
    ...(opts.refunds ? { refunds: opts.refunds } : {}),
    ...(opts.ledger ? { ledger: opts.ledger } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
}

/**
 * Test support: a remote facilitator over HTTP on loopback that refuses every payment it is asked to
 * verify (an invalid signature, as for a forged payment) and never settles one, counting its calls.
 */
export async function refusingFacilitatorServer(): Promise<{
  url: string;
  calls: { verify: number; settle: number };
  close(): Promise<void>;
}> {
  const calls = { verify: 0, settle: 0 };
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const path = req.url ?? '';
      if (path.endsWith('/verify')) calls.verify++;
      if (path.endsWith('/settle')) calls.settle++;
      const body = path.endsWith('/supported')
        ? {
            kinds: [{ x402Version: 2, scheme: 'exact', network: 'eip155:8453' }],
            extensions: [],
            signers: {},
          }
        : path.endsWith('/verify')
          ? { isValid: false, invalidReason: 'invalid_exact_evm_signature', payer: FAKE_PAYER }
          : {
              success: false,
              errorReason: 'invalid_exact_evm_signature',
              transaction: '',
              network: 'eip155:8453',
            };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
