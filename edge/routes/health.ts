import type { PublicContext } from '../../core/envelopes/context.ts';
import { apiMeta } from '../../core/envelopes/meta.ts';
import { CADENCE_HOURS } from '../../core/limits.ts';
import { redactUrls } from '../../core/redact.ts';
import { type EdgeContext, replyJson } from '../env.ts';
import type { FacilitatorStatus } from '../paid/gate.ts';
import type { StoreStatus } from '../rate-limit/store.ts';
import type { DistMap } from '../static/dist-map.ts';

/** How late the newest digest may be past its hour's end before health turns degraded: one cadence plus this. */
export const DIGEST_GRACE_MINUTES = 30;

/** The body of `GET /health`. */
export interface HealthReport {
  success: true;
  _meta: ReturnType<typeof apiMeta>;
  status: 'ok' | 'degraded';
  /** Why the status is degraded; empty when ok. */
  reasons: string[];
  checks: {
    digest: {
      latestId: string | null;
      latestHourEnd: string | null;
      ageMinutes: number | null;
      maxAgeMinutes: number;
    };
    site: { files: number; bytes: number; loadedAt: string };
    rateLimitStore: StoreStatus;
    facilitator: FacilitatorStatus;
    [extra: string]: unknown;
  };
  time: string;
}

/** The facilitator status of an edge that takes no payments. */
export const NO_FACILITATOR: FacilitatorStatus = { mode: 'challenge-only', status: 'not configured' };

/** Extra checks: each a status object; a `reason` makes the report degraded. */
export type ExtraChecks = Record<string, { reason?: string } & Record<string, unknown>>;

/**
 * Health from what the edge knows: the served site, the store's status, the facilitator's status
 * (cached by the gate), any extra checks, and the clock (pure).
 */
export function healthReport(
  ctx: PublicContext,
  dist: DistMap,
  store: StoreStatus,
  now: Date,
  facilitator: FacilitatorStatus = NO_FACILITATOR,
  extra: ExtraChecks = {},
): HealthReport {
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
  return {
    success: true,
    _meta: apiMeta(ctx),
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
  };
}

/** `GET /health`: always 200 while the process serves; `status` says ok or degraded, `reasons` why. */
export function healthHandler(deps: {
  ctx: PublicContext;
  dist: () => DistMap;
  storeStatus: () => Promise<StoreStatus>;
  /** The facilitator's status (the gate caches it briefly, so health checks do not hammer it). */
  facilitatorStatus?: () => Promise<FacilitatorStatus>;
  extraChecks?: () => Promise<ExtraChecks>;
  now: () => number;
}) {
  return async function health(c: EdgeContext): Promise<Response> {
    const [store, facilitator, extra] = await Promise.all([
      deps.storeStatus(),
      deps.facilitatorStatus ? deps.facilitatorStatus() : Promise.resolve(NO_FACILITATOR),
      deps.extraChecks ? deps.extraChecks() : Promise.resolve({}),
    ]);
    const report = healthReport(deps.ctx, deps.dist(), store, new Date(deps.now()), facilitator, extra);
    return replyJson(c, 200, report);
  };
}
