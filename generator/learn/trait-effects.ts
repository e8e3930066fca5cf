import { mean } from 'simple-statistics';
import type { TraitEffect } from '../../core/advisor/model.ts';
import { TRAIT_NAMES, type TraitName, traitsOf } from '../../core/advisor/traits.ts';
import { mulberry32 as seeded } from '../../core/hash.ts';
import { averageRanks } from './metrics.ts';
import type { LabelledRow } from './rows.ts';
import { creationHour } from './targets.ts';

/** Hours need this many rows for their percentiles to count. */
const HOUR_ROWS = 5;
/** Rows with and without a trait the held-out part needs before an effect can hold. */
const MIN_EACH = 20;
const RESAMPLES = 500;
/** Held-out creation hours an interval needs. */
const MIN_HOURS = 5;

interface Item {
  readonly hour: number;
  /** Within-hour percentile (0–100, mid-rank) of log1p(upvotes) + log1p(comments). */
  readonly pct: number;
  readonly traits: ReadonlySet<TraitName>;
}

function items(rows: readonly LabelledRow[]): Item[] {
  const byHour = new Map<number, LabelledRow[]>();
  for (const r of rows) byHour.set(creationHour(r), [...(byHour.get(creationHour(r)) ?? []), r]);
  const out: Item[] = [];
  for (const [hour, list] of byHour) {
    if (list.length < HOUR_ROWS) continue;
    const ranks = averageRanks(list.map((r) => Math.log1p(r.upvotes) + Math.log1p(r.comments)));
    list.forEach((r, i) => {
      out.push({
        hour,
        pct: (100 * ((ranks[i] as number) - 0.5)) / list.length,
        traits: traitsOf({ title: r.title, content: r.content }, r.hasUrl),
      });
    });
  }
  return out;
}

/** Mean percentile of the items with the trait minus that of those without; null when either side is empty. */
function effect(
  list: readonly Item[],
  trait: TraitName,
): { value: number | null; with: number; without: number } {
  const yes = list.filter((i) => i.traits.has(trait)).map((i) => i.pct);
  const no = list.filter((i) => !i.traits.has(trait)).map((i) => i.pct);
  return {
    value: yes.length === 0 || no.length === 0 ? null : mean(yes) - mean(no),
    with: yes.length,
    without: no.length,
  };
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/**
 * How each post trait went with engagement within its hour, measured on the older 70 % of the rows
 * and again on the newest 30 % (held out), with an 80 % bootstrap interval over the held-out creation
 * hours (none from fewer than 5). An effect `holds` when both parts agree in sign, the held-out interval excludes 0 and the
 * held-out part has at least 20 posts with and without the trait: only such an effect may back a
 * rewrite's gain. These are associations between posts, not the effect of editing one. Deterministic.
 */
export function traitEffects(rows: readonly LabelledRow[]): Record<TraitName, TraitEffect> {
  const sorted = [...rows].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const cut = Math.floor(sorted.length * 0.7);
  const fit = items(sorted.slice(0, cut));
  const held = items(sorted.slice(cut));
  const hours = [...new Set(held.map((i) => i.hour))].sort((a, b) => a - b);
  const byHour = new Map(hours.map((h) => [h, held.filter((i) => i.hour === h)]));
  const random = seeded(29);
  const samples = Array.from({ length: RESAMPLES }, () =>
    hours.flatMap(() => byHour.get(hours[Math.floor(random() * hours.length)] as number) ?? []),
  );
  return Object.fromEntries(
    TRAIT_NAMES.map((trait) => {
      const f = effect(fit, trait);
      const h = effect(held, trait);
      const draws = samples
        .map((s) => effect(s, trait).value)
        .filter((v): v is number => v !== null)
        .sort((a, b) => a - b);
      const interval: [number, number] | null =
        draws.length < RESAMPLES / 2 || hours.length < MIN_HOURS
          ? null
          : [
              r1(draws[Math.floor(0.1 * draws.length)] as number),
              r1(draws[Math.floor(0.9 * draws.length)] as number),
            ];
      const holds =
        f.value !== null &&
        h.value !== null &&
        interval !== null &&
        h.with >= MIN_EACH &&
        h.without >= MIN_EACH &&
        Math.sign(f.value) === Math.sign(h.value) &&
        (interval[0] > 0 || interval[1] < 0);
      return [
        trait,
        {
          fit: f.value === null ? null : r1(f.value),
          heldOut: h.value === null ? null : r1(h.value),
          interval,
          heldOutRows: held.length,
          holds,
        },
      ];
    }),
  ) as Record<TraitName, TraitEffect>;
}
