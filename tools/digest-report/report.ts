import { mean } from 'simple-statistics';
import { contradictions } from './contradictions.ts';
import { genericLabels, storyCoverage, unlinkedDiscussions } from './hour-figures.ts';
import { byHour, narrativeSeries, toneChanges } from './series.ts';
import type { ContradictionKind, HourReport, Report, ReportHour } from './types.ts';

const KINDS: readonly ContradictionKind[] = [
  'gone-but-present',
  'two-statuses',
  'top-topic-fading',
  'text-says-gone',
  'title-names-fading',
  'shift-against-numbers',
  'anomaly-without-warning',
];

/** The report's figures for one hour. */
export function reportHour(hour: ReportHour): HourReport {
  return {
    hourStart: hour.digest.hourStart,
    title: hour.digest.title,
    tone: hour.digest.overallSentiment,
    contradictions: contradictions(hour),
    genericLabels: genericLabels(hour),
    hotDiscussions: hour.digest.hotDiscussions.length,
    unlinkedDiscussions: unlinkedDiscussions(hour),
    storyCoverage: storyCoverage(hour),
    hasSignals: hour.signals !== undefined,
  };
}

/**
 * What a reader would find wrong or weak in a run of published digests: contradictions, generic labels,
 * unlinked hot discussions, tone-word churn, narrative status flip-flops and how much of each hour sits in
 * a named story. Pure: the hours are read by the caller; their order does not matter.
 */
export function reportDigests(hours: readonly ReportHour[]): Report {
  const sorted = byHour(hours);
  const perHour = sorted.map(reportHour);
  const byKind = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ContradictionKind, number>;
  for (const h of perHour) for (const c of h.contradictions) byKind[c.kind]++;
  const series = narrativeSeries(sorted);
  const shares = perHour.flatMap((h) => (h.storyCoverage?.share == null ? [] : [h.storyCoverage.share]));
  const sum = (f: (h: HourReport) => number) => perHour.reduce((s, h) => s + f(h), 0);
  return {
    from: perHour[0]?.hourStart ?? null,
    to: perHour.at(-1)?.hourStart ?? null,
    hours: perHour,
    totals: {
      hours: perHour.length,
      contradictions: sum((h) => h.contradictions.length),
      contradictionsByKind: byKind,
      genericLabels: sum((h) => h.genericLabels.length),
      hotDiscussions: sum((h) => h.hotDiscussions),
      unlinkedDiscussions: sum((h) => h.unlinkedDiscussions.length),
      toneChanges: toneChanges(sorted),
      narratives: series.length,
      reversals: series.reduce((s, n) => s + n.reversals, 0),
      flipFlops: series.filter((n) => n.reversals > 0),
      meanStoryCoverage: shares.length === 0 ? null : mean(shares),
      hoursWithoutStories: perHour.filter((h) => h.storyCoverage === null).length,
    },
  };
}
