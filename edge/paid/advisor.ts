import { validateAdvisorRequest } from '../../core/advisor/request.ts';
import type { RouteDef } from '../../core/routes.ts';
import type { AdvisorRequest } from '../../core/schemas/advisor.ts';
import { type EdgeContext, replyJson } from '../env.ts';
import { EdgeError, invalidJson, unavailable } from '../errors.ts';
import { type PaymentGate, paymentRequiredError, requirePayment } from './gate.ts';
import { readBodyLimited } from './read-body.ts';

/** Largest advisor body read, in bytes: room for a 5,000-character prompt in any script, and its alias. */
export const ADVISOR_MAX_BODY_BYTES = 64 * 1024;

/** Computes the advisor's answer for a validated request (supplied once payments exist). */
export type AdviseFn = (request: AdvisorRequest) => Promise<unknown>;

/**
 * `POST /api/{platform}/advisor` (paid). HEAD gets the challenge (never settles or computes); the body
 * is validated first (400 with details before any payment), then the gate answers 402. With no
 * `advise` wired in, a request that got past a gate is answered 503 (nothing to settle).
 */
export function advisorHandler(deps: { route: RouteDef; gate: PaymentGate; advise?: AdviseFn }) {
  return async function advisor(c: EdgeContext): Promise<Response> {
    if (c.req.method === 'HEAD') throw paymentRequiredError(deps.gate.challenge(deps.route));
    const text = await readBodyLimited(c.req.raw, ADVISOR_MAX_BODY_BYTES);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson('advisor request');
    }
    const checked = validateAdvisorRequest(body);
    if (!checked.ok) throw new EdgeError(checked.status, checked.body);
    const settle = await requirePayment(deps.gate, c, deps.route);
    if (!deps.advise)
      throw unavailable('The advisor is not configured on this instance; nothing was charged.');
    const result = await deps.advise(checked.request);
    return replyJson(c, 200, result, await settle());
  };
}
