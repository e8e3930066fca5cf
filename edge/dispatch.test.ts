import { describe, expect, it } from 'vitest';
import { DEFAULT_SIBLINGS, resolveMovedPath } from '../core/docs/moved-routes.ts';
import { type EdgeSite, edgeStep, staticFileFor } from './dispatch.ts';
import type { DistMap, StaticFile } from './static/dist-map.ts';

const file = (path: string) => ({ path }) as unknown as StaticFile;
const FILES = ['/api/forum/digests/latest', '/index.html', '/about/index.html', '/style.css', '/api.md'];
const dist: DistMap = {
  files: new Map(FILES.map((p) => [p, file(p)])),
  bytes: 0,
  loadedAt: new Date(0),
  latest: null,
};
/** Routes: latest (a file route), history and advisor (handlers of their own). */
const site: EdgeSite = {
  routes: new Set(['/api/forum/digests/latest', '/api/forum/digests', '/api/forum/advisor']),
  fileRoutes: new Set(['/api/forum/digests/latest']),
  dist: () => dist,
  moved: (path, query) => resolveMovedPath(path, query, DEFAULT_SIBLINGS, 'forum'),
};
const step = (method: string, path: string) =>
  edgeStep(site, { method, path, raw: () => ({ path, query: '' }) });

describe('edgeStep', () => {
  const cases: Array<[string, string, string, string]> = [
    ['a file route: its file', 'GET', '/api/forum/digests/latest', 'file'],
    ['HEAD of a file route: its file', 'HEAD', '/api/forum/digests/latest', 'file'],
    ['a site file: served from memory', 'GET', '/style.css', 'file'],
    ['a folder with its slash: its index', 'GET', '/', 'file'],
    ['a deprecated path: moved, for GET', 'GET', '/api/digests/latest', 'moved'],
    ['a moved prefix: moved, for POST too (never payment code)', 'POST', '/api/pulse/x', 'moved'],
    ['a retired path: moved (410)', 'DELETE', '/api/bundle', 'moved'],
    ['a GET of anything else: the site (hour files, redirects, 404 page)', 'GET', '/nothing', 'site'],
    ['a folder without its slash: the site (its redirect)', 'GET', '/about', 'site'],
    ['another method on a site path: 204/405', 'OPTIONS', '/style.css', 'methods'],
    ['another method on an hour file: 204/405', 'PUT', '/digests/2026/01/01/13.json', 'methods'],
    ['another method on nothing: 404', 'POST', '/nothing', 'not-found'],
  ];
  it.each(cases)('%s', (_name, method, path, kind) => {
    expect(step(method, path).kind).toBe(kind);
  });

  it('matches moved paths on the target as sent and hands their answer on', () => {
    const moved = edgeStep(site, {
      method: 'GET',
      path: '/api/digests/latest',
      raw: () => ({ path: '/api/digests/latest', query: 'a=1' }),
    });
    expect(moved).toMatchObject({ kind: 'moved', answer: { status: 301 } });
  });
});

describe('staticFileFor', () => {
  it('gives a file route its file, never a handler route or a moved path a site file', () => {
    expect(staticFileFor(site, '/api/forum/digests/latest')).toBe(
      dist.files.get('/api/forum/digests/latest'),
    );
    expect(staticFileFor(site, '/api/forum/digests')).toBeUndefined();
    expect(staticFileFor(site, '/api.md')).toBe(dist.files.get('/api.md'));
    expect(staticFileFor(site, '/')).toBe(dist.files.get('/index.html'));
    expect(staticFileFor(site, '/nothing')).toBeUndefined();
  });
});
