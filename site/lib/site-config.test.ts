import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../core/config/fields.ts';
import { readSiteConfig } from './site-config.ts';

describe('readSiteConfig', () => {
  it('reads the base URL, platform, content folder and window from the environment', () => {
    const cfg = readSiteConfig({
      BASE_URL: 'https://murmur.example/',
      PLATFORM_SEGMENT: 'agora',
      CONTENT_DIR: '/data/content',
      SITE_HOUR_PAGE_DAYS: '7',
    });
    expect(cfg).toMatchObject({
      baseUrl: 'https://murmur.example',
      platform: 'agora',
      contentDir: '/data/content',
      hourPageDays: 7,
    });
  });

  it('defaults to localhost, forum, ./content and 30 days', () => {
    const cfg = readSiteConfig({});
    expect(cfg.baseUrl).toBe('http://localhost:8080');
    expect(cfg.platform).toBe('forum');
    expect(cfg.contentDir).toMatch(/\/content$/);
    expect(cfg.hourPageDays).toBe(30);
  });

  it.each([
    [{ SITE_HOUR_PAGE_DAYS: 'lots' }, /SITE_HOUR_PAGE_DAYS/],
    [{ BASE_URL: 'ftp://x' }, /BASE_URL/],
  ])('names the bad variable in %j', (env, pattern) => {
    expect(() => readSiteConfig(env)).toThrow(ConfigError);
    expect(() => readSiteConfig(env)).toThrow(pattern);
  });
});
