import { describe, expect, it } from 'vitest';
import { ConfigError } from '../core/config/fields.ts';
import { loadGeneratorConfig } from './config.ts';

describe('loadGeneratorConfig', () => {
  it('runs on its defaults with an empty environment', () => {
    const cfg = loadGeneratorConfig({});
    expect(cfg).toMatchObject({
      CONTENT_DIR: 'content',
      PLATFORM_SEGMENT: 'forum',
      FORUM_BASE_URL: 'https://www.moltbook.com/api/v1',
      FORUM_PAGE_SIZE: 100,
      ANALYSER: 'auto',
      OPENAI_MODEL: 'gpt-4o-mini',
    });
    expect(cfg.FORUM_API_KEY).toBeUndefined();
  });

  it('reads only the generator’s variables: a bad edge variable does not stop it', () => {
    const cfg = loadGeneratorConfig({ PAY_TO: 'nope', PORT: 'x', FORUM_PAGE_SIZE: '50' });
    expect(cfg.FORUM_PAGE_SIZE).toBe(50);
    expect(cfg).not.toHaveProperty('PAY_TO');
  });

  it('reads empty and blank values as unset', () => {
    const cfg = loadGeneratorConfig({
      FORUM_API_KEY: '  ',
      OPENAI_BASE_URL: '',
      FORUM_MAX_RETRIES: '',
      ANALYSER: '',
      FORUM_BASE_URL: ' ',
    });
    expect(cfg.FORUM_API_KEY).toBeUndefined();
    expect(cfg.OPENAI_BASE_URL).toBeUndefined();
    expect(cfg.FORUM_MAX_RETRIES).toBe(5);
    expect(cfg.ANALYSER).toBe('auto');
    expect(cfg.FORUM_BASE_URL).toBe('https://www.moltbook.com/api/v1');
  });

  it.each([
    ['FORUM_PAGE_SIZE', 'lots', /FORUM_PAGE_SIZE: must be a number/],
    ['FORUM_PAGE_SIZE', '0', /FORUM_PAGE_SIZE: must be at least 1/],
    ['FORUM_BASE_URL', 'ftp://x', /FORUM_BASE_URL: must be an http\(s\) URL/],
    ['PLATFORM_SEGMENT', 'Forum/x', /PLATFORM_SEGMENT: must be 1–32 lower-case/],
    ['ANALYSER', 'gpt', /ANALYSER/],
  ])('refuses %s=%j naming the variable', (name, value, message) => {
    expect(() => loadGeneratorConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadGeneratorConfig({ [name]: value })).toThrow(message);
  });
});
