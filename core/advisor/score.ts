import { lookupActivity } from './activity.ts';
import { type AdvisorContext, type ContextMatch, matchContext, matchVector } from './context.ts';
import type { Draft } from './draft.ts';
import { DENSE_FEATURES, extractFeatures, groupSlice, readText } from './features.ts';
import {
  type CompiledModel,
  engagementScore,
  lookupPrior,
  type Prediction,
  percentileOf,
  predict,
} from './model.ts';
import type { TraitName } from './traits.ts';

/** Who and where a draft would be posted. */
export interface PostingSituation {
  readonly submolt: string | null;
  readonly author: string | null;
  /** When it would be posted (the hour of day is a feature). */
  readonly at: Date;
}

/** A scored draft. */
export interface ScoredDraft {
  readonly draft: Draft;
  readonly prediction: Prediction;
  /** Predicted log1p(upvotes) + log1p(comments). */
  readonly score: number;
  /** Percentile 0–100 of `score` among the reference posts. */
  readonly percentile: number;
  readonly match: ContextMatch;
  readonly traits: ReadonlySet<TraitName>;
  readonly authorKnown: boolean;
  readonly communityKnown: boolean;
}

/** Scores a draft with the model in the given context. Pure; the draft text is only data. */
export function scoreDraft(
  model: CompiledModel,
  ctx: AdvisorContext,
  draft: Draft,
  where: PostingSituation,
): ScoredDraft {
  const art = model.artifact;
  const text = readText(draft.title, draft.content, false);
  const match = matchContext(text.words, text.traits, ctx);
  const communityPrior = lookupPrior(art, 'communities', where.submolt);
  const authorPrior = art.useAuthor ? lookupPrior(art, 'authors', where.author) : null;
  const activity = art.useAuthor ? lookupActivity(art.activity, where.author, where.at) : null;
  const x = extractFeatures(
    {
      title: draft.title,
      content: draft.content,
      hasUrl: false,
      hourOfDay: where.at.getUTCHours(),
      submolt: where.submolt,
      author: where.author,
      context: matchVector(match),
      communityPrior,
      authorPrior,
      activity,
    },
    art.buckets,
    text,
  );
  // An author or community the caller did not name is unknown, not new: it gets the training average.
  for (const [group, named] of [
    ['author', where.author !== null],
    ['community', where.submolt !== null],
  ] as const) {
    if (named) continue;
    const { start, length } = groupSlice(group);
    for (let j = start; j < start + length; j++) x.dense[j] = model.denseMean[j] as number;
  }
  // The request carries no karma or follower count: those features get the training average, not "none".
  for (const name of ['author-karma', 'author-followers']) {
    const j = DENSE_FEATURES.findIndex((f) => f.name === name);
    for (const i of [j, j + 1]) x.dense[i] = model.denseMean[i] as number;
  }
  const prediction = predict(model, x);
  const score = engagementScore(prediction);
  return {
    draft,
    prediction,
    score,
    percentile: percentileOf(art, score),
    match,
    traits: text.traits,
    authorKnown: authorPrior !== null,
    communityKnown: communityPrior !== null,
  };
}
