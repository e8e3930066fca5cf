import { performance } from 'node:perf_hooks';
import { decodePaymentSignatureHeader, encodePaymentResponseHeader } from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import type {
  Network,
  PaymentPayload,
  SettleResponse,
  VerifyResponse,
  PaymentRequirements as X402Requirements,
} from '@x402/core/types';
import { FacilitatorTimeoutError, SettleError, VerifyError } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import type { PublicContext } from '../../core/envelopes/context.ts';
import {
  type PaymentRequired,
  type PaymentRequirements,
  resourceInfo,
} from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC, type PaymentTerms } from '../../core/payment.ts';
import { ROUTES, type RouteDef, routePath } from '../../core/routes.ts';
import type { EdgeContext } from '../env.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { exactPayloadProblem } from './exact-payload.ts';
import type { Facilitator } from './facilitator.ts';
import {
  type FacilitatorStatus,
  facilitatorUnavailable,
  type GateDecision,
  type PaymentGate,
  paymentHeader,
  paymentRefused,
  type SettledPayment,
  type VerifiedPayment,
} from './gate.ts';
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
  /** The paid routes to sell (default: every paid route of core/routes.ts). */
  readonly routes?: readonly RouteDef[];
  /** Where every settlement is recorded (default: nowhere). */
  readonly ledger?: SettlementLog;
  readonly logger?: Logger;
  /** How long /health may reuse the facilitator's status, in ms (default 15 s). */
  readonly statusTtlMs?: number;
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

/** The payer a payload names, before any facilitator said so (EIP-3009 `authorization.from`). */
function payerOf(payload: PaymentPayload): `0x${string}` | undefined {
  const from = (payload.payload as { authorization?: { from?: unknown } }).authorization?.from;
  return typeof from === 'string' && /^0x[0-9a-fA-F]{40}$/.test(from) ? (from as `0x${string}`) : undefined;
}

/** Whether an error of the HTTP facilitator client is the facilitator's answer (4xx), not an outage. */
function isAnswer(error: VerifyError | SettleError): boolean {
  return (
    error.statusCode >= 400 &&
    error.statusCode < 500 &&
    error.statusCode !== 401 &&
    error.statusCode !== 403 &&
    error.statusCode !== 429
  );
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
  const paid = (opts.routes ?? ROUTES).filter((r) => r.access === 'paid');

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

  /** A refusal, unless the facilitator (or its RPC) is down: then 503, since the refusal may be an outage. */
  const refuseOrUnavailable = async (route: RouteDef, reason: string | undefined) => {
    if (facilitator.mode === 'embedded' && !(await facilitator.reachable())) {
      logger.warn('payment failed while the RPC is unreachable: answered 503', { route: route.id, reason });
      return facilitatorUnavailable();
    }
    return paymentRefused(challenge(route), refusalFor(reason), reason);
  };

  const verify = async (
    route: RouteDef,
    payload: PaymentPayload,
    req: X402Requirements,
  ): Promise<VerifyResponse> => {
    const started = performance.now();
    try {
      return await server.verifyPayment(payload, req);
    } catch (error) {
      if (error instanceof VerifyError && isAnswer(error)) {
        return { isValid: false, invalidReason: error.invalidReason, payer: error.payer };
      }
      logger.warn('facilitator verify failed: answered 503', {
        route: route.id,
        error: (error as Error).message,
      });
      throw facilitatorUnavailable();
    } finally {
      keep(verifyMs, performance.now() - started);
    }
  };

  const settle = async (
    route: RouteDef,
    payload: PaymentPayload,
    req: X402Requirements,
    verifiedPayer: `0x${string}`,
  ): Promise<SettledPayment> => {
    const base = {
      route: routePath(route, opts.ctx.platform),
      network: req.network,
      asset: req.asset,
      amount: req.amount,
    };
    const started = performance.now();
    let result: SettleResponse;
    try {
      result = await server.settlePayment(payload, req);
    } catch (error) {
      if (error instanceof SettleError && isAnswer(error)) {
        result = {
          success: false,
          errorReason: error.errorReason,
          transaction: error.transaction,
          network: error.network,
          payer: error.payer,
        };
      } else {
        const indeterminate = error instanceof FacilitatorTimeoutError;
        await record({
          ...base,
          at: new Date(now()).toISOString(),
          outcome: 'failed',
          payer: verifiedPayer,
          transaction: null,
          reason: indeterminate ? 'facilitator timed out while settling' : 'facilitator unreachable',
          ...(indeterminate ? { indeterminate: true } : {}),
        });
        (indeterminate ? logger.error : logger.warn)('facilitator settle failed: answered 503', {
          route: route.id,
          payer: verifiedPayer,
          indeterminate,
          error: (error as Error).message,
        });
        throw facilitatorUnavailable();
      }
    } finally {
      keep(settleMs, performance.now() - started);
    }
    if (!result.success) {
      const transaction = result.transaction === '' ? null : result.transaction;
      await record({
        ...base,
        at: new Date(now()).toISOString(),
        outcome: 'failed',
        payer: (result.payer as `0x${string}` | undefined) ?? verifiedPayer,
        transaction,
        reason: result.errorReason ?? 'unknown',
        // A transaction was sent but did not confirm as a success: check it on chain.
        ...(transaction !== null ? { indeterminate: true } : {}),
      });
      throw await refuseOrUnavailable(route, result.errorReason);
    }
    const payer = (result.payer as `0x${string}` | undefined) ?? verifiedPayer;
    await record({
      ...base,
      at: new Date(now()).toISOString(),
      outcome: 'settled',
      payer,
      transaction: result.transaction,
    });
    return {
      transaction: result.transaction,
      payer,
      network: result.network,
      asset: req.asset as `0x${string}`,
      amount: result.amount ?? req.amount,
      headers: { 'PAYMENT-RESPONSE': encodePaymentResponseHeader(result) },
    };
  };

  const decide = async (c: EdgeContext, route: RouteDef): Promise<GateDecision> => {
    const header = paymentHeader(c);
    if (header === undefined) return { type: 'payment-required', challenge: challenge(route) };
    let payload: PaymentPayload;
    try {
      payload = decodePaymentSignatureHeader(header);
    } catch {
      throw paymentRefused(challenge(route), refusal('invalid_payment_header'));
    }
    if (payload === null || typeof payload !== 'object' || typeof payload.payload !== 'object') {
      throw paymentRefused(challenge(route), refusal('invalid_payment_header'));
    }
    if (payload.x402Version !== 2)
      throw paymentRefused(challenge(route), refusal('unsupported_x402_version'));
    const req = requirements(route);
    // The payment must accept exactly what this route asks (scheme, network, asset, amount, payTo…).
    if (!server.findMatchingRequirements([req], payload)) {
      throw paymentRefused(challenge(route), refusal('payment_mismatch'));
    }
    // Its authorization must be well formed before the facilitator reads it (the payer's 402, not a 503).
    const problem = exactPayloadProblem(payload.payload, req.extra);
    if (problem !== undefined) throw paymentRefused(challenge(route), refusal('malformed_payment'), problem);
    const verified = await verify(route, payload, req);
    if (!verified.isValid) throw await refuseOrUnavailable(route, verified.invalidReason);
    const payer = (verified.payer as `0x${string}` | undefined) ?? payerOf(payload);
    if (payer === undefined) throw paymentRefused(challenge(route), refusal('invalid_payment_header'));
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

  const ttl = opts.statusTtlMs ?? 15_000;
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
      if (!cached || t - cached.at > ttl) cached = { at: t, status: facilitator.status() };
      return cached.status;
    },
    timings: () => ({ verifyMs: [...verifyMs], settleMs: [...settleMs] }),
    async close() {
      await facilitator.close();
    },
  };
}
