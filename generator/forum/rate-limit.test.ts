import { describe, expect, it } from 'vitest';
import { fullJitterMs } from './backoff.ts';
import { parseRetryAfterHeader, rateLimitResumeAt, retryAfterMs } from './rate-limit.ts';

const NOW = Date.UTC(2026, 1, 10, 12, 0, 0);

describe('retryAfterMs', () => {
  it.each([
    ['header seconds', '30', null, 30_000],
    ['header HTTP-date', new Date(NOW + 90_000).toUTCString(), null, 90_000],
    ['header date in the past', new Date(NOW - 5000).toUTCString(), null, 0],
    ['body retry_after_seconds', null, { retry_after_seconds: 12 }, 12_000],
    ['body retry_after_minutes', null, { retry_after_minutes: 2 }, 120_000],
    ['open-source retryAfter', null, { error: 'Rate limit exceeded', retryAfter: 7 }, 7000],
    ['open-source retryAfterMinutes', null, { retryAfterMinutes: '1' }, 60_000],
    ['nested under data', null, { data: { retry_after_seconds: 3 } }, 3000],
    ['most precise hint: seconds over minutes', '5', { retry_after_minutes: 1 }, 5000],
    [
      'open-source 429: Retry-After 1 over retryAfterMinutes 1',
      '1',
      { retryAfter: 1, retryAfterMinutes: 1 },
      1000,
    ],
    ['body seconds over body minutes', null, { retry_after_seconds: 4, retry_after_minutes: 1 }, 4000],
    ['longest of the precise hints', '5', { retry_after_seconds: 8, retryAfterMinutes: 2 }, 8000],
  ])('reads the %s', (_, header, body, expected) => {
    expect(retryAfterMs(header, body, NOW)).toBe(expected);
  });

  it('returns null without a readable hint', () => {
    expect(retryAfterMs(null, { error: 'slow down' }, NOW)).toBeNull();
    expect(retryAfterMs('soon', null, NOW)).toBeNull();
    expect(parseRetryAfterHeader(null, NOW)).toBeNull();
  });
});

describe('rateLimitResumeAt', () => {
  const h = (entries: Record<string, string>) => new Headers(entries);
  it('waits only when the remaining quota is 0', () => {
    expect(rateLimitResumeAt(h({ 'x-ratelimit-remaining': '3', 'x-ratelimit-reset': '30' }), NOW)).toBeNull();
    expect(rateLimitResumeAt(h({}), NOW)).toBeNull();
  });

  it.each([
    // Whole seconds may be rounded down by the server: the wait covers the whole second named.
    ['delta seconds', '30', NOW + 31_000],
    ['epoch seconds', String(NOW / 1000 + 45), NOW + 46_000],
    ['fractional epoch seconds', String(NOW / 1000 + 45.25), NOW + 45_250],
    ['epoch milliseconds', String(NOW + 20_000), NOW + 20_000],
    ['an HTTP date', new Date(NOW + 10_000).toUTCString(), NOW + 11_000],
    ['nothing (one minute assumed)', '', NOW + 60_000],
  ])('reads a reset given as %s', (_, reset, expected) => {
    const headers = h({
      'x-ratelimit-limit': '60',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': reset,
    });
    expect(rateLimitResumeAt(headers, NOW)).toBe(expected);
  });
});

describe('fullJitterMs', () => {
  it('stays within the doubling ceiling and the cap', () => {
    expect(fullJitterMs(0, 500, 30_000, () => 0.999)).toBe(499);
    expect(fullJitterMs(3, 500, 30_000, () => 0.5)).toBe(2000);
    expect(fullJitterMs(20, 500, 30_000, () => 0.5)).toBe(15_000);
    expect(fullJitterMs(4, 500, 30_000, () => 0)).toBe(0);
  });
});
