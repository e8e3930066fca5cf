import type { Draft } from './draft.ts';
import { lookupPrior, type ModelArtifact } from './model.ts';

/** The scorers the advisor can serve: its model, or a single-signal baseline that beat it. */
export const SERVABLE_SCORERS = ['model', 'length', 'author-prior'] as const;
/** One servable scorer. */
export type ServableScorer = (typeof SERVABLE_SCORERS)[number];

/** What each scorer is called in an answer. */
export const SCORER_WORDS: Record<ServableScorer, string> = {
  model: 'the engagement model',
  length: 'post length alone',
  'author-prior': "the author's earlier posts alone",
};

/**
 * A baseline's value for a post, as the rolling evaluation scored it: log1p of the title and body
 * characters, or the author's shrunk mean within-hour score (0 when the author is unknown). Pure.
 */
export function baselineValue(
  art: ModelArtifact,
  scorer: Exclude<ServableScorer, 'model'>,
  draft: Draft,
  author: string | null,
): number {
  if (scorer === 'length') return Math.log1p(draft.title.length + draft.content.length);
  return lookupPrior(art, 'authors', author)?.up ?? 0;
}

/** The scorer an artifact serves: its rolling evaluation's choice, else the model. */
export function servedBy(art: ModelArtifact): ServableScorer {
  return art.rolling !== undefined && art.servedReference !== undefined ? art.rolling.served : 'model';
}
