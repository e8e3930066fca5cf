import { describe, expect, it } from 'vitest';
import { GENERAL_BUCKET, LIMITS } from '../../core/limits.ts';
import { bucketState, rateLimitHeaders, secondsUntil, tighter, windowState } from './limit-state.ts';

describe('bucketState', () => {
  const now = 1_700_000_000_000;

  it('reports the burst as the limit, whole tokens left, and when the bucket is full again', () => {
    const state = bucketState(GENERAL_BUCKET, { conforms: true, fullAt: now + 1_250 }, now);
    expect(state).toMatchObject({
      name: 'general',
      max: 50,
      remaining: 37,
      resetAt: now + 1_250,
      exceeded: false,
    });
    expect(bucketState(GENERAL_BUCKET, { conforms: true, fullAt: now - 5 }, now)).toMatchObject({
      remaining: 50,
      resetAt: now,
    });
  });

  it('when refused, retries once one token has come back', () => {
    const state = bucketState(GENERAL_BUCKET, { conforms: false, fullAt: now + 5_000 }, now);
    expect(state).toMatchObject({ exceeded: true, remaining: 0, retryAt: now + 100 });
    expect(secondsUntil(state.retryAt, now)).toBe(1);
  });
});

describe('tighter', () => {
  const reset = 10_000;
  it('reports the limit with the fewest requests left', () => {
    const bucket = bucketState(GENERAL_BUCKET, { conforms: true, fullAt: reset }, 9_000);
    expect(tighter(bucket, windowState(LIMITS.latest, 4, reset + 50_000)).name).toBe('latest');
  });

  it('reports an exceeded limit over any other, the one that frees last among several', () => {
    const refusedBucket = bucketState(GENERAL_BUCKET, { conforms: false, fullAt: 5_000 }, 0);
    expect(tighter(refusedBucket, windowState(LIMITS.latest, 6, 50_000)).name).toBe('latest');
    expect(tighter(refusedBucket, windowState(LIMITS.latest, 2, 50_000)).name).toBe('general');
    expect(tighter(windowState(LIMITS.latest, 7, 50_000), refusedBucket).name).toBe('latest');
  });

  it('renders the headers with the reset as a Unix timestamp in seconds', () => {
    expect(rateLimitHeaders(windowState(LIMITS.latest, 2, 1_700_000_000_500))).toEqual({
      'RateLimit-Limit': '5',
      'RateLimit-Remaining': '3',
      'RateLimit-Reset': '1700000001',
    });
    expect(secondsUntil(10_001, 9_000)).toBe(2);
    expect(secondsUntil(9_000, 9_000)).toBe(1);
  });
});
