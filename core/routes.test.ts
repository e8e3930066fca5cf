import { describe, expect, it } from 'vitest';
import { componentName } from './docs/json-schemas.ts';
import { LIMITS } from './limits.ts';
import { ROUTE, ROUTES, type RouteDef, routeById, routeFiles, routePath } from './routes.ts';

describe('route table', () => {
  it('declares each route once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
  });

  it('emits one file per media type a route answers: at its path, or as it declares (/api is a folder)', () => {
    for (const r of ROUTES as readonly RouteDef[]) {
      const types = routeFiles(r, 'agora').map((f) => f.contentType);
      expect(types, r.id).toEqual(r.negotiates ? [r.contentType, r.negotiates] : [r.contentType]);
      if (!r.files)
        expect(routeFiles(r, 'agora'), r.id).toEqual([
          { path: routePath(r, 'agora'), contentType: r.contentType },
        ]);
    }
    expect(routeFiles(ROUTE['setup-guide']).map((f) => f.path)).toEqual(['/api.md', '/api.json']);
  });

  it('prices exactly the paid routes, as the contract says', () => {
    const paid = ROUTES.filter((r) => r.access === 'paid').map((r) => [r.method, routePath(r), r.priceUsd]);
    expect(paid).toEqual([
      ['GET', '/api/forum/digests', '0.02'],
      ['POST', '/api/forum/advisor', '0.05'],
    ]);
    for (const r of ROUTES.filter((r) => r.access === 'free')) expect(r.priceUsd).toBeNull();
  });

  it('lists every free route of the contract', () => {
    const free = ROUTES.filter((r) => r.access === 'free').map((r) => routePath(r));
    for (const path of [
      '/api',
      '/api/changelog',
      '/.well-known/catalog',
      '/api/forum/sample',
      '/api/forum/digests/latest',
      '/api/forum/digests/brief',
      '/api/forum/digests/index',
      '/discovery',
      '/health',
      '/openapi.json',
      '/llms.txt',
      '/llms-full.txt',
      '/.well-known/x402',
      '/.well-known/x402-resources.json',
      '/.well-known/agent-card.json',
      '/terms.txt',
    ]) {
      expect(free).toContain(path);
    }
  });

  it('attaches the route-specific limits of the contract', () => {
    expect(routeById('latest').limits).toEqual([LIMITS.latest]);
    expect(routeById('sample').limits).toEqual([LIMITS.sample]);
    expect(LIMITS.latest).toMatchObject({ max: 5, windowSeconds: 60 });
    expect(LIMITS.sample).toMatchObject({ max: 1, windowSeconds: 1200 });
    expect(LIMITS.general).toMatchObject({ max: 10, windowSeconds: 1 });
    expect(LIMITS.burst).toMatchObject({ max: 50, windowSeconds: 10 });
    expect(LIMITS.advisorKey).toMatchObject({ max: 2, windowSeconds: 86_400 });
  });

  it('substitutes the configured platform segment', () => {
    expect(routePath(routeById('latest'), 'moltbook')).toBe('/api/moltbook/digests/latest');
  });

  it('indexes every route by its id', () => {
    for (const r of ROUTES) expect(ROUTE[r.id]).toBe(r);
  });

  it('publishes every request and response schema of a route as a document component', () => {
    for (const r of ROUTES as readonly RouteDef[]) {
      const schemas = [r.response, r.request.query, r.request.body].filter((s) => s != null);
      for (const schema of schemas) expect(() => componentName(schema), r.id).not.toThrow();
    }
  });

  it('gives JSON routes a response schema and text routes none', () => {
    for (const r of ROUTES as readonly RouteDef[])
      if (r.contentType.startsWith('text/')) expect(r.response, r.id).toBeNull();
    for (const id of [
      'latest',
      'brief',
      'sample',
      'index',
      'history',
      'advisor',
      'changelog',
      'catalog',
    ] as const)
      expect(ROUTE[id].response, id).not.toBeNull();
  });
});
