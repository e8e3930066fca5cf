import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { loadGeneratorConfig } from './generator.ts';

describe('loadGeneratorConfig', () => {
  it('reads only the generator’s variables: a bad edge variable does not stop it', () => {
    const cfg = loadGeneratorConfig({ PAY_TO: 'nope', PORT: 'x', FORUM_PAGE_SIZE: '50' });
    expect(cfg.FORUM_PAGE_SIZE).toBe(50);
    expect(cfg).not.toHaveProperty('PAY_TO');
  });

  it('reads empty and blank values as unset, and names a bad variable', () => {
    const cfg = loadGeneratorConfig({ FORUM_API_KEY: '  ', OPENAI_BASE_URL: '', FORUM_MAX_RETRIES: '' });
    expect(cfg.FORUM_API_KEY).toBeUndefined();
    expect(cfg.OPENAI_BASE_URL).toBeUndefined();
    expect(cfg.FORUM_MAX_RETRIES).toBe(5);
    expect(() => loadGeneratorConfig({ FORUM_PAGE_SIZE: 'lots' })).toThrow(ConfigError);
    expect(() => loadGeneratorConfig({ FORUM_PAGE_SIZE: 'lots' })).toThrow(
      /FORUM_PAGE_SIZE: must be a number/,
    );
  });
});
