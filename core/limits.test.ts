import { describe, expect, it } from 'vitest';
import { GENERAL_BUCKET, LIMITS } from './limits.ts';

describe('GENERAL_BUCKET', () => {
  it('is the general and burst limits read as one token bucket: 10 tokens a second, at most 50', () => {
    expect(GENERAL_BUCKET).toMatchObject({ name: 'general', ratePerSecond: 10, burst: 50, scope: 'ip' });
    expect(GENERAL_BUCKET.description).toContain(LIMITS.general.description);
    expect(GENERAL_BUCKET.description).toContain(LIMITS.burst.description);
  });
});
