import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig as loadEdgeConfig } from './config.ts';

describe('loadEdgeConfig', () => {
  it('has defaults for every edge variable and keeps core variables', () => {
    const cfg = loadEdgeConfig({});
    expect(cfg).toMatchObject({
      DIST_DIR: 'dist',
      RATE_LIMIT_STORE: 'memory',
      TRUSTED_PROXIES: [],
      PORT: 8080,
      PLATFORM_SEGMENT: 'forum',
      baseUrl: 'http://localhost:8080',
    });
  });

  it('parses Redis and trusted proxies', () => {
    const cfg = loadEdgeConfig({
      RATE_LIMIT_STORE: 'redis',
      REDIS_URL: 'redis://10.0.0.5:6379/1',
      TRUSTED_PROXIES: '10.0.0.1, ::1',
    });
    expect(cfg.REDIS_URL).toBe('redis://10.0.0.5:6379/1');
    expect(cfg.TRUSTED_PROXIES).toEqual(['10.0.0.1', '::1']);
  });

  it.each([
    [{ RATE_LIMIT_STORE: 'redis' }, /REDIS_URL: is required/],
    [{ REDIS_URL: 'http://x' }, /REDIS_URL: must be a redis/],
    [{ TRUSTED_PROXIES: 'proxy.local' }, /TRUSTED_PROXIES/],
    [{ RATE_LIMIT_STORE: 'memcached' }, /RATE_LIMIT_STORE/],
    [{ PORT: 'eighty' }, /PORT/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadEdgeConfig(env)).toThrow(ConfigError);
    expect(() => loadEdgeConfig(env)).toThrow(message);
  });
});
