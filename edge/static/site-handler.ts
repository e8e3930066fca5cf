import { parseHourFilePath, readHourFile } from '../content/hour-files.ts';
import { type EdgeContext, rawTarget, reply, requestHeader } from '../env.ts';
import { notFound } from '../errors.ts';
import { prefersHtml } from './accept.ts';
import type { DistMap, StaticFile } from './dist-map.ts';
import { sendFile } from './send-file.ts';

/** An hour page path `/digests/YYYY/MM/DD/HH/`. */
const HOUR_PAGE = /^\/digests\/(\d{4})\/(\d{2})\/(\d{2})\/(\d{2})\/?$/;

/** The dist file at a URL path: the file itself, or the folder's index.html for a path ending in `/`. */
export function lookup(dist: DistMap, path: string): StaticFile | undefined {
  return path.endsWith('/') ? dist.files.get(`${path}index.html`) : dist.files.get(path);
}

/** Whether a path names something the site serves (for 405 against 404). */
export function siteHas(dist: DistMap, path: string): boolean {
  return (
    lookup(dist, path) !== undefined ||
    dist.files.has(`${path}/index.html`) ||
    parseHourFilePath(path) !== null
  );
}

/**
 * Every other GET: hour files from content/ (`/digests/YYYY/MM/DD/HH.json|.md`, so hours beyond the
 * site's window stay reachable), then the built site from memory. A folder without its slash is
 * redirected to it; an hour page older than the site's window to its day's archive anchor. Unknown
 * paths: JSON 404, or the site's 404 page for a browser asking for HTML outside the API.
 */
export function siteHandler(dist: () => DistMap, contentDir: string) {
  return async function site(c: EdgeContext): Promise<Response> {
    const path = c.req.path;
    const current = dist();
    const file = lookup(current, path);
    if (file) return sendFile(c, file);

    const hour = parseHourFilePath(path);
    if (hour) {
      const fromContent = await readHourFile(contentDir, hour.hourStart, hour.kind);
      if (fromContent) return sendFile(c, fromContent);
      throw notFound();
    }

    if (!path.endsWith('/') && current.files.has(`${path}/index.html`)) {
      const raw = rawTarget(c);
      return reply(c, 301, null, { Location: `${raw.path}/${raw.query === '' ? '' : `?${raw.query}`}` });
    }

    const page = HOUR_PAGE.exec(path);
    if (page) {
      const [, y, m, d, h] = page;
      if (current.files.has(`/archive/${y}/${m}/${d}/index.html`)) {
        return reply(c, 301, null, { Location: `/archive/${y}/${m}/${d}/#h${h}` });
      }
    }

    const notFoundPage = current.files.get('/404.html');
    const api = path.startsWith('/api') || path.startsWith('/.well-known');
    if (notFoundPage && !api && prefersHtml(requestHeader(c, 'accept'))) {
      return sendFile(c, notFoundPage, { 'Cache-Control': 'no-store' }, 404);
    }
    throw notFound();
  };
}
