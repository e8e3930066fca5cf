import type { AdvisorSkill } from '../schemas/advisor-response.ts';
import type { ModelArtifact } from './model.ts';
import { SCORER_WORDS, servedBy } from './served.ts';

/** How far the advice can be trusted, from the rolling-origin evaluation kept with the model. */
export type ModelSkill = AdvisorSkill;

/** Within-hour ρ under which a model that beats its baselines still counts only as `low`. */
export const CONFIDENCE_RHO = { medium: 0.15 } as const;

type Scorers = NonNullable<ModelArtifact['rolling']>['scorers'];

function best(
  scorers: Scorers,
  metric: 'hourSpearman' | 'pairwise',
  except: string,
): { name: string; value: number | null } {
  let out: { name: string; value: number | null } = { name: 'none', value: null };
  for (const [name, m] of Object.entries(scorers))
    if (name !== except && m[metric] !== null && (out.value === null || (m[metric] as number) > out.value))
      out = { name, value: m[metric] };
  return out;
}

const NOT_MEASURED: ModelSkill = {
  measuredBy: 'none',
  hourSpearman: null,
  hourSpearmanInterval: null,
  pairwise: null,
  pairwiseInterval: null,
  baseline: { hourSpearman: { name: 'none', value: null }, pairwise: { name: 'none', value: null } },
  rows: 0,
  blocks: 0,
  beatsBaselines: false,
  served: 'model',
  confidence: 'low',
};

/**
 * The served scorer's skill on the rolling-origin blocks and the confidence that follows from it:
 * `high` only when the 90 % intervals of both its within-hour ρ and its same-hour pairwise accuracy
 * lie above the best other scorer's figures; `medium` when its figures beat them but the intervals do
 * not clear them (and ρ ≥ 0.15); `low` otherwise: when it does not beat them, when too few hours were
 * measured for an interval, and when the model was not evaluated this way (no `rolling`). Pure.
 */
export function modelSkill(art: ModelArtifact): ModelSkill {
  const r = art.rolling;
  if (r === undefined) return NOT_MEASURED;
  const served = servedBy(art);
  const own = r.scorers[served];
  if (own === undefined) return { ...NOT_MEASURED, served };
  const rho = best(r.scorers, 'hourSpearman', served);
  const pairs = best(r.scorers, 'pairwise', served);
  const beats =
    own.hourSpearman !== null &&
    own.pairwise !== null &&
    own.hourSpearman > (rho.value ?? 0) &&
    own.pairwise > (pairs.value ?? 0.5);
  const clears =
    beats &&
    own.hourSpearmanInterval !== null &&
    own.pairwiseInterval !== null &&
    own.hourSpearmanInterval[0] > (rho.value ?? 0) &&
    own.pairwiseInterval[0] > (pairs.value ?? 0.5);
  // Without intervals (too few hours measured) the figures are not evidence enough for more than low.
  const measured = own.hourSpearmanInterval !== null && own.pairwiseInterval !== null;
  const confidence =
    !beats || !measured || (own.hourSpearman as number) < CONFIDENCE_RHO.medium
      ? 'low'
      : clears
        ? 'high'
        : 'medium';
  return {
    measuredBy: 'rolling-origin',
    hourSpearman: own.hourSpearman,
    hourSpearmanInterval: own.hourSpearmanInterval,
    pairwise: own.pairwise,
    pairwiseInterval: own.pairwiseInterval,
    baseline: { hourSpearman: rho, pairwise: pairs },
    rows: r.rows,
    blocks: r.blocks,
    beatsBaselines: beats,
    served,
    confidence,
  };
}

const f2 = (v: number | null) => (v === null ? 'not measured' : v.toFixed(2));
const range = (i: readonly [number, number] | null) =>
  i === null ? '' : ` (90% interval ${i[0].toFixed(2)} to ${i[1].toFixed(2)})`;

/** The skill in a few sentences: what scored, how it did against the best baseline, the confidence. */
export function skillSentence(s: ModelSkill): string {
  if (s.measuredBy === 'none')
    return 'This model was not evaluated on later posts the way it is used, so its numbers are rough guesses; confidence low.';
  const scorer =
    s.served === 'model'
      ? ''
      : `The score comes from ${SCORER_WORDS[s.served]}: it ranked later posts better than the engagement model did. `;
  const measured = `${scorer}On ${s.rows} later posts (${s.blocks === 1 ? '1 block' : `${s.blocks} blocks`}, each scored by a model trained only on posts labelled before it) it ranked posts within their hour at Spearman ${f2(s.hourSpearman)}${range(s.hourSpearmanInterval)} against ${s.baseline.hourSpearman.name} ${f2(s.baseline.hourSpearman.value)}, and ordered ${f2(s.pairwise)} of same-hour pairs right${range(s.pairwiseInterval)} against ${f2(s.baseline.pairwise.value)}; confidence ${s.confidence}.`;
  return s.confidence === 'low'
    ? `${measured} The prediction is weak: treat the numbers as rough and lean on the similar posts and the evidence cited.`
    : measured;
}

const rho2 = (v: number | null) => (v === null ? '–' : v.toFixed(2));

/** A scorer of the rolling evaluation in words ("constant" is the guess that ranks nothing). */
function scorerName(name: string): string {
  const words: Record<string, string> = {
    constant: 'a constant guess',
    none: 'no other scorer',
    model: 'the engagement model',
    length: 'post length',
    'author-prior': "the author's record",
  };
  return words[name] ?? name.replace(/-/g, ' ');
}

/**
 * The skill in one short sentence for an answer: the confidence, the scorer and its within-hour ρ on
 * later posts against the best other scorer's; for `low`, that the numbers are rough. Pure.
 */
export function skillBrief(s: ModelSkill): string {
  if (s.measuredBy === 'none')
    return 'The prediction is weak (confidence low): this model was never tested on later posts, so its numbers are rough guesses.';
  const interval = s.hourSpearmanInterval === null ? ', too few hours for an interval' : '';
  const figures = `${SCORER_WORDS[s.served]} ranked ${s.rows} later posts within their hour at ρ ${rho2(s.hourSpearman)} against ${rho2(s.baseline.hourSpearman.value)} for ${scorerName(s.baseline.hourSpearman.name)}${interval}`;
  return s.confidence === 'low'
    ? `The prediction is weak (confidence low): ${figures}, so the numbers are rough.`
    : `Confidence ${s.confidence}: ${figures}.`;
}
