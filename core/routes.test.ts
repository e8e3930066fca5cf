import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { ROUTES, routeById, routePath } from './routes.ts';

describe('route table', () => {
  it('declares each route once', () => {
    const keys = ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
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
});
