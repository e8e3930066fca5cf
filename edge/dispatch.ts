import type { MovedPathAnswer } from '../core/docs/moved-routes.ts';
import type { DistMap, StaticFile } from './static/dist-map.ts';
import { lookup, siteHas } from './static/site-handler.ts';

/**
 * How the edge picks the answer to a request, as pure functions of a plain request (method, path,
 * the raw target) and lookups into what it serves: no Hono context here. `app.ts` builds the lookups
 * once and carries out the step, so the order is tested by tables (`dispatch.test.ts`).
 */

/** A request as dispatch reads it. */
export interface EdgeRequest {
  readonly method: string;
  /** The decoded path. */
  readonly path: string;
  /** The path and query as sent (moved paths are matched on them, so a Location repeats them). */
  raw(): { readonly path: string; readonly query: string };
}

/** What the edge serves, as lookups. */
export interface EdgeSite {
  /** The concrete paths of the declared routes (Hono routes them to their handlers; see app.ts). */
  readonly routes: ReadonlySet<string>;
  /** The paths of routes answered by their file from the built site. */
  readonly fileRoutes: ReadonlySet<string>;
  /** The current built site. */
  dist(): DistMap;
  /** The answer of a deprecated, moved or retired path (core's table); undefined for any other. */
  moved(path: string, query: string): MovedPathAnswer | null | undefined;
}

/**
 * The in-memory file a GET or HEAD of `path` is answered with, when it is one: a file route's file,
 * or a site file at a path that is no route and not moved. A route path is never a moved one
 * (app.test.ts checks), so routes skip the moved-path matching.
 */
export function staticFileFor(site: EdgeSite, path: string): StaticFile | undefined {
  if (site.routes.has(path)) return site.fileRoutes.has(path) ? site.dist().files.get(path) : undefined;
  if (path.startsWith('/api') && site.moved(path, '')) return undefined;
  return lookup(site.dist(), path);
}

/** What answers a request that is no declared route's. */
export type EdgeStep =
  /** An in-memory file (GET and HEAD). */
  | { readonly kind: 'file'; readonly file: StaticFile }
  /** A deprecated (301), moved (308) or retired (410) path, for every method; never payment code. */
  | { readonly kind: 'moved'; readonly answer: MovedPathAnswer }
  /** GET and HEAD of anything else: hour files and the rest of the site (or its 404). */
  | { readonly kind: 'site' }
  /** Another method on a path the site serves: 204 to OPTIONS, else 405, with Allow. */
  | { readonly kind: 'methods' }
  | { readonly kind: 'not-found' };

/**
 * How a request to a path that is no declared route's is answered (Hono routes the declared routes
 * before this step; see app.ts). The order: an in-memory file for GET and HEAD; moved and retired
 * paths (every method; none is a route); then, for GET and HEAD, the site; else 204/405 where the
 * site has the path, 404 where it has not.
 */
export function edgeStep(site: EdgeSite, req: EdgeRequest): EdgeStep {
  const getOrHead = req.method === 'GET' || req.method === 'HEAD';
  if (getOrHead) {
    const file = staticFileFor(site, req.path);
    if (file) return { kind: 'file', file };
  }
  // Cheap pre-check: every moved path starts with /api (core's table does the real matching).
  if (req.path.startsWith('/api')) {
    const raw = req.raw();
    const answer = site.moved(raw.path, raw.query);
    if (answer) return { kind: 'moved', answer };
  }
  if (getOrHead) return { kind: 'site' };
  return siteHas(site.dist(), req.path) ? { kind: 'methods' } : { kind: 'not-found' };
}
