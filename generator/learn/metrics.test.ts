import { describe, expect, it } from 'vitest';
import {
  averageRanks,
  cohortNdcg,
  ndcgAtK,
  pairwiseAccuracy,
  sameHourPairwise,
  spearman,
  withinHourSpearman,
} from './metrics.ts';

const min = 60_000;

describe('spearman', () => {
  it('is 1 for the same order, −1 for the reverse, and handles ties with average ranks', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3], [3, 2, 1])).toBeCloseTo(-1);
    expect(averageRanks([5, 1, 5])).toEqual([2.5, 1, 2.5]);
    // ranks (1.5, 1.5, 3) against (1, 2, 3): cov 1.5 / sqrt(1.5 · 2)
    expect(spearman([1, 1, 2], [1, 2, 3])).toBeCloseTo(1.5 / Math.sqrt(3));
    expect(spearman([7, 7, 7], [1, 2, 3])).toBe(0);
  });
});

describe('pairwiseAccuracy', () => {
  it('counts same-community pairs at most 30 minutes apart, ties half, equal outcomes skipped', () => {
    const items = [
      { group: 'g', createdMs: 0, predicted: 2, actual: 5 },
      { group: 'g', createdMs: 10 * min, predicted: 1, actual: 3 },
      { group: 'g', createdMs: 20 * min, predicted: 3, actual: 1 },
      { group: 'g', createdMs: 50 * min, predicted: 0, actual: 9 },
      { group: 'other', createdMs: 5 * min, predicted: 9, actual: 0 },
      { group: 'h', createdMs: 0, predicted: 1, actual: 1 },
      { group: 'h', createdMs: 1 * min, predicted: 1, actual: 2 },
      { group: 'h', createdMs: 2 * min, predicted: 5, actual: 2 },
    ];
    // g: A-B right, A-C wrong, B-C wrong, C-D (30 min) wrong; h: F-G tie ½, F-H right, G-H equal outcome skipped
    expect(pairwiseAccuracy(items)).toEqual({ accuracy: 2.5 / 6, pairs: 6 });
    expect(pairwiseAccuracy([])).toEqual({ accuracy: null, pairs: 0 });
  });
});

describe('ndcgAtK', () => {
  it('matches hand-computed values', () => {
    const dcg = 1 / Math.log2(3) + 2 / Math.log2(4);
    const idcg = 2 + 1 / Math.log2(3);
    expect(ndcgAtK([3, 2, 1], [0, 1, 2])).toBeCloseTo(dcg / idcg);
    expect(ndcgAtK([1, 2, 3], [0, 1, 2])).toBeCloseTo(1);
    expect(ndcgAtK([1, 2], [3, 1], 1)).toBeCloseTo(1 / 3);
    expect(ndcgAtK([1, 2], [0, 0])).toBeNull();
  });
  it('gives tied predictions the mean gain of their group (no credit for input order)', () => {
    expect(ndcgAtK([1, 1], [0, 2])).toBeCloseTo((1 + 1 / Math.log2(3)) / 2);
    expect(ndcgAtK([1, 1], [2, 0])).toBeCloseTo((1 + 1 / Math.log2(3)) / 2);
  });
  it('averages over hourly cohorts', () => {
    const h = 3_600_000;
    const items = [
      { group: 'g', createdMs: 0, predicted: 2, actual: 1 },
      { group: 'g', createdMs: 1, predicted: 1, actual: 0 },
      { group: 'g', createdMs: h, predicted: 1, actual: 1 },
      { group: 'g', createdMs: h + 1, predicted: 2, actual: 0 },
      { group: 'g', createdMs: 2 * h, predicted: 2, actual: 5 },
    ];
    const second = 1 / Math.log2(3);
    expect(cohortNdcg(items)).toEqual({ ndcg: (1 + second) / 2, cohorts: 2 });
  });
});

describe('within-hour metrics', () => {
  const hour = 3_600_000;
  // Hour 0: prediction in the right order; hour 1: reversed; hour 2: too small for ρ (2 rows).
  const items = [
    ...Array.from({ length: 10 }, (_, i) => ({ createdMs: i * 1000, predicted: i, actual: i })),
    ...Array.from({ length: 20 }, (_, i) => ({ createdMs: hour + i * 1000, predicted: -i, actual: i })),
    { createdMs: 2 * hour, predicted: 1, actual: 1 },
    { createdMs: 2 * hour + 1, predicted: 1, actual: 2 },
  ];
  it('averages ρ over hours with at least 10 rows, weighted by rows', () => {
    const within = withinHourSpearman(items);
    expect(within).toMatchObject({ hours: 2, rows: 30 });
    expect(within.rho).toBeCloseTo((10 * 1 + 20 * -1) / 30, 12);
    expect(withinHourSpearman(items, 100)).toEqual({ rho: null, hours: 0, rows: 0 });
  });
  it('counts same-hour pairs with different outcomes, a predicted tie as half', () => {
    // hour 0: 45 right; hour 1: 190 wrong; hour 2: one tie
    expect(sameHourPairwise(items)).toEqual({ accuracy: 45.5 / 236, pairs: 236 });
    expect(sameHourPairwise([{ createdMs: 0, predicted: 1, actual: 1 }]).accuracy).toBeNull();
  });
});
