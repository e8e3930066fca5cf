import { ROUTE, type RouteId, routePath } from '../routes.ts';

/** What every public document needs to know about where the service lives. */
export interface PublicContext {
  /** Public base URL, no trailing slash (e.g. `https://murmur.example`). */
  readonly baseUrl: string;
  /** Platform path segment of the routes (`forum`). */
  readonly platform: string;
}

/** `path` (starting with `/`) made absolute against the public base URL. */
export function absoluteUrl(ctx: PublicContext, path: string): string {
  if (!path.startsWith('/')) throw new Error(`absoluteUrl: path must start with "/", got "${path}"`);
  return `${ctx.baseUrl.replace(/\/+$/, '')}${path}`;
}

/** The concrete path of a route (by id) for this context's platform segment. */
export function pathOf(ctx: PublicContext, routeId: RouteId): string {
  return routePath(ROUTE[routeId], ctx.platform);
}

/** The absolute URL of a route (by id). */
export function urlOf(ctx: PublicContext, routeId: RouteId): string {
  return absoluteUrl(ctx, pathOf(ctx, routeId));
}

/** A context from the parsed configuration (`baseUrl`, `PLATFORM_SEGMENT`). */
export function contextFromConfig(cfg: { baseUrl: string; PLATFORM_SEGMENT: string }): PublicContext {
  return { baseUrl: cfg.baseUrl.replace(/\/+$/, ''), platform: cfg.PLATFORM_SEGMENT };
}
