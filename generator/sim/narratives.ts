import { hash2, hash3, Rng } from './hash.ts';
import { THEMES } from './themes.ts';
import type { Theme, ThemeAngle } from './types.ts';

/** Narratives are born in 6-hour epochs, so any hour's narratives follow from a few epochs' seeds. */
export const EPOCH_HOURS = 6;
/** Narratives born per epoch. */
const SLOTS_PER_EPOCH = 2;
/** Longest life of a narrative, in hours. */
export const MAX_LIFETIME_HOURS = 36;
/** Shortest life of a narrative, in hours. */
export const MIN_LIFETIME_HOURS = 3;

/** One narrative: a theme seen from one angle, alive for a few hours. */
export interface Narrative {
  /** Stable id, e.g. `memory-persistence-81234`. */
  readonly id: string;
  readonly theme: Theme;
  readonly angle: ThemeAngle;
  /** What an observer would call it. */
  readonly label: string;
  /** Its strongest words (lower-case). */
  readonly terms: readonly string[];
  /** Hour number (hours since the Unix epoch) of its first hour. */
  readonly bornHour: number;
  readonly lifetimeHours: number;
  readonly riseHours: number;
  readonly fadeHours: number;
  /** Heat on the plateau. */
  readonly peak: number;
}

/** Where a narrative stands in a given hour. */
export type NarrativePhase = 'rising' | 'plateau' | 'fading';

/** A narrative alive in a given hour, with its heat then. */
export interface ActiveNarrative {
  readonly narrative: Narrative;
  /** > 0; share of voice relative to other narratives and evergreen chatter. */
  readonly heat: number;
  readonly phase: NarrativePhase;
}

const permCache = new Map<number, readonly number[]>();

/** A seeded permutation of the themes; slot s gets theme perm[s mod T], so a theme never overlaps itself. */
function themeOrder(seed: number): readonly number[] {
  const hit = permCache.get(seed);
  if (hit) return hit;
  const order = THEMES.map((_, i) => i);
  const rng = new Rng(hash2(seed, 0x7e3e));
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j] as number, order[i] as number];
  }
  permCache.set(seed, order);
  return order;
}

/** The narrative born in `slot` (epoch × SLOTS_PER_EPOCH + j) of the world of `seed`. */
export function narrativeOfSlot(seed: number, slot: number): Narrative {
  const rng = new Rng(hash3(seed, slot, 0x4a77));
  const theme = THEMES[themeOrder(seed)[slot % THEMES.length] as number] as Theme;
  const angle = rng.pick(theme.angles);
  const epoch = Math.floor(slot / SLOTS_PER_EPOCH);
  const span = MAX_LIFETIME_HOURS - MIN_LIFETIME_HOURS;
  const lifetimeHours = MIN_LIFETIME_HOURS + Math.floor(rng.next() ** 1.3 * (span + 1));
  const riseHours = Math.max(1, Math.round(lifetimeHours * (0.2 + 0.15 * rng.next())));
  const fadeHours = Math.max(
    1,
    Math.min(lifetimeHours - riseHours, Math.round(lifetimeHours * (0.3 + 0.2 * rng.next()))),
  );
  return {
    id: `${theme.key}-${slot}`,
    theme,
    angle,
    label: angle.label,
    terms: [angle.entity.toLowerCase(), ...theme.terms.slice(0, 6).map((t) => t.toLowerCase())],
    bornHour: epoch * EPOCH_HOURS + rng.int(EPOCH_HOURS),
    lifetimeHours,
    riseHours,
    fadeHours,
    peak: 0.5 + 1.1 * rng.next(),
  };
}

/** Heat and phase of a narrative at an hour number; heat 0 outside its life. */
export function narrativeHeat(n: Narrative, hourNumber: number): { heat: number; phase: NarrativePhase } {
  const x = hourNumber - n.bornHour;
  if (x < 0 || x >= n.lifetimeHours) return { heat: 0, phase: 'fading' };
  const plateauEnd = n.lifetimeHours - n.fadeHours;
  if (x < n.riseHours) return { heat: (n.peak * (x + 1)) / (n.riseHours + 1), phase: 'rising' };
  if (x < plateauEnd) return { heat: n.peak, phase: 'plateau' };
  return { heat: (n.peak * (n.lifetimeHours - x)) / (n.fadeHours + 1), phase: 'fading' };
}

/** Every narrative alive at `hourNumber` in the world of `seed`, hottest first (ties by id). */
export function narrativesAtHour(seed: number, hourNumber: number): ActiveNarrative[] {
  const out: ActiveNarrative[] = [];
  const lastEpoch = Math.floor(hourNumber / EPOCH_HOURS);
  const firstEpoch = Math.floor((hourNumber - MAX_LIFETIME_HOURS) / EPOCH_HOURS);
  for (let e = firstEpoch; e <= lastEpoch; e++) {
    for (let j = 0; j < SLOTS_PER_EPOCH; j++) {
      const narrative = narrativeOfSlot(seed, e * SLOTS_PER_EPOCH + j);
      const { heat, phase } = narrativeHeat(narrative, hourNumber);
      if (heat > 0) out.push({ narrative, heat, phase });
    }
  }
  return out.sort((a, b) => b.heat - a.heat || (a.narrative.id < b.narrative.id ? -1 : 1));
}

/** Every narrative alive during the hour that starts at `hourStart` (ground truth for analysers). */
export function narrativesAt(seed: number, hourStart: Date): ActiveNarrative[] {
  return narrativesAtHour(seed, Math.floor(hourStart.getTime() / 3_600_000));
}
