import type { Digest } from '../../core/schemas/digest.ts';
import { SAMPLE_FIELDS } from '../../core/schemas/digest.ts';

/** What day pages, charts and the feed need of every hour: the sample's fields. */
export type DigestSummary = Pick<Digest, (typeof SAMPLE_FIELDS)[number]>;

/** A digest reduced to its summary fields (drops the long analysis so a year fits in memory). */
export function summarise(digest: Digest): DigestSummary {
  const out: Record<string, unknown> = {};
  for (const field of SAMPLE_FIELDS) out[field] = digest[field];
  return out as DigestSummary;
}

/** A UTC calendar day, `YYYY-MM-DD`. */
export type DayKey = string;

/** The UTC day an ISO date-time falls on. */
export function dayKey(iso: string): DayKey {
  return iso.slice(0, 10);
}

/** Path of the stable page of one hour: `/digests/YYYY/MM/DD/HH/`. */
export function hourPagePath(hourStart: string): string {
  return `/digests/${hourStart.slice(0, 4)}/${hourStart.slice(5, 7)}/${hourStart.slice(8, 10)}/${hourStart.slice(11, 13)}/`;
}

/** Path of a day's archive page: `/archive/YYYY/MM/DD/`. */
export function dayPagePath(day: DayKey): string {
  return `/archive/${day.slice(0, 4)}/${day.slice(5, 7)}/${day.slice(8, 10)}/`;
}

/** One day of the archive, its hours oldest first. */
export interface ArchiveDay {
  readonly day: DayKey;
  readonly hours: readonly DigestSummary[];
}

/** Groups summaries (any order) by UTC day; days oldest first, hours oldest first within a day. */
export function groupByDay(summaries: readonly DigestSummary[]): ArchiveDay[] {
  const byDay = new Map<DayKey, DigestSummary[]>();
  for (const s of [...summaries].sort((a, b) => a.hourStart.localeCompare(b.hourStart))) {
    const key = dayKey(s.hourStart);
    const list = byDay.get(key);
    if (list) list.push(s);
    else byDay.set(key, [s]);
  }
  return [...byDay.entries()].map(([day, hours]) => ({ day, hours }));
}

/** Days grouped by month (`YYYY-MM`), newest month first, days newest first. */
export function groupDaysByMonth(days: readonly ArchiveDay[]): Array<{ month: string; days: ArchiveDay[] }> {
  const byMonth = new Map<string, ArchiveDay[]>();
  for (const d of [...days].sort((a, b) => b.day.localeCompare(a.day))) {
    const key = d.day.slice(0, 7);
    const list = byMonth.get(key);
    if (list) list.push(d);
    else byMonth.set(key, [d]);
  }
  return [...byMonth.entries()].map(([month, monthDays]) => ({ month, days: monthDays }));
}

/**
 * Start (inclusive, ISO) of the window of `days` days that ends with the hour `latestHourStart`:
 * the hours from there on get their own page.
 */
export function windowStart(latestHourStart: string, days: number): string {
  return new Date(Date.parse(latestHourStart) - (days * 24 - 1) * 3_600_000).toISOString();
}

/** Whether an hour falls in the window that starts at `start` (both ISO, compared as instants). */
export function inWindow(hourStart: string, start: string): boolean {
  return Date.parse(hourStart) >= Date.parse(start);
}

/**
 * Where to link an hour: its own page when it is in the hour-page window, otherwise its entry on its
 * day page (`/archive/YYYY/MM/DD/#hHH`).
 */
export function hourHref(hourStart: string, pageWindowStart: string | undefined): string {
  if (pageWindowStart && inWindow(hourStart, pageWindowStart)) return hourPagePath(hourStart);
  return `${dayPagePath(dayKey(hourStart))}#h${hourStart.slice(11, 13)}`;
}
