import { listDigestHours, readDigest } from '../core/content/digest-store.ts';
import { addHours, HOUR_MS } from '../core/hours.ts';
import { SAMPLE_MIN_AGE_HOURS } from '../core/limits.ts';
import { checkAnswer, type RouteCheck, routeChecks } from './route-checks.ts';
import { startStaticHost as serveStatic } from './static-host.ts';

/** What the soundness check found. */
export interface SoundnessReport {
  /** Paths requested, each with its status. */
  readonly checked: readonly string[];
  readonly problems: readonly string[];
}

/** Whether the build must hold a route, given the digests in content and when the build started. */
function expected(check: RouteCheck, digests: { oldest?: Date; newest?: Date }, builtAt: Date): boolean {
  if (check.dependsOn === 'digests') return digests.newest !== undefined;
  if (check.dependsOn === 'sample')
    // The sample is the newest digest at least 18 h old when the build ran; the oldest tells whether one is.
    return (
      digests.oldest !== undefined &&
      addHours(digests.oldest, 1).getTime() <= builtAt.getTime() - SAMPLE_MIN_AGE_HOURS * HOUR_MS
    );
  return true;
}

/**
 * Serves the built site on loopback like a static host and requests every free route of the route
 * table (edge-only ones aside), validating each answer against its schema and media type. Also checks
 * that the latest digest and the index name the newest digest in `contentDir`, so a stale build cannot
 * pass. `builtAt` is when the build started (the sample depends on it).
 */
export async function checkBuiltSite(options: {
  distDir: string;
  contentDir: string;
  platform: string;
  builtAt: Date;
}): Promise<SoundnessReport> {
  const hours = await listDigestHours(options.contentDir);
  const digests = { oldest: hours[0], newest: hours.at(-1) };
  const newest = digests.newest ? await readDigest(options.contentDir, digests.newest) : undefined;
  const host = await serveStatic(options.distDir);
  const checked: string[] = [];
  const problems: string[] = [];
  try {
    for (const check of routeChecks(options.platform)) {
      const res = await fetch(`${host.url}${check.path}`);
      const answer = {
        status: res.status,
        contentType: res.headers.get('content-type') ?? '',
        body: await res.text(),
      };
      checked.push(`${check.path} ${answer.status}`);
      if (!expected(check, digests, options.builtAt)) {
        if (answer.status === 404) continue;
        if (check.dependsOn === 'digests') {
          problems.push(
            `GET ${check.path}: status ${answer.status} although no digest is published (expected 404)`,
          );
          continue;
        }
      }
      const { problems: found, json } = checkAnswer(check, answer);
      problems.push(...found);
      if (found.length > 0 || !newest) continue;
      const id =
        check.routeId === 'latest'
          ? (json as { data?: { id?: string } }).data?.id
          : check.routeId === 'index'
            ? (json as { id?: string }).id
            : newest.id;
      if (id !== newest.id)
        problems.push(
          `GET ${check.path}: names digest ${id}, but the newest in content is ${newest.id} (${newest.hourStart})`,
        );
    }
  } finally {
    await host.close();
  }
  return { checked, problems };
}
