import { describe, expect, it } from 'vitest';
import type { LabelledRow } from './rows.ts';
import { hourRelativeTargets } from './targets.ts';

const row = (id: string, createdAt: string, upvotes: number, comments = 0): LabelledRow => ({
  id,
  createdAt,
  title: id,
  content: '',
  hasUrl: false,
  submolt: null,
  author: null,
  context: [0, 0, 0, 0, 0, 0],
  upvotes,
  comments,
  ageHours: 24,
});

describe('hourRelativeTargets', () => {
  it('scores rows against their own hour only, so a day of inflated votes teaches the same order', () => {
    const calm = [1, 2, 3, 4].map((v, i) => row(`a${i}`, `2026-01-01T10:0${i}:00.000Z`, v));
    const inflated = [100, 200, 300, 400].map((v, i) => row(`b${i}`, `2026-01-02T10:0${i}:00.000Z`, v));
    const t = hourRelativeTargets([...calm, ...inflated]);
    expect(Array.from(t.up.slice(0, 4))).toEqual(Array.from(t.up.slice(4)));
    expect(t.up[0]).toBeLessThan(0);
    expect(t.up[3]).toBeGreaterThan(0);
    expect((t.up[0] as number) + (t.up[3] as number)).toBeCloseTo(0);
  });
  it('gives a lone post of its hour 0, ties the same score, and shrinks small hours', () => {
    const t = hourRelativeTargets([
      row('x', '2026-01-01T10:00:00.000Z', 50),
      row('y', '2026-01-01T11:00:00.000Z', 3, 1),
      row('z', '2026-01-01T11:10:00.000Z', 3, 9),
    ]);
    expect(t.up[0]).toBeCloseTo(0);
    expect(t.up[1]).toBe(t.up[2]);
    // two rows: percentiles ¼ and ¾, shrunk by 2 / (2 + 2)
    expect(t.com[2]).toBeCloseTo(0.6745 / 2, 3);
  });
});
