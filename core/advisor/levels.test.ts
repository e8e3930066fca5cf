import { describe, expect, it } from 'vitest';
import { countFromScore } from './levels.ts';

// log1p levels 0…5 in even steps: the median is log1p 2.5, about 11
const levels = Array.from({ length: 101 }, (_, i) => i * 0.05);

describe('countFromScore', () => {
  it('reads the median post of the recent hours at score 0, more above, fewer below, within its interval', () => {
    const median = countFromScore(levels, 0, { q10: -1, q90: 1 });
    expect(median.expected).toBe(Math.round(Math.expm1(2.5)));
    expect(countFromScore(levels, 1, { q10: 0, q90: 0 }).expected).toBeGreaterThan(median.expected);
    expect(countFromScore(levels, -1, { q10: 0, q90: 0 }).expected).toBeLessThan(median.expected);
    expect(median.low).toBeLessThan(median.expected);
    expect(median.high).toBeGreaterThan(median.expected);
  });
  it('stays within the recent levels at the extremes', () => {
    expect(countFromScore(levels, 40, { q10: 0, q90: 0 }).expected).toBe(Math.round(Math.expm1(5)));
    expect(countFromScore(levels, -40, { q10: 0, q90: 0 }).expected).toBe(0);
  });
});
