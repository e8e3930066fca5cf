import { describe, expect, it } from 'vitest';
import { simplestWithinOneError, spearmanStandardError } from './penalty-choice.ts';

const choice = (text: number, format: number, dense: number, rho: number) => ({
  lambda: { text, format, dense },
  rho,
});

describe('simplestWithinOneError', () => {
  it('keeps the best choice when it wins by more than the error', () => {
    const best = choice(2, 1, 1, 0.4);
    expect(simplestWithinOneError([best, choice(1e6, 1e6, 20, 0.1)], 0.1)).toBe(best);
  });

  it('takes the most penalised choice within one error of the best', () => {
    const simple = choice(1e6, 1e6, 20, 0.32);
    const chosen = simplestWithinOneError([choice(2, 1, 1, 0.4), choice(32, 20, 1, 0.35), simple], 0.1);
    expect(chosen).toBe(simple);
  });

  it('breaks a tie of simplicity by ρ', () => {
    const a = choice(1e6, 1, 20, 0.2);
    const b = choice(1e6, 20, 1, 0.25);
    expect(simplestWithinOneError([a, b], 0.1)).toBe(b);
  });

  it('refuses an empty list', () => {
    expect(() => simplestWithinOneError([], 0.1)).toThrow(/no candidates/);
  });
});

describe('spearmanStandardError', () => {
  it('shrinks with the rows: about 0.14 at 56 rows, 0.033 at 1,000', () => {
    expect(spearmanStandardError(56)).toBeCloseTo(0.1414, 3);
    expect(spearmanStandardError(1000)).toBeCloseTo(0.0326, 3);
    expect(spearmanStandardError(2)).toBeCloseTo(Math.sqrt(1.06), 6);
  });
});
