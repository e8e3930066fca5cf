import { describe, expect, it } from 'vitest';
import { spearman } from './metrics.ts';
import { choosePriorBlend, foldPriorBlend } from './prior-blend.ts';

describe('choosePriorBlend', () => {
  const truth = [1, 2, 3, 4, 5, 6];
  it('leans on the prior when the content score ranks badly, and keeps β = 0 when the prior adds nothing', () => {
    const content = [[6, 5, 4, 3, 2, 1]];
    const prior = [[0.1, 0.2, 0.3, 0.4, 0.5, 0.6]];
    const chosen = choosePriorBlend(content, prior, (b) => spearman(b[0] as number[], truth));
    expect(chosen.beta).toBe(16);
    expect(chosen.rho).toBeCloseTo(1);
    const none = choosePriorBlend([truth], [[0, 0, 0, 0, 0, 0]], (b) => spearman(b[0] as number[], truth));
    expect(none.beta).toBe(0);
  });
  it('folds β · prior into standardised weights without changing any prediction but by β · prior', () => {
    const fit = { intercept: 0.2, dense: Float64Array.from([0.5, -1]) };
    const scaling = { mean: Float64Array.from([0, 3]), std: Float64Array.from([1, 2]) };
    const score = (x: number[]) =>
      fit.intercept +
      x.reduce(
        (s, v, j) =>
          s + (fit.dense[j] as number) * ((v - (scaling.mean[j] as number)) / (scaling.std[j] as number)),
        0,
      );
    const before = score([1, 7]);
    foldPriorBlend(fit, 1, 4, scaling);
    expect(score([1, 7])).toBeCloseTo(before + 4 * 7);
  });
});
