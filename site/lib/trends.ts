import { mean } from 'simple-statistics';
import type { HourSignals } from '../../core/schemas/signals.ts';
import type { DigestSummary } from './archive.ts';
import type { ChartPoint, ChartSeries } from './charts.ts';
import { formatInt, formatScore, formatShare, formatShortDay } from './format.ts';

const HOUR_MS = 3_600_000;

/** One UTC day of the trend window, for the charts' text alternative. */
export interface DailyTrend {
  readonly day: string;
  /** Hours of the day that have a digest. */
  readonly hours: number;
  readonly totalPosts: number;
  readonly qualityPosts: number;
  /** qualityPosts / totalPosts over the day; null when no posts. */
  readonly qualityRatio: number | null;
  /** Mean of the hours' mean compound scores; null when no hour has signals. */
  readonly meanSentiment: number | null;
}

/**
 * Hours the charts cover, following the history there is: the last 24 hours while at most a day is
 * published, then whole days up to `maxDays`.
 */
export function trendWindowHours(firstHourStart: string, latestHourStart: string, maxDays: number): number {
  const span = Math.round((Date.parse(latestHourStart) - Date.parse(firstHourStart)) / HOUR_MS) + 1;
  if (span <= 24) return 24;
  return Math.min(maxDays * 24, Math.ceil(span / 24) * 24);
}

/** `the last 24 hours`, `the last 3 days` of a window of hours. */
export function windowLabel(hours: number): string {
  return hours <= 24 ? `the last ${hours} hours` : `the last ${Math.round(hours / 24)} days`;
}

/** The three chart series sets and their words. */
export interface Trends {
  /** Every hour of the window, oldest first (with or without a digest). */
  readonly hours: readonly string[];
  /** `the last 24 hours` / `the last 7 days`. */
  readonly label: string;
  readonly volume: readonly ChartSeries[];
  readonly quality: readonly ChartSeries[];
  readonly sentiment: readonly ChartSeries[];
  readonly days: readonly DailyTrend[];
  readonly describe: { readonly volume: string; readonly quality: string; readonly sentiment: string };
}

/** The mean (simple-statistics), or null for no values. */
function meanOrNull(values: readonly number[]): number | null {
  return values.length ? mean(values) : null;
}

function range(points: readonly ChartPoint[]): { min: number; max: number; mean: number } | null {
  const values = points.flatMap((p) => (p.value === null ? [] : [p.value]));
  if (!values.length) return null;
  return { min: Math.min(...values), max: Math.max(...values), mean: mean(values) };
}

/**
 * The last `windowHours` hours up to `latestHourStart` (see `trendWindowHours`): post volume (scraped and
 * quality posts per hour), the quality ratio, and sentiment (mean compound score from the hours'
 * signals), with one point per hour (null where the hour is missing), a table of the days that have
 * digests, and a sentence per chart for readers who cannot see it.
 */
export function buildTrends(
  summaries: readonly DigestSummary[],
  signals: ReadonlyArray<Pick<HourSignals, 'hourStart' | 'meanCompound'>>,
  latestHourStart: string,
  windowHours: number,
): Trends {
  const end = Date.parse(latestHourStart);
  const start = end - (windowHours - 1) * HOUR_MS;
  const hours: string[] = [];
  for (let t = start; t <= end; t += HOUR_MS) hours.push(new Date(t).toISOString());
  const byHour = new Map(summaries.map((s) => [s.hourStart, s]));
  const mood = new Map(signals.map((s) => [s.hourStart, s.meanCompound]));
  const points = (value: (iso: string) => number | null | undefined): ChartPoint[] =>
    hours.map((hourStart) => ({ hourStart, value: value(hourStart) ?? null }));
  const total = points((h) => byHour.get(h)?.totalPosts);
  const quality = points((h) => byHour.get(h)?.qualityPosts);
  const ratio = points((h) => {
    const s = byHour.get(h);
    return s && s.totalPosts > 0 ? s.qualityPosts / s.totalPosts : null;
  });
  const sentiment = points((h) => mood.get(h));

  const dayKeys = [...new Set(hours.map((h) => h.slice(0, 10)))];
  const daily = dayKeys.flatMap((day): DailyTrend[] => {
    const inDay = hours.filter((h) => h.startsWith(day));
    const digests = inDay.flatMap((h) => byHour.get(h) ?? []);
    const totalPosts = digests.reduce((a, d) => a + d.totalPosts, 0);
    const qualityPosts = digests.reduce((a, d) => a + d.qualityPosts, 0);
    if (digests.length === 0) return [];
    return [
      {
        day,
        hours: digests.length,
        totalPosts,
        qualityPosts,
        qualityRatio: totalPosts > 0 ? qualityPosts / totalPosts : null,
        meanSentiment: meanOrNull(inDay.flatMap((h) => mood.get(h) ?? [])),
      },
    ];
  });

  const first = hours[0] ?? latestHourStart;
  const period =
    windowHours <= 24
      ? `from ${formatShortDay(first)} ${first.slice(11, 16)} to ${formatShortDay(latestHourStart)} ${latestHourStart.slice(11, 16)} UTC`
      : `from ${formatShortDay(first)} to ${formatShortDay(latestHourStart)}`;
  const t = range(total);
  const r = range(ratio);
  const m = range(sentiment);
  return {
    hours,
    label: windowLabel(windowHours),
    volume: [
      { name: 'Posts scraped', className: 'series-a', points: total },
      { name: 'Quality posts', className: 'series-b', points: quality },
    ],
    quality: [{ name: 'Quality ratio', className: 'series-b', points: ratio }],
    sentiment: [{ name: 'Mean sentiment', className: 'series-c', points: sentiment }],
    days: daily,
    describe: {
      volume: t
        ? `Posts scraped per hour ${period}: between ${formatInt(t.min)} and ${formatInt(t.max)}, ${formatInt(t.mean)} on average.`
        : `No digests ${period}.`,
      quality: r
        ? `Share of posts that passed the quality filter per hour ${period}: between ${formatShare(r.min)} and ${formatShare(r.max)}, ${formatShare(r.mean)} on average.`
        : `No digests ${period}.`,
      sentiment: m
        ? `Mean sentiment score per hour (−1 negative to +1 positive) ${period}: between ${formatScore(m.min)} and ${formatScore(m.max)}, ${formatScore(m.mean)} on average.`
        : `No sentiment signals ${period}.`,
    },
  };
}
