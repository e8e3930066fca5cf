import type { RouteDef, RouteId } from '../../core/routes.ts';
import { type EdgeContext, requestHeader } from '../env.ts';
import { noDigests, noSample, notFound } from '../errors.ts';
import { prefersJson } from '../static/accept.ts';
import type { DistMap } from '../static/dist-map.ts';
import { sendFile } from '../static/send-file.ts';

/** Routes whose file exists only once a digest is published, and the 404 each gives without it. */
const NEEDS_DIGEST: Readonly<Partial<Record<RouteId, () => Error>>> = {
  latest: noDigests,
  brief: noDigests,
  index: noDigests,
  sample: noSample,
};

/**
 * A free GET route of the table, served from the built site at its path. Without the file: the
 * contract's 404 (no digests / no sample) for digest routes, the plain 404 otherwise.
 */
export function freeFileHandler(route: RouteDef, path: string, dist: () => DistMap) {
  const missing = NEEDS_DIGEST[route.id] ?? notFound;
  return function freeFile(c: EdgeContext): Response {
    const file = dist().files.get(path);
    if (!file) throw missing();
    return sendFile(c, file);
  };
}

/**
 * `GET /api`: the setup guide, markdown (`/api.md`) unless `Accept` ranks JSON higher (`/api.json`).
 * `Vary: Accept` tells caches the two are different representations.
 */
export function setupGuideHandler(dist: () => DistMap) {
  return function setupGuide(c: EdgeContext): Response {
    const json = prefersJson(requestHeader(c, 'accept'));
    const file = dist().files.get(json ? '/api.json' : '/api.md');
    if (!file) throw notFound();
    return sendFile(c, file, { Vary: 'Accept' });
  };
}
