import { performance } from 'node:perf_hooks';
import { encodePaymentResponseHeader } from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type { Network, PaymentPayload, PaymentRequirements as X402Requirements } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import type { PublicContext } from '../../core/envelopes/context.ts';
import {
  type PaymentRequired,
  type PaymentRequirements,
  resourceInfo,
} from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC, type PaymentTerms } from '../../core/payment.ts';
import { ROUTES, type RouteDef, routePath } from '../../core/routes.ts';
import type { EdgeError } from '../errors.ts';
import { type Logger, silentLogger } from '../logger.ts';
import type { Facilitator } from './facilitator.ts';
import {
  type FacilitatorStatus,
  facilitatorUnavailable,
  type GateDecision,
  type PaidRequest,
  type PaymentGate,
  paymentHeader,
  paymentRefused,
  type SettledPayment,
  type VerifiedPayment,
} from './gate.ts';
import {
  type GateRefusal,
  type Outcome,
  requestStep,
  settleOutcome,
  settleStep,
  verifyOutcome,
  verifyStep,
} from './gate-steps.ts';
import { refusal, refusalFor } from './reasons.ts';
import { noSettlementLog, type SettlementLog, type SettlementRecord } from './settlement-log.ts';

/** Options of the real gate. */
export interface X402GateOptions {
  readonly ctx: PublicContext;
  /** Who gets paid. */
  readonly payTo: `0x${string}`;
  readonly facilitator: Facilitator;
  /** Default: Base mainnet, `eip155:8453`. */
  readonly network?: `eip155:${number}`;
  /** Where every settlement is recorded (default: nowhere). */
  readonly ledger?: SettlementLog;
  readonly logger?: Logger;
  /** Clock for records (default Date.now). */
  readonly now?: () => number;
}

/** Recent verify and settle times of the facilitator, in ms (for benches; the newest 10,000 of each). */
export interface GateTimings {
  readonly verifyMs: readonly number[];
  readonly settleMs: readonly number[];
}

/** The real gate, with what a bench or a test needs besides the seam. */
export interface X402Gate extends PaymentGate {
  readonly mode: 'remote' | 'embedded';
  /** The x402 requirements of a paid route (what `accepts` holds). */
  requirements(route: RouteDef): X402Requirements;
  /** The payment terms the requirements amount to (the same for every route but the price). */
  readonly terms: PaymentTerms;
  /** The official resource server doing the verify and settle calls. */
  readonly server: x402ResourceServer;
  timings(): GateTimings;
}

const TIMING_WINDOW = 10_000;
/** How long /health may reuse the facilitator's status, in ms. */
const STATUS_TTL_MS = 15_000;

function keep(list: number[], value: number): void {
  list.push(value);
  if (list.length > TIMING_WINDOW) list.splice(0, list.length - TIMING_WINDOW);
}

/** The x402 requirements of a route's price, built the way x402ResourceServer builds them. */
export async function routeRequirements(
  scheme: ExactEvmScheme,
  route: RouteDef,
  payTo: `0x${string}`,
  network: Network,
  maxTimeoutSeconds: number,
): Promise<X402Requirements> {
  if (route.access !== 'paid' || route.priceUsd === null) throw new Error(`route ${route.id} is not paid`);
  // The price as money ('$0.02'): the scheme picks the network's USDC, its decimals and EIP-712 domain.
  const price = await scheme.parsePrice(`$${route.priceUsd}`, network);
  return {
    scheme: scheme.scheme,
    network,
    amount: price.amount,
    asset: price.asset,
    payTo,
    maxTimeoutSeconds,
    extra: { ...(price.extra ?? {}) },
  };
}

/**
 * The real payment gate on the official packages: `x402ResourceServer` (@x402/core/server) with the
 * EVM exact scheme (@x402/evm), a remote or embedded facilitator, the route table's prices, and the
 * gaps of the stock middleware closed (legacy X-PAYMENT, challenge in the 402 body, stable refusal
 * strings, 503 when the facilitator is down). Every settlement attempt is recorded in `ledger`.
 */
export async function createX402Gate(opts: X402GateOptions): Promise<X402Gate> {
  const network = opts.network ?? BASE_MAINNET_USDC.network;
  const logger = opts.logger ?? silentLogger;
  const ledger = opts.ledger ?? noSettlementLog;
  const now = opts.now ?? Date.now;
  const facilitator = opts.facilitator;
  const scheme = new ExactEvmScheme();
  const server = new x402ResourceServer(facilitator.client).register(network, scheme);
  const paid = ROUTES.filter((r) => r.access === 'paid');

  const requirementsById = new Map<string, X402Requirements>();
  const challengeById = new Map<string, PaymentRequired>();
  for (const route of paid) {
    const req = await routeRequirements(
      scheme,
      route,
      opts.payTo,
      network,
      BASE_MAINNET_USDC.maxTimeoutSeconds,
    );
    requirementsById.set(route.id, req);
    challengeById.set(route.id, {
      x402Version: 2,
      error: 'Payment required',
      resource: resourceInfo(opts.ctx, route),
      accepts: [req as PaymentRequirements],
    });
  }
  const first = requirementsById.values().next().value;
  if (!first) throw new Error('createX402Gate: no paid route to sell');
  const terms: PaymentTerms = {
    network,
    asset: first.asset as `0x${string}`,
    payTo: opts.payTo,
    assetName: String(first.extra.name ?? ''),
    assetVersion: String(first.extra.version ?? ''),
    decimals: scheme.getAssetDecimals(first.asset, network) ?? 6,
    maxTimeoutSeconds: first.maxTimeoutSeconds,
  };

  const requirements = (route: RouteDef): X402Requirements => {
    const req = requirementsById.get(route.id);
    if (!req) throw new Error(`route ${route.id} is not paid`);
    return req;
  };
  const challenge = (route: RouteDef): PaymentRequired => {
    const ch = challengeById.get(route.id);
    if (!ch) throw new Error(`route ${route.id} is not paid`);
    return ch;
  };

  const verifyMs: number[] = [];
  const settleMs: number[] = [];

  /** Records a settlement event; a failing record is logged in full rather than lost. */
  const record = async (entry: SettlementRecord) => {
    try {
      await ledger.record(entry);
    } catch (error) {
      logger.error('settlement record could not be stored: keeping it in the log', {
        ...entry,
        ledger: ledger.where,
        error: (error as Error).message,
      });
    }
  };

  /** The answer to a payment not taken; a refusal is a 503 instead while the embedded RPC is down. */
  const notTaken = async (route: RouteDef, step: GateRefusal): Promise<EdgeError> => {
    if (step.kind === 'refuse') return paymentRefused(challenge(route), refusal(step.error), step.reason);
    if (step.kind === 'refuse-unless-outage') {
      if (facilitator.mode !== 'embedded' || (await facilitator.reachable()))
        return paymentRefused(challenge(route), refusalFor(step.reason), step.reason);
      logger.warn('payment failed while the RPC is unreachable: answered 503', {
        route: route.id,
        reason: step.reason,
      });
    }
    return facilitatorUnavailable();
  };

  /** Runs a facilitator call, timed into `times`: its answer, or what its failure came to. */
  const call = async <T>(times: number[], run: () => Promise<T>, failed: (e: unknown) => Outcome<T>) => {
    const started = performance.now();
    try {
      return { kind: 'answer', answer: await run() } as const;
    } catch (error) {
      return failed(error);
    } finally {
      keep(times, performance.now() - started);
    }
  };

  const settle = async (
    route: RouteDef,
    payload: PaymentPayload,
    req: X402Requirements,
    verifiedPayer: `0x${string}`,
  ): Promise<SettledPayment> => {
    const outcome = await call(settleMs, () => server.settlePayment(payload, req), settleOutcome);
    const step = settleStep(verifiedPayer, outcome);
    await record({
      route: routePath(route, opts.ctx.platform),
      network: req.network,
      asset: req.asset,
      amount: req.amount,
      at: new Date(now()).toISOString(),
      ...step.record,
    });
    if (outcome.kind === 'no-answer') {
      (outcome.timedOut ? logger.error : logger.warn)('facilitator settle failed: answered 503', {
        route: route.id,
        payer: verifiedPayer,
        indeterminate: outcome.timedOut,
        error: outcome.error,
      });
    }
    if (step.kind !== 'settled') throw await notTaken(route, step);
    const { result } = step;
    return {
      transaction: result.transaction,
      payer: step.payer,
      network: result.network,
      asset: req.asset as `0x${string}`,
      amount: result.amount ?? req.amount,
      headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(result) },
    };
  };

  const decide = async (request: PaidRequest, route: RouteDef): Promise<GateDecision> => {
    const req = requirements(route);
    const terms = {
      requirements: req,
      matches: (p: PaymentPayload) => !!server.findMatchingRequirements([req], p),
    };
    const read = requestStep(terms, paymentHeader(request));
    if (read.kind === 'challenge') return { type: 'payment-required', challenge: challenge(route) };
    if (read.kind !== 'verify') throw await notTaken(route, read);
    const { payload } = read;
    const outcome = await call(verifyMs, () => server.verifyPayment(payload, req), verifyOutcome);
    if (outcome.kind === 'no-answer')
      logger.warn('facilitator verify failed: answered 503', { route: route.id, error: outcome.error });
    const verified = verifyStep(payload, outcome);
    if (verified.kind !== 'verified') throw await notTaken(route, verified);
    const { payer } = verified;
    let settled: Promise<SettledPayment> | undefined;
    const payment: VerifiedPayment = {
      payer,
      amount: req.amount,
      network: req.network,
      asset: req.asset as `0x${string}`,
      settle: () => {
        settled ??= settle(route, payload, req, payer);
        return settled;
      },
    };
    return { type: 'payment-verified', payment };
  };

  let cached: { at: number; status: Promise<FacilitatorStatus> } | undefined;

  return {
    mode: facilitator.mode,
    terms,
    server,
    requirements,
    challenge,
    decide,
    status() {
      const t = Date.now();
      if (!cached || t - cached.at > STATUS_TTL_MS) cached = { at: t, status: facilitator.status() };
      return cached.status;
    },
    timings: () => ({ verifyMs: [...verifyMs], settleMs: [...settleMs] }),
    async close() {
      await facilitator.close();
    },
  };
}
