import { describe, expect, it } from 'vitest';
import { readShift, shiftContradiction } from './sentiment-shift.ts';

describe('sentimentShift', () => {
  it('reads the claimed direction and the quoted numbers', () => {
    expect(
      readShift('Still playful, but more positive than the previous hour (mean tone 0.10 → 0.25).'),
    ).toEqual({
      claims: 'up',
      phrase: 'more positive',
      from: 0.1,
      to: 0.25,
    });
    expect(readShift('Cooler than an hour ago (−0.05 -> −0.20)')).toMatchObject({
      claims: 'down',
      from: -0.05,
      to: -0.2,
    });
    expect(readShift('Steady: measured (mean tone 0.12 → 0.13).').claims).toBeNull();
    expect(readShift('Warmer, yet more skeptical (0.1 → 0.2)').claims).toBeNull();
  });

  it('flags a positive claim with falling numbers and a negative claim with rising ones', () => {
    expect(shiftContradiction('Warmer than the previous hour (mean tone 0.30 → 0.20).')).toMatch(/falls/);
    expect(shiftContradiction('More skeptical than the previous hour (mean tone 0.09 → 0.10).')).toMatch(
      /rises/,
    );
    expect(shiftContradiction('More anxious than before (from −0.10 to 0.05)')).toMatch(/rises/);
  });

  it('accepts claims that agree with their numbers, and claims without numbers', () => {
    expect(shiftContradiction('More positive than the previous hour (mean tone 0.10 → 0.20).')).toBeNull();
    expect(shiftContradiction('More negative than the previous hour (mean tone 0.20 → 0.10).')).toBeNull();
    expect(shiftContradiction('More skeptical than the previous hour.')).toBeNull();
  });
});
