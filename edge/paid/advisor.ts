import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { validateAdvisorRequest } from '../../core/advisor/request.ts';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { errorBody } from '../../core/envelopes/errors.ts';
import { apiMeta, attribution } from '../../core/envelopes/meta.ts';
import type { RouteDef } from '../../core/routes.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import { type EdgeContext, type EdgeEnv, isJsonContentType, replyJson, requestHeader } from '../env.ts';
import { bodyTooLarge, EdgeError, invalidJson, unavailable } from '../errors.ts';
import { hungUp } from '../hang-up.ts';
import { apiKeyOf, keyCallFailed } from '../keys/free-tier.ts';
import { clientGone } from './answers.ts';
import { paymentHeader } from './payment-header.ts';
import { type Order, sellHttp } from './sale.ts';
import type { Shop } from './shop.ts';

/** Largest advisor body read, in bytes: room for a 5,000-character prompt in any script, and its alias. */
export const ADVISOR_MAX_BODY_BYTES = 64 * 1024;

/** Computes the advisor's answer for a validated request. */
export type AdviseFn = (request: AdvisorRequest) => Promise<unknown>;

/** What the advisor route needs. */
export interface AdvisorDeps {
  readonly route: RouteDef;
  readonly ctx: PublicContext;
  readonly shop: Shop | Promise<Shop>;
  /** The computation; without it a paid or keyed request is answered 503 before anything is counted. */
  readonly advise?: AdviseFn;
}

/** The advisor's answer in the usual envelope (`charged` is added by whoever delivers it). */
export function adviceEnvelope(ctx: PublicContext, data: unknown) {
  return { success: true, _meta: apiMeta(ctx), data, _attribution: attribution(ctx) };
}

/** What a validated advisor request buys with a payment: the advice, computed before anything settles. */
export function advisorOrder(deps: AdvisorDeps, advise: AdviseFn, request: AdvisorRequest): Order {
  return {
    route: deps.route,
    fingerprint: `${deps.route.id} ${canonicalJson(request)}`,
    failure: 'analysis failed',
    work: async () => adviceEnvelope(deps.ctx, await advise(request)),
  };
}

/** The body, checked before any payment or quota (400 with details). */
function advisorRequest(text: string): AdvisorRequest {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidJson('advisor request');
  }
  const checked = validateAdvisorRequest(body);
  if (!checked.ok) throw new EdgeError(checked.status, checked.body);
  return checked.request;
}

/**
 * `POST /api/{platform}/advisor` (paid, or a free-tier key), as Hono handlers, one concern each: 415
 * for a body not declared JSON; hono's body limit (413); the answer. HEAD is the app's (the 402). The
 * body is validated first (400); then a payment buys the advice (`sale.ts`: computed, then settled:
 * a failed computation charges nothing), a payment winning over a key; a key alone goes through x402's
 * protected-request hook (`free-tier.ts`), its unit of quota given back when the advice fails (500)
 * or is not delivered.
 */
export function advisorHandler(
  deps: AdvisorDeps,
): readonly [MiddlewareHandler<EdgeEnv>, MiddlewareHandler<EdgeEnv>, (c: EdgeContext) => Promise<Response>] {
  const withKey = async (c: EdgeContext, shop: Shop, advise: AdviseFn, request: AdvisorRequest) => {
    await shop.x402.grant(c, deps.route);
    let data: unknown;
    try {
      data = await advise(request);
    } catch (error) {
      shop.logger.error('advisor computation failed (free-tier key)', { error: (error as Error).message });
      throw keyCallFailed(await shop.free.giveBack(c));
    }
    if (hungUp(c)) {
      await shop.free.giveBack(c);
      throw clientGone("this request did not count against the key's daily quota.");
    }
    const { _attribution, ...rest } = adviceEnvelope(deps.ctx, data);
    return replyJson(c, 200, { ...rest, charged: false, _attribution });
  };

  return [
    async function advisorMediaType(c, next) {
      if (!isJsonContentType(requestHeader(c, 'content-type')))
        throw new EdgeError(
          415,
          errorBody(
            'unsupported media type',
            'Send the advisor request as JSON with Content-Type: application/json.',
          ),
          { Accept: 'application/json' },
        );
      await next();
    },
    bodyLimit({
      maxSize: ADVISOR_MAX_BODY_BYTES,
      onError: () => {
        throw bodyTooLarge(ADVISOR_MAX_BODY_BYTES);
      },
    }),
    async function advisor(c: EdgeContext): Promise<Response> {
      const request = advisorRequest(await c.req.text());
      const shop = await deps.shop;
      const paid = paymentHeader(c) !== undefined;
      // A payment wins over a key; payments off, a payment gets the 402 (a key is still served).
      if (paid ? shop.x402.mode === 'challenge-only' : apiKeyOf(c) === '')
        throw shop.x402.challenge(deps.route);
      const advise = deps.advise;
      if (!advise)
        throw unavailable('The advisor is not configured on this instance; nothing was charged or counted.');
      if (!paid) return withKey(c, shop, advise, request);
      return sellHttp(c, shop, advisorOrder(deps, advise, request));
    },
  ];
}
