import { describe, expect, it } from 'vitest';
import { parsePipelineEnv } from './config.ts';

const parse = (env: Record<string, string | undefined>) => parsePipelineEnv(env, (m) => new Error(m));

describe('parsePipelineEnv', () => {
  it('has defaults, and reads empty or blank values as unset', () => {
    const env = parse({ HOURLY_FAILURE_THRESHOLD: '', GITHUB_TOKEN: ' ', PLATFORM_SEGMENT: '' });
    expect(env.HOURLY_FAILURE_THRESHOLD).toBe(3);
    expect(env.HOURLY_WINDOW_HOURS).toBe(24);
    expect(env.GITHUB_TOKEN).toBeUndefined();
    expect(env.PLATFORM_SEGMENT).toBe('forum');
    expect(env.GITHUB_API_URL).toBe('https://api.github.com');
  });

  it('names each bad variable', () => {
    const bad = () => parse({ HOURLY_WINDOW_HOURS: '0', GITHUB_API_URL: 'ftp://x' });
    expect(bad).toThrow(/HOURLY_WINDOW_HOURS: must be at least 1/);
    expect(bad).toThrow(/GITHUB_API_URL: must be an http\(s\) URL/);
  });
});
