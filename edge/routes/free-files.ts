import { type RouteDef, type RouteId, routeFiles } from '../../core/routes.ts';
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

/** The error of a free route whose file is missing: the contract's 404 of its kind. */
export function missingFile(route: RouteDef): Error {
  return (NEEDS_DIGEST[route.id] ?? notFound)();
}

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
 * A route that negotiates (`GET /api`: the setup guide): its first declared file (markdown) unless
 * `Accept` ranks JSON higher, then its JSON file. `Vary: Accept` tells caches the two are different
 * representations.
 */
export function negotiatedFileHandler(route: RouteDef, dist: () => DistMap) {
  const [byDefault, ...others] = routeFiles(route);
  const json = others.find((f) => f.contentType === route.negotiates) ?? byDefault;
  return function negotiatedFile(c: EdgeContext): Response {
    const chosen = prefersJson(requestHeader(c, 'accept')) ? json : byDefault;
    const file = chosen && dist().files.get(chosen.path);
    if (!file) throw notFound();
    return sendFile(c, file, { Vary: 'Accept' });
  };
}
