import type { HourSignals, NarrativeSignal } from '../../core/schemas/signals.ts';

/** The part of an hour's signals the timeline reads. */
export type TimelineInput = Pick<HourSignals, 'hourStart'> & {
  readonly narratives: ReadonlyArray<
    Pick<NarrativeSignal, 'label' | 'firstSeen' | 'status' | 'share'> & { readonly id?: string | undefined }
  >;
};

/** A narrative in one hour of the timeline. */
export interface TimelineCell {
  readonly hourStart: string;
  readonly status: 'emerging' | 'continuing' | 'fading';
  readonly share: number;
}

/** One narrative's life across the window: when it emerged, how long it lasted, when it faded. */
export interface NarrativeTrack {
  /** Stable identity: the analyser's narrative id, or (older signals) label plus first-seen hour. */
  readonly key: string;
  /** The analyser's stable narrative id, when the signals carry one. */
  readonly id: string | undefined;
  /** The label of its latest hour. */
  readonly label: string;
  /** Hour it was first seen (may be before the window). */
  readonly firstSeen: string;
  /** Hours of the window it appears in, oldest first. */
  readonly cells: readonly TimelineCell[];
  /** Last hour it appears in. */
  readonly lastSeen: string;
  readonly peakShare: number;
  readonly peakHour: string;
  /** Hour it was last seen, when it was fading then (a narrative that recovered has not faded). */
  readonly fadedAt: string | undefined;
  /** Present in the latest hour of the window and not fading there. */
  readonly active: boolean;
}

/** The timeline of a window of hours. */
export interface NarrativeTimeline {
  /** Every hour of the window that has signals, oldest first. */
  readonly hours: readonly string[];
  /** Narratives, the most recently emerged first. */
  readonly tracks: readonly NarrativeTrack[];
  /** How many narratives there were before `limit` kept the most prominent. */
  readonly total: number;
}

/**
 * Follows each narrative through the hours' signals (oldest first): a narrative is the same while its id
 * stays the same (older signals without ids: while its label and first-seen hour stay the same). Keeps
 * the `limit` narratives with the highest peak share, then orders them by emergence, newest first.
 */
export function narrativeTimeline(signals: readonly TimelineInput[], limit = 40): NarrativeTimeline {
  const ordered = [...signals].sort((a, b) => a.hourStart.localeCompare(b.hourStart));
  const cellsByKey = new Map<
    string,
    { id: string | undefined; label: string; firstSeen: string; cells: TimelineCell[] }
  >();
  for (const hour of ordered) {
    for (const n of hour.narratives) {
      const firstSeen = new Date(n.firstSeen).toISOString();
      const key = n.id ?? `${n.label}\u0000${firstSeen}`;
      let entry = cellsByKey.get(key);
      if (!entry) {
        entry = { id: n.id, label: n.label, firstSeen, cells: [] };
        cellsByKey.set(key, entry);
      }
      entry.label = n.label;
      entry.cells.push({ hourStart: hour.hourStart, status: n.status, share: n.share });
    }
  }
  const latest = ordered.at(-1)?.hourStart;
  const tracks = [...cellsByKey.entries()].map(([key, { id, label, firstSeen, cells }]): NarrativeTrack => {
    const peak = cells.reduce((best, c) => (c.share > best.share ? c : best), cells[0] as TimelineCell);
    const last = cells.at(-1) as TimelineCell;
    return {
      key,
      id,
      label,
      firstSeen,
      cells,
      lastSeen: last.hourStart,
      peakShare: peak.share,
      peakHour: peak.hourStart,
      fadedAt: last.status === 'fading' ? last.hourStart : undefined,
      active: last.hourStart === latest && last.status !== 'fading',
    };
  });
  const kept = [...tracks]
    .sort((a, b) => b.peakShare - a.peakShare || a.key.localeCompare(b.key))
    .slice(0, limit)
    .sort((a, b) => b.firstSeen.localeCompare(a.firstSeen) || a.label.localeCompare(b.label));
  return { hours: ordered.map((s) => s.hourStart), tracks: kept, total: tracks.length };
}
