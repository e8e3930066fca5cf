import { formatCount, formatPercent } from '../../../core/format.ts';
import type { NewsKind } from '../../../core/schemas/digest.ts';
import type { EngagementState } from './engagement.ts';

/** What a candidate story is ranked on. */
export interface NewsFacts {
  readonly newsKind: NewsKind;
  /** Distinct agents who posted in it. */
  readonly agents: number;
  /** Agents counted as corroboration when fewer than `agents` count (a coin push, a standing theme: their size is background). */
  readonly corroborating?: number;
  /** Comments of its most commented post (fetched or reported; inflated votes never count). */
  readonly bestComments: number;
  /** Most comments of any other story's best post this hour. */
  readonly rivalComments: number;
  /** An entity (another agent, a ticker, an error code…) that 3+ distinct agents of the story name, shown as written. */
  readonly namedEntity: { readonly display: string; readonly agents: number } | null;
  /** Share (0–1) of its strongest terms that the last day's digests never had; null when no history is kept. */
  readonly novelty: number | null;
  /** Earlier hours of the last day in which its terms were already a story. */
  readonly seenHours: number;
  /** For a flood or push: its share of the hour's posts; null for any other story. */
  readonly floodShare: number | null;
  /** Its lead says next to nothing (a title of a few words, almost no body). */
  readonly contentFree: boolean;
  /** The story is about comments or the API failing (an incident that explains a frozen hour). */
  readonly explainsFrozen: boolean;
  /** Earlier hours of the last day in which its lead's author already led one of the top stories. */
  readonly leadFamiliar: number;
  /** Posts of the attack itself that the story carries (posts hiding instructions, set aside by the filter). */
  readonly attackPosts: number;
  /** A round-up of unrelated posts of one kind (the hour's launches): its agents do not corroborate each other. */
  readonly roundup?: boolean;
  /** One regular poster's posts of the hour: news by what they drew, but an account heard every hour. */
  readonly regular?: boolean;
  /** It carries on a narrative first seen in an earlier hour: its words may be new, but it is not "new since yesterday". */
  readonly tracked?: boolean;
}

/** How much each kind of news weighs against a plain discussion (the editors' headline kinds first). */
export const KIND_WEIGHT: Readonly<Record<NewsKind, number>> = {
  incident: 1.6,
  platform: 1.6,
  security: 1.5,
  drama: 1.4,
  campaign: 1.3,
  launch: 1.25,
  discussion: 1,
  essay: 0.9,
};

/** What the hour's engagement is measured against. */
export interface HourScale {
  /** Comments from which a thread stands out (the hour's 90th percentile, at least 5). */
  readonly bar: number;
  readonly engagement: EngagementState;
}

/** What a regular poster's own story weighs against other news of the same score. */
const REGULAR_WEIGHT = 0.8;

/** Earlier hours (of 24) from which a theme is a perennial of the forum rather than news. */
const PERENNIAL_HOURS = 6;
/** Earlier hours (of 24) from which an author whose posts lead stories is a regular: their threads always draw. */
const REGULAR_HOURS = 3;

/**
 * A story's newsworthiness and the reasons for it. The score adds
 * - corroboration: log2(1 + distinct agents) — several agents on the same concrete thing (half for a
 *   round-up, whose agents each shipped something else);
 * - engagement: log2(1 + best comments / the hour's bar), halved for a lead that says next to nothing or
 *   by a regular (an author who led top stories in 3+ of the last 24 hours: their threads always draw), and
 *   +1 when its thread drew twice the comments of any other story's and three times the bar; none of it
 *   when the hour's engagement is frozen or missing (counts that cannot be compared);
 * - +0.75 when three or more of its agents name the same entity (an agent, a ticker, an error code);
 * - for a flood, 2 + 12 × its share of the hour's posts (a flood that swamps the feed is the hour's news);
 * - +1.5 for an incident that explains a frozen hour (the stalled counts corroborate it), and log2(1 + its attack posts) for a story carrying
 *   the attack it warns of;
 * then multiplies by its kind's weight (`KIND_WEIGHT`), by 0.8 for a regular poster's own story, and by novelty: 0.75 + 0.5 × the share of its terms
 * new against the last day (1 without history), × 0.7 for a theme already a story in 6+ of the last 24 hours.
 */
export function newsScore(f: NewsFacts, hour: HourScale): { score: number; signals: string[] } {
  const signals: string[] = [];
  let base = Math.log2(1 + (f.corroborating ?? f.agents)) * (f.roundup ? 0.5 : 1);
  if (f.agents >= 3) signals.push(formatCount(f.agents, 'agent'));
  const countable = hour.engagement === 'organic';
  if (countable && f.bestComments > 0) {
    let e = Math.log2(1 + f.bestComments / hour.bar);
    if (f.contentFree) e /= 2;
    if (f.leadFamiliar >= REGULAR_HOURS) {
      e /= 2;
      signals.push(`a regular: its lead's author led stories in ${f.leadFamiliar} of the last 24 hours`);
    }
    base += e;
    if (f.bestComments >= 2 * f.rivalComments && f.bestComments >= 3 * hour.bar && !f.contentFree) {
      base += 1;
      signals.push(`the hour's biggest thread (${formatCount(f.bestComments, 'comment')})`);
    } else if (f.bestComments >= 3 * hour.bar) signals.push(formatCount(f.bestComments, 'comment'));
  }
  if (f.namedEntity) {
    base += 0.75;
    signals.push(`${f.namedEntity.agents} agents name ${f.namedEntity.display}`);
  }
  if (f.floodShare !== null) {
    base += 2 + 12 * f.floodShare;
    signals.push(`${formatPercent(f.floodShare)} of the hour's posts`);
  }
  if (f.attackPosts > 0) {
    // The more posts carry the attack, the bigger the news: 1 for one, 2 for three, 3 for seven.
    base += Math.log2(1 + f.attackPosts);
    signals.push(`carries the attack itself (${formatCount(f.attackPosts, 'post')})`);
  }
  if (f.explainsFrozen && hour.engagement === 'frozen') {
    // The whole hour's stalled counts corroborate it: every agent was hit, not only those who wrote.
    base += 1.5;
    signals.push("explains the hour's missing comments");
  }
  let novelty = f.novelty === null ? 1 : 0.75 + 0.5 * f.novelty;
  if (f.novelty !== null && f.novelty >= 0.6 && !f.tracked) signals.push('new since yesterday');
  if (f.seenHours >= PERENNIAL_HOURS) {
    novelty *= 0.7;
    signals.push(`a story in ${f.seenHours} of the last 24 hours`);
  }
  // A regular poster's threads draw every hour: told, but rarely the hour's headline.
  const score = base * KIND_WEIGHT[f.newsKind] * novelty * (f.regular ? REGULAR_WEIGHT : 1);
  return { score: Math.round(score * 1000) / 1000, signals };
}
