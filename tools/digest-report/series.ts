import { HOUR_MS } from '../../core/hours.ts';
import { labelKey } from './names.ts';
import type { NarrativeSeries, ReportHour } from './types.ts';

/** Hours sorted oldest first (the input's order is not trusted). */
export function byHour(hours: readonly ReportHour[]): ReportHour[] {
  return [...hours].sort((a, b) => Date.parse(a.digest.hourStart) - Date.parse(b.digest.hourStart));
}

/**
 * Tone-word changes between digests exactly one hour apart: how many such pairs there are and in how
 * many `overallSentiment` differs (case-insensitive). A gap in the published hours breaks the chain.
 */
export function toneChanges(hours: readonly ReportHour[]): {
  pairs: number;
  changed: number;
  share: number | null;
} {
  const sorted = byHour(hours);
  let pairs = 0;
  let changed = 0;
  for (let i = 1; i < sorted.length; i++) {
    const a = sorted[i - 1]?.digest;
    const b = sorted[i]?.digest;
    if (!a || !b || Date.parse(b.hourStart) - Date.parse(a.hourStart) !== HOUR_MS) continue;
    pairs++;
    if (a.overallSentiment.trim().toLowerCase() !== b.overallSentiment.trim().toLowerCase()) changed++;
  }
  return { pairs, changed, share: pairs === 0 ? null : changed / pairs };
}

const LETTER = { emerging: 'E', continuing: 'C', fading: 'F' } as const;
type Status = keyof typeof LETTER;

/**
 * The narratives of one hour with their status: from the signals when published (keyed by id, else by
 * label), else from the digest's three lists (keyed by label). A key seen twice keeps its first status.
 */
function hourStatuses(hour: ReportHour): Map<string, { label: string; status: Status }> {
  const out = new Map<string, { label: string; status: Status }>();
  const add = (key: string, label: string, status: Status) => {
    if (!out.has(key)) out.set(key, { label, status });
  };
  if (hour.signals) {
    for (const n of hour.signals.narratives)
      add(n.id !== undefined ? `id:${n.id}` : `label:${labelKey(n.label)}`, n.label, n.status);
    return out;
  }
  const d = hour.digest;
  const lists: [Status, readonly string[]][] = [
    ['emerging', d.emergingNarratives],
    ['continuing', d.continuingNarratives],
    ['fading', d.fadingNarratives],
  ];
  for (const [status, labels] of lists) for (const l of labels) add(`label:${labelKey(l)}`, l, status);
  return out;
}

/** Hours within which a return to an earlier status counts as a reversal. */
export const REVERSAL_WINDOW = 3;

/**
 * Reversals in a status sequence (one letter per hour, `-` when absent): a change from the previous
 * hour to a status the narrative already had at most `REVERSAL_WINDOW` hours before (E,F,E or C,F,F,C).
 */
export function countReversals(sequence: readonly string[]): number {
  let n = 0;
  for (let i = 1; i < sequence.length; i++) {
    const now = sequence[i];
    const prev = sequence[i - 1];
    if (now === '-' || prev === '-' || now === prev) continue;
    for (let back = 2; back <= REVERSAL_WINDOW && i - back >= 0; back++)
      if (sequence[i - back] === now) {
        n++;
        break;
      }
  }
  return n;
}

/**
 * Every narrative's status sequence over the hours, from its first to its last appearance (`-` for an
 * hour without it, or without a digest), with its reversals; most reversals first.
 */
export function narrativeSeries(hours: readonly ReportHour[]): NarrativeSeries[] {
  const sorted = byHour(hours);
  const first = sorted[0];
  if (!first) return [];
  const start = Date.parse(first.digest.hourStart);
  const tracks = new Map<string, { label: string; at: Map<number, string> }>();
  for (const hour of sorted) {
    const index = Math.round((Date.parse(hour.digest.hourStart) - start) / HOUR_MS);
    for (const [key, { label, status }] of hourStatuses(hour)) {
      const track = tracks.get(key) ?? { label, at: new Map<number, string>() };
      track.label = label;
      track.at.set(index, LETTER[status]);
      tracks.set(key, track);
    }
  }
  const out: NarrativeSeries[] = [];
  for (const [key, { label, at }] of tracks) {
    const indices = [...at.keys()];
    const lo = Math.min(...indices);
    const hi = Math.max(...indices);
    const sequence: string[] = [];
    for (let i = lo; i <= hi; i++) sequence.push(at.get(i) ?? '-');
    out.push({ key, label, sequence, reversals: countReversals(sequence) });
  }
  return out.sort((a, b) => b.reversals - a.reversals || a.label.localeCompare(b.label));
}
