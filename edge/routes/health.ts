import type { PublicContext } from '../../core/envelopes/context.ts';
import { apiMeta } from '../../core/envelopes/meta.ts';
import { CADENCE_HOURS } from '../../core/limits.ts';
import { redactUrls } from '../../core/redact.ts';
import { type EdgeContext, replyJson } from '../env.ts';
import type { FacilitatorStatus } from '../facilitator/facilitator.ts';
import type { StoreStatus } from '../rate-limit/store.ts';
import type { DistMap } from '../static/dist-map.ts';

/** How late the newest digest may be past its hour's end before health turns degraded: one cadence plus this. */
export const DIGEST_GRACE_MINUTES = 30;

/** The facilitator status of an edge that takes no payments. */
const NO_FACILITATOR: FacilitatorStatus = { mode: 'challenge-only', status: 'not configured' };

/** Extra checks: each a status object; a `reason` makes the report degraded. */
export type ExtraChecks = Record<string, { reason?: string } & Record<string, unknown>>;

/**
 * `GET /health`, from what the edge knows: the served site, the store's status, the facilitator's
 * status (cached by the gate, so health checks do not hammer it), any extra checks, and the clock.
 * Always 200 while the process serves; `status` says ok or degraded, `reasons` why.
 */
export function healthHandler(deps: {
  ctx: PublicContext;
  dist: () => DistMap;
  storeStatus: () => Promise<StoreStatus>;
  facilitatorStatus?: () => Promise<FacilitatorStatus>;
  extraChecks?: () => Promise<ExtraChecks>;
  now: () => number;
}) {
  return async function health(c: EdgeContext): Promise<Response> {
    const [store, facilitator, extra] = await Promise.all([
      deps.storeStatus(),
      deps.facilitatorStatus ? deps.facilitatorStatus() : Promise.resolve(NO_FACILITATOR),
      deps.extraChecks ? deps.extraChecks() : Promise.resolve<ExtraChecks>({}),
    ]);
    const dist = deps.dist();
    const now = new Date(deps.now());
    const reasons: string[] = [];
    const maxAgeMinutes = CADENCE_HOURS * 60 + DIGEST_GRACE_MINUTES;
    const latest = dist.latest;
    let ageMinutes: number | null = null;
    if (!latest) reasons.push('no digest published yet');
    else {
      ageMinutes = Math.floor((now.getTime() - Date.parse(latest.hourEnd)) / 60_000);
      if (ageMinutes > maxAgeMinutes) {
        reasons.push(
          `latest digest is ${ageMinutes} minutes past its hour (cadence ${CADENCE_HOURS} h, allowed ${maxAgeMinutes} min)`,
        );
      }
    }
    if (dist.files.size === 0) reasons.push('site not built (dist/ empty or missing)');
    if (!store.reachable) {
      reasons.push(
        `rate-limit store ${store.store} unreachable${store.fallback ? `: limiting per instance (${store.fallback})` : ''}`,
      );
    }
    // Problems come from dependencies' own error messages: any URL in them is cut to its host.
    if (facilitator.status === 'unreachable' || facilitator.status === 'degraded') {
      reasons.push(
        redactUrls(`payment facilitator ${facilitator.status}: ${facilitator.problem ?? 'no detail'}`),
      );
    }
    for (const [name, check] of Object.entries(extra))
      if (check.reason) reasons.push(redactUrls(`${name}: ${check.reason}`));
    return replyJson(c, 200, {
      success: true,
      _meta: apiMeta(deps.ctx),
      status: reasons.length === 0 ? 'ok' : 'degraded',
      reasons,
      checks: {
        digest: {
          latestId: latest?.id ?? null,
          latestHourEnd: latest?.hourEnd ?? null,
          ageMinutes,
          maxAgeMinutes,
        },
        site: { files: dist.files.size, bytes: dist.bytes, loadedAt: dist.loadedAt.toISOString() },
        rateLimitStore: store,
        facilitator:
          facilitator.problem === undefined
            ? facilitator
            : { ...facilitator, problem: redactUrls(facilitator.problem) },
        ...extra,
      },
      time: now.toISOString(),
    });
  };
}
