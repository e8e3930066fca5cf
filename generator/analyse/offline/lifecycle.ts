import type { HourSignals, NarrativeSignal, PreviousHour } from '../types.ts';
import type { NarrativeDraft } from './narratives.ts';

/** Thresholds of the narrative lifecycle (see `narrativeLifecycle`). */
export interface LifecycleOptions {
  /** Term-set similarity (Dice) at or above which two narratives are the same one. */
  readonly matchThreshold?: number;
  /** How far back (hours) a narrative is remembered. */
  readonly lookbackHours?: number;
  /** Relative share growth over the previous hour that makes a known narrative emerging again (1 = doubled). */
  readonly growth?: number;
  /** Absolute share growth also required for that (keeps 1 → 2 posts from counting as a surge). */
  readonly minGrowthShare?: number;
  /** Relative share drop against the previous hour that makes a narrative fading (0.5 = halved). */
  readonly decline?: number;
}

const HOUR_MS = 3_600_000;
const MATCH_TERMS = 8;

/**
 * Similarity of two narratives' term sets: the Dice coefficient 2·|A ∩ B| / (|A| + |B|) over each one's 8
 * strongest terms. It is 0 unless at least two terms are shared (or all of a one-term set), so one common
 * word never links two themes.
 */
export function termSimilarity(a: readonly string[], b: readonly string[]): number {
  const A = new Set(a.slice(0, MATCH_TERMS));
  const B = new Set(b.slice(0, MATCH_TERMS));
  const smaller = Math.min(A.size, B.size);
  if (smaller === 0) return 0;
  let shared = 0;
  for (const t of A) if (B.has(t)) shared++;
  if (shared < Math.min(2, smaller)) return 0;
  return (2 * shared) / (A.size + B.size);
}

/**
 * Gives each of this hour's narratives a lifecycle status by comparing with earlier hours' signals.
 *
 * Definitions (defaults in brackets):
 * - **match**: a current narrative and an earlier one are the same when `termSimilarity` ≥ threshold [0.35];
 *   pairs are matched one to one, most similar first.
 * - The **previous hour** is the newest earlier hour with signals within the lookback window [6 h]; only
 *   its narratives that still had posts are candidates.
 * - **emerging**: no match in the previous hour (new, or back after a gap: a match in an older hour of the
 *   window keeps that narrative's label and firstSeen); or matched but its share grew by ≥ `growth`
 *   [100%] and by ≥ `minGrowthShare` [2 points].
 * - **fading**: matched but its share fell by ≥ `decline` [50%]; or a narrative of the previous hour that
 *   had posts and has no match now: it is listed once more as fading with 0 posts and then drops out.
 * - **continuing**: matched in the previous hour and neither emerging nor fading.
 * A matched narrative keeps the earlier `label` and `firstSeen`, so timelines can follow it; a new one is
 * first seen this hour. With no earlier signals every narrative is emerging.
 * Returned order: this hour's narratives (input order), then the vanished ones (previous hour's order).
 */
export function narrativeLifecycle(
  current: readonly NarrativeDraft[],
  hourStart: string,
  previous: readonly PreviousHour[],
  options: LifecycleOptions = {},
): NarrativeSignal[] {
  const {
    matchThreshold = 0.35,
    lookbackHours = 6,
    growth = 1,
    minGrowthShare = 0.02,
    decline = 0.5,
  } = options;
  const now = Date.parse(hourStart);
  const window = previous
    .map((p) => p.signals)
    .filter((s): s is HourSignals => s !== null)
    .filter((s) => {
      const age = now - Date.parse(s.hourStart);
      return age > 0 && age <= lookbackHours * HOUR_MS;
    })
    .sort((a, b) => Date.parse(b.hourStart) - Date.parse(a.hourStart));
  const last = window[0];
  const lastActive = last ? last.narratives.filter((n) => n.posts > 0) : [];

  const matchedLast = matchOneToOne(current, lastActive, matchThreshold);
  const usedLabels = new Set<string>();
  const out: (NarrativeSignal | null)[] = current.map(() => null);

  current.forEach((draft, i) => {
    const prev = matchedLast.get(i);
    if (!prev) return;
    let status: NarrativeSignal['status'] = 'continuing';
    if (draft.share >= prev.share * (1 + growth) && draft.share - prev.share >= minGrowthShare)
      status = 'emerging';
    else if (draft.share <= prev.share * (1 - decline)) status = 'fading';
    usedLabels.add(prev.label);
    out[i] = signal(draft, prev.label, prev.firstSeen, status);
  });

  // Unmatched: back after a gap (an older match keeps its identity) or new.
  const older = window.slice(1).flatMap((s) => s.narratives);
  if (last) older.unshift(...last.narratives.filter((n) => n.posts === 0));
  current.forEach((draft, i) => {
    if (out[i]) return;
    let best: NarrativeSignal | undefined;
    let bestSim = matchThreshold;
    for (const old of older) {
      if (usedLabels.has(old.label)) continue;
      const sim = termSimilarity(draft.terms, old.terms);
      if (sim >= bestSim && (!best || sim > bestSim)) {
        best = old;
        bestSim = sim;
      }
    }
    if (best) {
      usedLabels.add(best.label);
      out[i] = signal(draft, best.label, best.firstSeen, 'emerging');
    }
  });
  current.forEach((draft, i) => {
    if (out[i]) return;
    const label = freshLabel(draft, usedLabels);
    if (label === null) return;
    usedLabels.add(label);
    out[i] = signal(draft, label, hourStart, 'emerging');
  });

  const matchedPrev = new Set(matchedLast.values());
  const vanished = lastActive
    .filter((n) => !matchedPrev.has(n) && !usedLabels.has(n.label))
    .map((n): NarrativeSignal => ({ ...n, share: 0, posts: 0, status: 'fading' }));
  return [...out.filter((s): s is NarrativeSignal => s !== null), ...vanished];
}

/**
 * A new narrative's own label, or, when a matched narrative already carries that label, its first part
 * joined to its first term not already in it (`skill & attack`); null (the theme is dropped as a duplicate) when there is none.
 */
function freshLabel(draft: NarrativeDraft, used: ReadonlySet<string>): string | null {
  if (!used.has(draft.label)) return draft.label;
  const extra = draft.terms.find((t) => !draft.label.includes(t));
  const widened = extra ? `${draft.label.split(' & ')[0]} & ${extra}` : null;
  return widened && !used.has(widened) ? widened : null;
}

function signal(
  draft: NarrativeDraft,
  label: string,
  firstSeen: string,
  status: NarrativeSignal['status'],
): NarrativeSignal {
  return { label, terms: [...draft.terms], share: draft.share, posts: draft.posts, firstSeen, status };
}

/** Greedy one-to-one matching, most similar pair first; ties by current index, then previous index. */
function matchOneToOne(
  current: readonly NarrativeDraft[],
  previous: readonly NarrativeSignal[],
  threshold: number,
): Map<number, NarrativeSignal> {
  const pairs: { i: number; j: number; sim: number }[] = [];
  current.forEach((c, i) => {
    previous.forEach((p, j) => {
      const sim = termSimilarity(c.terms, p.terms);
      if (sim >= threshold) pairs.push({ i, j, sim });
    });
  });
  pairs.sort((a, b) => b.sim - a.sim || a.i - b.i || a.j - b.j);
  const out = new Map<number, NarrativeSignal>();
  const taken = new Set<number>();
  for (const { i, j } of pairs) {
    if (out.has(i) || taken.has(j)) continue;
    const p = previous[j];
    if (!p) continue;
    out.set(i, p);
    taken.add(j);
  }
  return out;
}

/** Labels by status, in the order the digest lists them (this hour's largest share first). */
export function narrativeLists(signals: readonly NarrativeSignal[]): {
  emerging: string[];
  continuing: string[];
  fading: string[];
} {
  const by = (status: NarrativeSignal['status']): string[] =>
    signals.filter((s) => s.status === status).map((s) => s.label);
  return { emerging: by('emerging'), continuing: by('continuing'), fading: by('fading') };
}
