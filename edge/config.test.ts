import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/config/fields.ts';
import { configRedactor } from '../core/redact.ts';
import { EdgeEnvSchema, loadEdgeConfig } from './config.ts';

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
    [{ PORT: 'eighty' }, /PORT: must be a number/],
    [{ PORT: '70000' }, /PORT: must be at most 65535/],
    [{ BASE_URL: 'not a url' }, /BASE_URL/],
    [{ PLATFORM_SEGMENT: 'Forum/x' }, /PLATFORM_SEGMENT/],
    [{ ANALYSER: 'gpt' }, /ANALYSER/],
  ])('refuses %o, naming the variable', (env, message) => {
    expect(() => loadEdgeConfig(env)).toThrow(ConfigError);
    expect(() => loadEdgeConfig(env)).toThrow(message);
  });

  it('strips a trailing slash from BASE_URL', () => {
    expect(loadEdgeConfig({ BASE_URL: 'https://murmur.example/' }).baseUrl).toBe('https://murmur.example');
  });

  it('reads empty or blank values as unset, and only the edge’s variables', () => {
    const cfg = loadEdgeConfig({ RATE_LIMIT_STORE: ' ', DIST_DIR: '', PAY_TO: '', FORUM_PAGE_SIZE: 'lots' });
    expect(cfg).toMatchObject({ RATE_LIMIT_STORE: 'memory', DIST_DIR: 'dist', PAY_TO: undefined });
    expect(cfg).not.toHaveProperty('FORUM_PAGE_SIZE');
  });
});

describe('the edge’s redactor', () => {
  const rpcKey = 'alchemyKey0123456789abcdef';
  const cfg = loadEdgeConfig({
    PAY_TO: '0x1111111111111111111111111111111111111111',
    FACILITATOR_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
    EVM_RPC_URL: `https://user:rpcpass@base.example/v2/${rpcKey}?apikey=querykey9`,
    REDIS_URL: 'redis://:redispass@127.0.0.1:6379',
    OPENAI_API_KEY: 'sk-openai-secret',
  });
  const redact = configRedactor(EdgeEnvSchema, cfg);

  it('removes the secret parts of the configured URLs even outside a URL, and the secret values', () => {
    const text = `key ${rpcKey} q querykey9 pw rpcpass redis redispass openai sk-openai-secret wallet 0x${'ab'.repeat(32)}`;
    const out = redact(text);
    for (const secret of [rpcKey, 'querykey9', 'rpcpass', 'redispass', 'sk-openai-secret', 'ab'.repeat(32)]) {
      expect(out).not.toContain(secret);
    }
    expect(redact(JSON.stringify(cfg))).toContain('0x1111111111111111111111111111111111111111');
  });
});
