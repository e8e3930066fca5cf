import { describe, expect, it } from 'vitest';
import type { DigestSummary } from './archive.ts';
import { buildTrends, trendWindowHours, windowLabel } from './trends.ts';

const h = (day: number, hour: number) => new Date(Date.UTC(2026, 0, day, hour)).toISOString();
const summary = (hourStart: string, totalPosts: number, qualityPosts: number): DigestSummary => ({
  id: '3f2b8c1e-8a4d-8b2c-9d3e-0a1b2c3d4e5f',
  hourStart,
  hourEnd: new Date(Date.parse(hourStart) + 3_600_000).toISOString(),
  title: 't',
  summary: 's',
  totalPosts,
  qualityPosts,
  topTopics: [],
  overallSentiment: 'calm',
  createdAt: hourStart,
});

describe('buildTrends', () => {
  const summaries = [summary(h(27, 23), 100, 50), summary(h(28, 0), 200, 50), summary(h(28, 2), 400, 100)];
  const signals = [
    { hourStart: h(28, 0), narratives: [], meanCompound: 0.2 },
    { hourStart: h(28, 2), narratives: [], meanCompound: -0.4 },
  ];
  const trends = buildTrends(summaries, signals, h(28, 2), 24);

  it('has one point per hour of the window, null where an hour is missing', () => {
    expect(trends.hours).toHaveLength(24);
    expect(trends.hours[0]).toBe(h(27, 3));
    const scraped = trends.volume[0]?.points.map((p) => p.value).slice(-4);
    expect(scraped).toEqual([100, 200, null, 400]);
    expect(trends.quality[0]?.points.at(-1)?.value).toBe(0.25);
    expect(trends.sentiment[0]?.points.at(-1)?.value).toBe(-0.4);
  });

  it('lists only the days that have digests', () => {
    const week = buildTrends(summaries, signals, h(28, 2), 7 * 24);
    expect(week.days.map((d) => d.day)).toEqual(['2026-01-27', '2026-01-28']);
    expect(week.label).toBe('the last 7 days');
    expect(trends.label).toBe('the last 24 hours');
  });

  it('sums each UTC day for the text alternative', () => {
    expect(trends.days).toEqual([
      {
        day: '2026-01-27',
        hours: 1,
        totalPosts: 100,
        qualityPosts: 50,
        qualityRatio: 0.5,
        meanSentiment: null,
      },
      {
        day: '2026-01-28',
        hours: 2,
        totalPosts: 600,
        qualityPosts: 150,
        qualityRatio: 0.25,
        meanSentiment: expect.closeTo(-0.1, 10),
      },
    ]);
  });

  it('describes each chart in words', () => {
    expect(trends.describe.volume).toMatch(/between 100 and 400, 233 on average/);
    expect(trends.describe.quality).toMatch(/between 25% and 50%/);
    expect(trends.describe.sentiment).toMatch(/between −0.40 and \+0.20/);
  });
});

describe('trendWindowHours', () => {
  it.each([
    [h(28, 2), h(28, 2), 24],
    [h(27, 3), h(28, 2), 24],
    [h(27, 2), h(28, 2), 48],
    [h(25, 0), h(28, 2), 96],
    [h(1, 0), h(28, 2), 168],
  ])('from %s to %s: %i hours', (first, latest, hours) => {
    expect(trendWindowHours(first, latest, 7)).toBe(hours);
  });

  it('names the window in words', () => {
    expect(windowLabel(24)).toBe('the last 24 hours');
    expect(windowLabel(72)).toBe('the last 3 days');
  });
});
