import {
  decodePaymentRequiredHeader,
  encodePaymentRequiredHeader,
  type HTTPAdapter,
  type HTTPProcessResult,
  type HTTPRequestContext,
  type HTTPResponseInstructions,
  type RouteConfig,
  x402HTTPResourceServer,
} from '@x402/core/http';
import { x402ResourceServer } from '@x402/core/server';
import {
  FacilitatorResponseError,
  type Network,
  type PaymentPayload,
  type PaymentRequired,
  type PaymentRequirements,
  type SettleResponse,
} from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { bazaarResourceServerExtension } from '@x402/extensions/bazaar';
import {
  declarePaymentIdentifierExtension,
  PAYMENT_IDENTIFIER,
  paymentIdentifierResourceServerExtension,
} from '@x402/extensions/payment-identifier';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { resourceInfo } from '../../core/envelopes/payment-required.ts';
import { BASE_MAINNET_USDC, X402_HEADERS } from '../../core/payment.ts';
import { ROUTES, type RouteDef, routePath } from '../../core/routes.ts';
import type { EdgeContext } from '../env.ts';
import type { EdgeError } from '../errors.ts';
import type { Facilitator, FacilitatorStatus } from '../facilitator/facilitator.ts';
import { type Logger, silentLogger } from '../logger.ts';
import { facilitatorUnavailable, paymentRequiredError } from './answers.ts';
import { discoveryExtension } from './discovery.ts';
import { type FacilitatorTimings, guardFacilitator } from './guard.ts';
import { httpRequest } from './payment-header.ts';
import { type Refusal, refusalFor } from './reasons.ts';

/** A payment x402's server verified, with what settling it needs. Nothing has moved yet. */
export interface VerifiedPayment {
  readonly payload: PaymentPayload;
  readonly requirements: PaymentRequirements;
  readonly extensions: Record<string, unknown> | undefined;
  readonly context: HTTPRequestContext;
}

/** What a settlement came to. */
export type Settlement =
  /** Settled: `headers` carries `PAYMENT-RESPONSE`. */
  | { readonly kind: 'settled'; readonly result: SettleResponse; readonly headers: Record<string, string> }
  /** The facilitator refused it (its reason): nothing moved. */
  | { readonly kind: 'refused'; readonly reason: string }
  /** No answer (down, timed out) or a transaction that did not confirm: the chain must tell. */
  | { readonly kind: 'unknown'; readonly why: string };

/** The payment edge's x402 server: the library's, with what the contract adds around it. */
export interface X402Edge {
  /** How payments are taken: never (`challenge-only`), through a remote facilitator, or embedded. */
  readonly mode: Facilitator['mode'];
  /** The 402 of a route: x402's answer to an unpaid request (built once at start-up, with its hook's body). */
  challenge(route: RouteDef): EdgeError;
  /** The route's 402 again with a stable refusal in `error`, the facilitator's own words in `reason`. */
  refuse(route: RouteDef, why: Refusal, reason?: string): EdgeError;
  /** The one `accepts` entry of a route's challenge. */
  requirements(route: RouteDef): PaymentRequirements;
  /**
   * x402's processing of a request carrying a payment: match and verify. Throws the 402 of a refusal
   * or the 503 of a facilitator that cannot be used.
   */
  verify(request: HTTPRequestContext, route: RouteDef): Promise<VerifiedPayment>;
  /**
   * x402's processing of a request carrying a free-tier key and no payment: its protected-request
   * hook lets it through, or throws its answer (401, 429, 503); else the route's 402.
   */
  grant(c: EdgeContext, route: RouteDef): Promise<void>;
  /** x402's settlement of a verified payment. Never throws for the facilitator's sake. */
  settle(payment: VerifiedPayment): Promise<Settlement>;
  /** The facilitator's status for /health (cached for 15 s, so health checks do not hammer it). */
  status(): Promise<FacilitatorStatus>;
  timings(): FacilitatorTimings;
  close(): Promise<void>;
}

/** Options of `createX402Edge`. */
export interface X402EdgeOptions {
  readonly ctx: PublicContext;
  readonly payTo: `0x${string}`;
  readonly facilitator: Facilitator;
  /** Default: Base mainnet, `eip155:8453`. */
  readonly network?: Network;
  /** Time limit of one verify or settle call, in ms (default 30 s). */
  readonly timeoutMs?: number;
  readonly logger?: Logger;
  /**
   * The protected-request hook of a route with a free tier: true lets the request through unpaid,
   * false goes on to payment, a thrown EdgeError is the answer (401, 429, 503).
   */
  readonly grant?: (c: EdgeContext, route: RouteDef) => Promise<boolean>;
}

/** How long /health may reuse the facilitator's status, in ms. */
const STATUS_TTL_MS = 15_000;

const paidRoutes = () => ROUTES.filter((r) => r.access === 'paid');
const patternOf = (route: RouteDef, platform: string) => `${route.method} ${routePath(route, platform)}`;

/**
 * The body of a 402: the challenge's payment terms in the contract's error shape (its `error` is the
 * challenge's); the extensions are the header's, for x402 clients.
 */
export function challengeBody(challenge: PaymentRequired, message?: string): Record<string, unknown> {
  const { extensions: _extensions, ...terms } = challenge;
  const accepts = challenge.accepts[0];
  return {
    success: false,
    message:
      message ??
      `Pay ${accepts?.amount ?? '?'} atomic units of USDC on ${accepts?.network ?? '?'} with x402 v2 and retry with the ${X402_HEADERS.payment} header.`,
    ...terms,
  };
}

/** An unpaid request of a route, as the library's adapter sees it (no header at all). */
function unpaidRequest(path: string, method: string): HTTPRequestContext {
  const adapter: HTTPAdapter = {
    getHeader: () => undefined,
    getMethod: () => method,
    getPath: () => path,
    getUrl: () => path,
    getAcceptHeader: () => 'application/json',
    getUserAgent: () => '',
  };
  return { adapter, path, method };
}

/**
 * The edge's x402 server (the straight path of a paid request: `sale.ts`): `x402HTTPResourceServer`
 * from @x402/core over `x402ResourceServer` with the EVM exact scheme, the guarded facilitator
 * (`guard.ts`), the paid routes of the route table priced in money (`'$0.02'`: the scheme picks USDC,
 * its decimals and EIP-712 domain), each declaring the Bazaar discovery and payment-identifier
 * extensions; the unpaid 402's body from the unpaid-response hook; free-tier keys through the
 * protected-request hook.
 */
export async function createX402Edge(opts: X402EdgeOptions): Promise<X402Edge> {
  const network = opts.network ?? BASE_MAINNET_USDC.network;
  const logger = opts.logger ?? silentLogger;
  const platform = opts.ctx.platform;
  const facilitator = guardFacilitator(opts.facilitator, { network, timeoutMs: opts.timeoutMs ?? 30_000 });
  const server = new x402ResourceServer(facilitator)
    .register(network, new ExactEvmScheme())
    .registerExtension(bazaarResourceServerExtension)
    .registerExtension(paymentIdentifierResourceServerExtension);

  const challenges = new Map<string, PaymentRequired>();
  const routeByPattern = new Map<string, RouteDef>();
  const config = (route: RouteDef): RouteConfig => ({
    accepts: {
      scheme: 'exact',
      price: `$${route.priceUsd}`,
      network,
      payTo: opts.payTo,
      maxTimeoutSeconds: BASE_MAINNET_USDC.maxTimeoutSeconds,
    },
    resource: resourceInfo(opts.ctx, route).url,
    description: route.description,
    mimeType: route.contentType,
    unpaidResponseBody: () => {
      const challenge = challenges.get(route.id);
      return { contentType: 'application/json', body: challenge ? challengeBody(challenge) : {} };
    },
    extensions: {
      ...discoveryExtension(opts.ctx, route),
      [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false),
    },
  });
  const routes: Record<string, RouteConfig> = {};
  for (const route of paidRoutes()) {
    routes[patternOf(route, platform)] = config(route);
    routeByPattern.set(patternOf(route, platform), route);
  }
  const http = new x402HTTPResourceServer(server, routes);
  const grant = opts.grant;
  if (grant) {
    http.onProtectedRequest(async (context) => {
      const route = routeByPattern.get(`${context.method} ${context.routePattern}`);
      const c = (context.adapter as Partial<{ c: EdgeContext }>).c;
      if (context.paymentHeader || !route || !c) return;
      return (await grant(c, route)) ? { grantAccess: true } : undefined;
    });
  }
  await http.initialize();

  // The 402 of each route is x402's answer to an unpaid request, which depends on nothing in the
  // request: asked once to learn the challenge, once more for the answer with the body mirroring it.
  const unpaid = new Map<string, EdgeError>();
  const answerOf = async (route: RouteDef): Promise<HTTPResponseInstructions> => {
    const result = await http.processHTTPRequest(unpaidRequest(routePath(route, platform), route.method));
    if (result.type !== 'payment-error') throw new Error(`route ${route.id} is not paid`);
    return result.response;
  };
  for (const route of paidRoutes()) {
    const first = await answerOf(route);
    challenges.set(route.id, decodePaymentRequiredHeader(first.headers[X402_HEADERS.challenge] ?? ''));
    const { status, headers, body } = await answerOf(route);
    unpaid.set(route.id, paymentRequiredError(status, body as Record<string, unknown>, headers));
  }

  const known = <T>(map: Map<string, T>, route: RouteDef): T => {
    const value = map.get(route.id);
    if (value === undefined) throw new Error(`route ${route.id} is not paid`);
    return value;
  };
  const refuse = (route: RouteDef, why: Refusal, reason?: string): EdgeError => {
    const challenge = { ...known(challenges, route), error: why.error };
    const body = {
      ...challengeBody(challenge, `${why.message} Nothing was charged.`),
      ...(reason === undefined || reason === why.error ? {} : { reason }),
    };
    return paymentRequiredError(402, body, {
      [X402_HEADERS.challenge]: encodePaymentRequiredHeader(challenge),
      'Cache-Control': 'no-store',
    });
  };

  /** x402's processing of an edge request: a refusal is the route's 402 with a stable reason. */
  const process = async (context: HTTPRequestContext, route: RouteDef) => {
    let result: HTTPProcessResult;
    try {
      result = await http.processHTTPRequest(context);
    } catch (error) {
      if (!(error instanceof FacilitatorResponseError)) throw error;
      logger.warn('facilitator verify failed: answered 503', { route: route.id, error: error.message });
      throw facilitatorUnavailable();
    }
    if (result.type === 'payment-error') {
      const reason = decodePaymentRequiredHeader(result.response.headers[X402_HEADERS.challenge] ?? '').error;
      throw reason === 'Payment required' ? known(unpaid, route) : refuse(route, refusalFor(reason), reason);
    }
    return { result, context };
  };

  let cached: { at: number; status: Promise<FacilitatorStatus> } | undefined;

  return {
    mode: opts.facilitator.mode,
    challenge: (route) => known(unpaid, route),
    refuse,
    requirements: (route) => known(challenges, route).accepts[0] as PaymentRequirements,
    async verify(request, route) {
      const { result, context } = await process(request, route);
      if (result.type !== 'payment-verified') throw known(unpaid, route);
      const { paymentPayload: payload, paymentRequirements: requirements, declaredExtensions } = result;
      return { payload, requirements, extensions: declaredExtensions, context };
    },
    async grant(c, route) {
      const { result } = await process(httpRequest(c), route);
      if (result.type !== 'no-payment-required') throw known(unpaid, route);
    },
    async settle(payment) {
      try {
        const done = await http.processSettlement(payment.payload, payment.requirements, payment.extensions, {
          request: payment.context,
        });
        if (done.success) return { kind: 'settled', result: done, headers: done.headers };
        // A transaction was sent but did not confirm as a success: only the chain can tell.
        if (done.transaction) return { kind: 'unknown', why: done.errorReason };
        return { kind: 'refused', reason: done.errorReason };
      } catch (error) {
        if (!(error instanceof FacilitatorResponseError)) throw error;
        return { kind: 'unknown', why: error.message };
      }
    },
    status() {
      const t = Date.now();
      if (!cached || t - cached.at > STATUS_TTL_MS) cached = { at: t, status: opts.facilitator.status() };
      return cached.status;
    },
    timings: () => facilitator.timings(),
    close: () => opts.facilitator.close(),
  };
}
