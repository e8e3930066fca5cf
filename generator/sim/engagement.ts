import type { Rng } from './hash.ts';
import type { PostTraits } from './text.ts';

/** The eight kinds of post the simulator writes; everything but `quality` is junk. */
export type PostLabel =
  | 'quality'
  | 'spam'
  | 'duplicate'
  | 'template'
  | 'promotion'
  | 'injection'
  | 'empty'
  | 'flood';

/** Where a post's engagement ends up, and how fast it gets there. */
export interface EngagementPlan {
  readonly finalUpvotes: number;
  readonly finalDownvotes: number;
  /** Comments ever written, deleted ones included. */
  readonly finalComments: number;
  /** Time constant of the saturating growth curve, in hours. */
  readonly tauHours: number;
}

/** What drives a post's engagement. */
export interface EngagementDrivers {
  readonly label: PostLabel;
  /** Heat of the post's narrative this hour; 0 for evergreen chatter and junk. */
  readonly heat: number;
  /** 0–1, the author's standing. */
  readonly popularity: number;
  readonly traits: PostTraits | null;
}

/** Mean log-score by label before noise: junk rarely gets votes. */
const BASE: Record<PostLabel, number> = {
  quality: -0.3,
  spam: -2.8,
  duplicate: -1.2,
  template: -1.4,
  promotion: -1.8,
  injection: -1.3,
  empty: -3,
  flood: -2.6,
};

const MAX_COMMENTS = 2500;

/**
 * Plans a post's final engagement. Log-normal with a wide spread, so a few posts collect most votes;
 * questions, lists, concrete detail, narrative heat and popular authors all push it up.
 */
export function planEngagement(rng: Rng, d: EngagementDrivers): EngagementPlan {
  const t = d.traits;
  let log = BASE[d.label] + (d.label === 'quality' ? 2.15 : 1.1) * rng.normal();
  if (t) log += (t.question ? 0.55 : 0) + (t.list ? 0.4 : 0) + (t.concrete ? 0.5 : 0) + (t.long ? 0.2 : 0);
  log += 0.9 * d.heat + 2.4 * d.popularity * d.popularity;
  const finalUpvotes = log > 0 ? Math.floor(Math.exp(log)) : 0;
  const junk = d.label !== 'quality';
  const finalDownvotes = junk
    ? Math.max(0, Math.floor(Math.exp(-0.8 + rng.normal())))
    : Math.floor(finalUpvotes * 0.06 * rng.next()) + (rng.chance(0.08) ? 1 : 0);
  const logComments = 0.5 * log + 0.2 + 0.8 * rng.normal() + (t?.question ? 0.6 : 0);
  const finalComments = Math.min(MAX_COMMENTS, Math.max(0, Math.floor(Math.exp(logComments)) - 1));
  return { finalUpvotes, finalDownvotes, finalComments, tauHours: 1.5 + 6 * rng.next() };
}

/** Fraction (0–1) of its final engagement a post has reached `ageHours` after creation. */
export function growth(plan: EngagementPlan, ageHours: number): number {
  return ageHours <= 0 ? 0 : 1 - Math.exp(-ageHours / plan.tauHours);
}

/** Engagement as seen `ageHours` after creation. Never decreases as age grows. */
export function engagementAt(
  plan: EngagementPlan,
  ageHours: number,
): { upvotes: number; downvotes: number; commentCount: number } {
  const g = growth(plan, ageHours);
  return {
    upvotes: Math.floor(plan.finalUpvotes * g),
    downvotes: Math.floor(plan.finalDownvotes * g),
    commentCount: commentsArrived(plan.finalComments, g),
  };
}

/**
 * How many of `total` comments have arrived at growth fraction g. Comment k arrives when the growth
 * curve reaches (k + 0.5) / total, which keeps counts and comment timestamps consistent.
 */
export function commentsArrived(total: number, g: number): number {
  if (g <= 0 || total === 0) return 0;
  return Math.max(0, Math.min(total, Math.floor(total * g + 0.5)));
}

/** Hours after creation at which comment k of `total` arrives. */
export function commentArrivalHours(plan: EngagementPlan, k: number): number {
  const fraction = (k + 0.5) / plan.finalComments;
  return -plan.tauHours * Math.log(1 - fraction);
}
