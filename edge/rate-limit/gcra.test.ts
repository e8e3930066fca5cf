import { describe, expect, it } from 'vitest';
import { gcraStep, nextTokenAt, tokensLeft } from './gcra.ts';

/** Takes `n` tokens at `now` from a bucket whose state is `tat`; returns the states and the last tat. */
function takeMany(tat: number | undefined, now: number, n: number, interval: number, burst: number) {
  const conforms: boolean[] = [];
  let t = tat;
  for (let i = 0; i < n; i++) {
    const step = gcraStep(t, now, interval, burst);
    conforms.push(step.conforms);
    t = step.tat;
  }
  return { conforms, tat: t ?? now };
}

describe('gcraStep', () => {
  it('lets a full bucket give exactly `burst` tokens at once', () => {
    const { conforms, tat } = takeMany(undefined, 1_000, 51, 100, 50);
    expect(conforms.indexOf(false)).toBe(50);
    expect(tat).toBe(1_000 + 5_000);
  });

  it('keeps the exact boundary with intervals that are not whole milliseconds', () => {
    const { conforms } = takeMany(undefined, 0, 4, 1000 / 3, 3);
    expect(conforms).toEqual([true, true, true, false]);
  });

  it('treats a time in the past as a full bucket (no credit saved up beyond the burst)', () => {
    expect(gcraStep(500, 10_000, 100, 50)).toEqual({ conforms: true, tat: 10_100 });
  });
});

describe('tokensLeft and nextTokenAt', () => {
  it('count whole tokens and the wait for the next one', () => {
    expect(tokensLeft(1_100, 1_000, 100, 50)).toBe(49);
    expect(tokensLeft(6_000, 1_000, 100, 50)).toBe(0);
    expect(tokensLeft(5_950, 1_000, 100, 50)).toBe(0);
    expect(tokensLeft(900, 1_000, 100, 50)).toBe(50);
    expect(tokensLeft(1_000, 0, 1000 / 3, 3)).toBe(0);
    expect(nextTokenAt(6_000, 100, 50)).toBe(1_100);
  });
});
