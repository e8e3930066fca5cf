import { describe, expect, it } from 'vitest';
import { SharedEnvSchema } from '../config/shared.ts';
import { ErrorBody } from '../schemas/envelope.ts';
import { DEFAULT_SIBLINGS, resolveMovedPath, type SiblingBaseUrls } from './moved-routes.ts';

const siblings: SiblingBaseUrls = {
  gh: 'https://gh.test',
  signals: 'https://signals.test/',
  markets: 'https://markets.test',
};
const resolve = (path: string, query = '') => resolveMovedPath(path, query, siblings);

describe('deprecated paths (301)', () => {
  it.each([
    ['/api/digests/latest', '/api/forum/digests/latest'],
    ['/api/digests', '/api/forum/digests'],
    ['/api/sample', '/api/forum/sample'],
    ['/api-for-agents.md', '/api'],
  ])('%s → %s with newEndpoint in the body', (path, to) => {
    const answer = resolve(path);
    expect(answer).toMatchObject({ status: 301, location: to, body: { newEndpoint: to } });
    expect(answer?.headers).toMatchObject({ Location: to, Deprecation: 'true', Sunset: '2026-09-08' });
    expect(ErrorBody.safeParse(answer?.body).success).toBe(true);
  });

  it('keeps the query string and follows the platform segment', () => {
    expect(resolve('/api/digests', '?hours=3&limit=2')?.location).toBe('/api/forum/digests?hours=3&limit=2');
    expect(resolveMovedPath('/api/digests/latest', '', siblings, 'moltbook')?.location).toBe(
      '/api/moltbook/digests/latest',
    );
  });
});

describe('moved products (308)', () => {
  it.each([
    ['/api/github/repos/trending', 'https://gh.test/v1/repos/trending'],
    ['/api/github', 'https://gh.test/v1'],
    ['/api/intelligence/reports/daily', 'https://signals.test/v1/reports/daily'],
    ['/api/pulse/narratives', 'https://signals.test/v1/pulse/narratives'],
    ['/api/pulse/narratives/ai-rights', 'https://signals.test/v1/pulse/narratives/ai-rights'],
    ['/api/pulse/latest', 'https://signals.test/v1/latest'],
    ['/api/pulse/narrativesx', 'https://signals.test/v1/narrativesx'],
    ['/api/polymarket/markets', 'https://markets.test/v1/markets'],
    ['/api/polymarket/trending/today', 'https://markets.test/v1/trending/today'],
    ['/api/polymarket/latest', 'https://markets.test/v1/latest'],
    ['/api/polymarket/signal', 'https://markets.test/v1/signal'],
    ['/api/polymarket/signals', 'https://markets.test/v1/signals'],
    ['/api/polymarket/index', 'https://markets.test/v1/index'],
    ['/api/polymarket/brief', 'https://markets.test/v1/brief'],
    ['/api/polymarket/sample', 'https://markets.test/v1/sample'],
    ['/api/polymarket/history', 'https://markets.test/v1/history'],
    ['/api/pulse/ai-business/narratives', 'https://signals.test/v1/pulse/narratives'],
    ['/api/pulse/ai-business/narratives/n-42', 'https://signals.test/v1/pulse/narratives/n-42'],
    ['/api/pulse/ai-business/narrativesx', 'https://signals.test/v1/ai-business/narrativesx'],
    ['/api/pulse/ai-business/digest/latest', 'https://signals.test/v1/ai-business/digest/latest'],
    ['/api/polymarket/whatever', 'https://markets.test'],
    ['/api/polymarket', 'https://markets.test'],
  ])('%s → %s', (path, location) => {
    const answer = resolve(path);
    expect(answer?.status).toBe(308);
    expect(answer?.location).toBe(location);
  });

  it('preserves the query string, also on the markets base', () => {
    expect(resolve('/api/github/repos', 'lang=ts&page=2')?.location).toBe(
      'https://gh.test/v1/repos?lang=ts&page=2',
    );
    expect(resolve('/api/polymarket/unknown', '?q=1')?.location).toBe('https://markets.test?q=1');
    expect(resolve('/api/polymarket/signals', '?since=3&count=5')?.location).toBe(
      'https://markets.test/v1/signals?since=3&count=5',
    );
    expect(resolve('/api/pulse/ai-business/narratives/n-1', 'x=1')?.location).toBe(
      'https://signals.test/v1/pulse/narratives/n-1?x=1',
    );
    expect(
      resolveMovedPath('/api/pulse/narratives', new URLSearchParams({ window: '24h' }), siblings)?.location,
    ).toBe('https://signals.test/v1/pulse/narratives?window=24h');
  });

  it('answers with Deprecation, Sunset and the contract body, and no payment', () => {
    const answer = resolve('/api/intelligence/x', '?a=1');
    expect(answer?.headers).toEqual({
      Location: 'https://signals.test/v1/x?a=1',
      Deprecation: 'true',
      Sunset: '2026-09-08',
    });
    expect(answer?.body).toMatchObject({
      deprecated: true,
      movedTo: 'https://signals.test/v1/x?a=1',
      sunset: '2026-09-08',
    });
    expect(answer?.body.note).toMatch(/never 402/);
    expect(ErrorBody.safeParse(answer?.body).success).toBe(true);
  });
});

describe('retired paths (410)', () => {
  it('retires the bundle without a Deprecation header', () => {
    expect(resolve('/api/bundle')).toMatchObject({ status: 410, headers: {} });
    expect(resolve('/api/bundle')?.location).toBeUndefined();
  });

  it('retires every token path with a Deprecation header and no successor', () => {
    for (const path of ['/api/tokens', '/api/tokens/abc/price']) {
      const answer = resolve(path);
      expect(answer).toMatchObject({ status: 410, headers: { Deprecation: 'true' } });
      expect(answer?.location).toBeUndefined();
      expect(ErrorBody.safeParse(answer?.body).success).toBe(true);
    }
  });
});

describe('other paths', () => {
  it.each(['/api/forum/digests', '/api', '/api/githubx', '/api/tokensale', '/', '/api/digests/latest/x'])(
    '%s is not moved',
    (path) => {
      expect(resolve(path)).toBeNull();
    },
  );

  it('defaults the siblings to the configuration defaults', () => {
    const cfg = SharedEnvSchema.parse({});
    expect(DEFAULT_SIBLINGS).toEqual({
      gh: cfg.GH_BASE_URL,
      signals: cfg.SIGNALS_BASE_URL,
      markets: cfg.MARKETS_BASE_URL,
    });
  });
});
