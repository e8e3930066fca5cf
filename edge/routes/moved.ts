import { resolveMovedPath, type SiblingBaseUrls } from '../../core/docs/moved-routes.ts';
import { type EdgeContext, rawTarget, replyJson } from '../env.ts';

/**
 * The answer to a deprecated (301), moved (308) or retired (410) path from core's table, for every
 * method, or undefined for any other path. The app asks it before any route or payment code runs: a
 * redirect never costs anything. The query string is kept.
 */
export function movedRoutes(
  siblings: SiblingBaseUrls,
  platform: string,
): (c: EdgeContext) => Response | undefined {
  return function movedRoute(c) {
    // Cheap pre-check: every moved path starts with /api (resolveMovedPath does the real matching).
    if (!c.req.path.startsWith('/api')) return undefined;
    // Matched on the path as sent, so the Location repeats the client's own (encoded) bytes.
    const { path, query } = rawTarget(c);
    const answer = resolveMovedPath(path, query, siblings, platform);
    return answer ? replyJson(c, answer.status, answer.body, answer.headers) : undefined;
  };
}
