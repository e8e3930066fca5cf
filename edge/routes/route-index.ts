import type { RateLimit } from '../../core/limits.ts';
import { ROUTES, type RouteDef, routePath } from '../../core/routes.ts';

/** The route table resolved for one platform segment, with what the edge derives from it. */
export interface RouteIndex {
  /** Concrete path → route. */
  readonly byPath: ReadonlyMap<string, RouteDef>;
  /** The fixed-window limits of a request to `path`: the route's own (every request also takes from the general bucket). */
  windowsFor(path: string): readonly RateLimit[];
}

/** Methods a route answers (the `Allow` header): its own, HEAD (GET's headers, or a paid route's 402 challenge), OPTIONS. */
export function allowedMethods(route: Pick<RouteDef, 'method'>): string[] {
  return route.method === 'GET' ? ['GET', 'HEAD', 'OPTIONS'] : [route.method, 'HEAD', 'OPTIONS'];
}

/** Methods of a static file that is no route of the table. */
export const STATIC_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/**
 * Indexes the route table for `platform`. `adjust` may change limits (the bench raises `max` so it
 * measures the limiter without being refused); by default the contract's limits apply unchanged.
 */
export function routeIndex(platform: string, adjust: (limit: RateLimit) => RateLimit = (l) => l): RouteIndex {
  const byPath = new Map<string, RouteDef>(ROUTES.map((r) => [routePath(r, platform), r] as const));
  // The advisor's free-tier key limit is per key, and keys come with payments; IP limits only here.
  const windowsByPath = new Map(
    [...byPath].map(([path, r]) => [path, r.limits.filter((l) => l.scope === 'ip').map(adjust)]),
  );
  const none: readonly RateLimit[] = [];
  return {
    byPath,
    windowsFor: (path) => windowsByPath.get(path) ?? none,
  };
}
