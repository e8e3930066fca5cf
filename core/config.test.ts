import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactConfig } from './config.ts';

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const cfg = loadConfig({});
    expect(cfg.PORT).toBe(8080);
    expect(cfg.baseUrl).toBe('http://localhost:8080');
    expect(cfg.PLATFORM_SEGMENT).toBe('forum');
    expect(cfg.FORUM_BASE_URL).toBe('https://www.moltbook.com/api/v1');
    expect(cfg.ANALYSER).toBe('auto');
    expect(cfg.FORUM_API_KEY).toBeUndefined();
  });

  it('treats empty strings as unset for optional values', () => {
    const cfg = loadConfig({ FORUM_API_KEY: '', OPENAI_BASE_URL: '' });
    expect(cfg.FORUM_API_KEY).toBeUndefined();
    expect(cfg.OPENAI_BASE_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'abc', /PORT: must be a number/],
    ['PORT', '70000', /PORT: must be at most 65535/],
    ['BASE_URL', 'not a url', /BASE_URL/],
    ['FORUM_BASE_URL', 'ftp://x', /FORUM_BASE_URL: must be an http\(s\) URL/],
    ['PLATFORM_SEGMENT', 'Forum/x', /PLATFORM_SEGMENT/],
    ['ANALYSER', 'gpt', /ANALYSER/],
    ['FORUM_PAGE_SIZE', '0', /FORUM_PAGE_SIZE: must be at least 1/],
  ])('rejects %s=%j naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('strips a trailing slash from BASE_URL', () => {
    expect(loadConfig({ BASE_URL: 'https://murmur.example/' }).baseUrl).toBe('https://murmur.example');
  });

  it('redacts secrets', () => {
    const shown = redactConfig(loadConfig({ FORUM_API_KEY: 'moltbook_secret', OPENAI_API_KEY: 'sk-x' }));
    expect(JSON.stringify(shown)).not.toContain('moltbook_secret');
    expect(JSON.stringify(shown)).not.toContain('sk-x');
    expect(shown.FORUM_API_KEY).toBe('[set]');
  });
});
