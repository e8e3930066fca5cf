import { describe, expect, it } from 'vitest';
import { ROUTES, routePath } from '../../core/routes.ts';
import { headersFile, redirectsFile, staticRouteFiles } from './host-files.ts';

describe('host files', () => {
  it('lists every free GET route but the edge-only health check, /api as .md and .json', () => {
    const paths = staticRouteFiles('forum').map((f) => f.path);
    const expected = ROUTES.filter((r) => r.method === 'GET' && r.access === 'free' && r.id !== 'health')
      .map((r) => routePath(r, 'forum'))
      .flatMap((p) => (p === '/api' ? ['/api.md', '/api.json'] : [p]));
    expect(paths).toEqual(expected);
    expect(paths).toContain('/api/forum/digests/index');
    expect(paths).not.toContain('/health');
  });

  it('gives every extensionless JSON file its content type, on the configured platform segment', () => {
    const headers = headersFile('agora');
    expect(headers).toMatch(
      /^\/api\/agora\/digests\/latest\n {2}Content-Type: application\/json; charset=utf-8$/m,
    );
    expect(headers).toMatch(/^\/\.well-known\/x402\n {2}Content-Type: application\/json/m);
    expect(headers).toMatch(/^\/api\.md\n {2}Content-Type: text\/markdown/m);
    expect(headers).not.toContain('/forum/');
  });

  it('rewrites /api to the markdown guide and redirects the deprecated paths', () => {
    const redirects = redirectsFile('forum');
    expect(redirects).toMatch(/^\/api {2}\/api\.md {2}200$/m);
    expect(redirects).toMatch(/^\/api\/digests\/latest {2}\/api\/forum\/digests\/latest {2}301$/m);
    expect(redirects).toMatch(/^\/api-for-agents\.md {2}\/api {2}301$/m);
  });
});
