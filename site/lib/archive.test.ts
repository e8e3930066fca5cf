import { describe, expect, it } from 'vitest';
import type { DigestSummary } from './archive.ts';
import {
  dayPagePath,
  groupByDay,
  groupDaysByMonth,
  hourHref,
  hourPagePath,
  inWindow,
  windowStart,
} from './archive.ts';

const s = (hourStart: string) => ({ hourStart }) as DigestSummary;

describe('archive helpers', () => {
  it('builds stable hour and day paths', () => {
    expect(hourPagePath('2026-01-29T07:00:00.000Z')).toBe('/digests/2026/01/29/07/');
    expect(dayPagePath('2026-01-29')).toBe('/archive/2026/01/29/');
  });

  it('groups hours by UTC day and days by month', () => {
    const days = groupByDay([
      s('2026-02-01T01:00:00.000Z'),
      s('2026-01-31T23:00:00.000Z'),
      s('2026-02-01T00:00:00.000Z'),
    ]);
    expect(days.map((d) => [d.day, d.hours.length])).toEqual([
      ['2026-01-31', 1],
      ['2026-02-01', 2],
    ]);
    expect(days[1]?.hours[0]?.hourStart).toBe('2026-02-01T00:00:00.000Z');
    expect(groupDaysByMonth(days).map((m) => m.month)).toEqual(['2026-02', '2026-01']);
  });

  it('windows the last N days ending with the latest hour', () => {
    const start = windowStart('2026-01-30T23:00:00.000Z', 1);
    expect(start).toBe('2026-01-30T00:00:00.000Z');
    expect(inWindow('2026-01-30T00:00:00.000Z', start)).toBe(true);
    expect(inWindow('2026-01-29T23:00:00.000Z', start)).toBe(false);
  });

  it('links an hour to its page inside the window and to its day entry outside it', () => {
    const start = '2026-01-30T00:00:00.000Z';
    expect(hourHref('2026-01-30T05:00:00.000Z', start)).toBe('/digests/2026/01/30/05/');
    expect(hourHref('2026-01-29T05:00:00.000Z', start)).toBe('/archive/2026/01/29/#h05');
  });
});
