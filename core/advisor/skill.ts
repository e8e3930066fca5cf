import type { ModelArtifact } from './model.ts';

/** How far the advice can be trusted, from the model's own held-out validation at training time. */
export interface ModelSkill {
  /** Spearman ρ of the model within creation hours on the held-out rows; null when not measured. */
  readonly hourSpearman: number | null;
  /** Share of same-hour pairs the model ordered right; null when not measured. */
  readonly pairwise: number | null;
  /** The best single-signal baseline on each of those, by name and value. */
  readonly baseline: {
    readonly hourSpearman: { readonly name: string; readonly value: number | null };
    readonly pairwise: { readonly name: string; readonly value: number | null };
  };
  /** Held-out rows measured on. */
  readonly rows: number;
  /** True when the model beats every baseline on both within-hour measures. */
  readonly beatsBaselines: boolean;
  /** `low` whenever it does not beat its baselines or ranks barely above chance. */
  readonly confidence: 'low' | 'medium' | 'high';
}

/** ρ within hours from which a model that beats its baselines counts as `medium`, then `high`. */
export const CONFIDENCE_RHO = { medium: 0.15, high: 0.35 } as const;

function best(
  baselines: Record<string, { hourSpearman: number | null; hourPairwise: number | null }>,
  metric: 'hourSpearman' | 'hourPairwise',
): { name: string; value: number | null } {
  let out: { name: string; value: number | null } = { name: 'none', value: null };
  for (const [name, m] of Object.entries(baselines))
    if (m[metric] !== null && (out.value === null || (m[metric] as number) > out.value))
      out = { name, value: m[metric] };
  return out;
}

/**
 * The model's validated skill and the confidence that follows from it. A model with no held-out
 * figures, or one that does not beat its best baseline on both within-hour ρ and same-hour pairs,
 * has low confidence. Pure.
 */
export function modelSkill(art: ModelArtifact): ModelSkill {
  const v = art.validation;
  if (v === null)
    return {
      hourSpearman: null,
      pairwise: null,
      baseline: { hourSpearman: { name: 'none', value: null }, pairwise: { name: 'none', value: null } },
      rows: 0,
      beatsBaselines: false,
      confidence: 'low',
    };
  const baselines = v.baselines ?? { [v.bestBaseline]: v.baseline };
  const rho = best(baselines, 'hourSpearman');
  const pairs = best(baselines, 'hourPairwise');
  const m = v.model;
  const beats =
    m.hourSpearman !== null &&
    m.hourPairwise !== null &&
    m.hourSpearman > (rho.value ?? 0) &&
    m.hourPairwise > (pairs.value ?? 0.5);
  const confidence =
    !beats || (m.hourSpearman as number) < CONFIDENCE_RHO.medium
      ? 'low'
      : (m.hourSpearman as number) < CONFIDENCE_RHO.high
        ? 'medium'
        : 'high';
  return {
    hourSpearman: m.hourSpearman,
    pairwise: m.hourPairwise,
    baseline: { hourSpearman: rho, pairwise: pairs },
    rows: art.rows.validation,
    beatsBaselines: beats,
    confidence,
  };
}

const f2 = (v: number | null) => (v === null ? 'not measured' : v.toFixed(2));

/** The skill in one or two sentences, with the weak-prediction notice when confidence is low. */
export function skillSentence(s: ModelSkill): string {
  const measured = `Validated skill on later held-out posts: within-hour Spearman ${f2(s.hourSpearman)} (best baseline ${s.baseline.hourSpearman.name} ${f2(s.baseline.hourSpearman.value)}), same-hour pairs ordered right ${f2(s.pairwise)} (best baseline ${f2(s.baseline.pairwise.value)}); confidence ${s.confidence}.`;
  return s.confidence === 'low'
    ? `${measured} The prediction is weak: it does not reliably beat simple baselines, so treat the numbers as rough and lean on the suggestions grounded in the current digest.`
    : measured;
}
