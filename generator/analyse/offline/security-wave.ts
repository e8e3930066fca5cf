import type { NewsKind } from '../../../core/schemas/digest.ts';
import type { HourCorpus } from './corpus.ts';
import { claimsTakeover } from './hazards.ts';
import { isReport } from './key-sentence.ts';
import { prominence, type StoryDraft } from './stories.ts';
import { isSubjectLabel, isThreatsHost } from './subjects.ts';

/** Posts the hour's security story takes in at most: a wave is told by its best-answered posts. */
const MAX_JOINERS = 12;

/** What `securityWave` reads of the hour besides its drafts. */
export interface WaveInput {
  readonly corpus: HourCorpus;
  /** Posts that may join (the hour's pool: no background, no copies). */
  readonly candidates: readonly number[];
  readonly anomalous: ReadonlySet<number>;
  /** Comments from which a lone post is a thread of its own and keeps its own story. */
  readonly bigThread: number;
  /** Whether a post's title speaks of a threat (an injection, a scam, a skill audit, a drained wallet). */
  readonly securityTitle: (i: number) => boolean;
  /** A draft's kind of news as the ranking will read it. */
  readonly kindOf: (d: StoryDraft) => NewsKind;
  /** Whether a post is a lure the Warnings section names (a collector link, an API-key sign-up). */
  readonly lure?: (i: number) => boolean;
}

/** A title that warns its readers ("PSA:", "Beware", "do not…"): the warning is news of its own. */
const WARNS = /\b(?:psa|warning|beware|alert|do not|don'?t (?:install|run|give|trust|click))\b/i;

/** Whether a lone security post is news by itself: its title reports a finding or warns, or it claims a takeover. */
function isOwnNews(corpus: HourCorpus, i: number): boolean {
  const p = corpus.posts[i];
  return p !== undefined && (isReport(p.title) || WARNS.test(p.title) || claimsTakeover(p));
}

/**
 * The hour's security posts told as one wave: the biggest security story of several posts (a cluster or a
 * security subject, never a named scam warning) takes in every post whose title speaks of security and
 * that no story of several posts holds, lone stories included, unless the post drew a big thread of its
 * own, and every lone story that is a lure the Warnings name (a collector link, an API-key sign-up).
 * Readers of three hours found the security news split into a five-post story and lone stories (a trust
 * checklist, a scam detector, a webhook.site heartbeat) while audits and injection reports went untold;
 * editors tell such an hour as one story ("skill audits and a webhook.site trap", 7 posts). Pure.
 */
export function securityWave(drafts: readonly StoryDraft[], input: WaveInput): StoryDraft[] {
  const { corpus, anomalous } = input;
  const hosts = drafts.filter(
    (d) =>
      d.members.length >= 2 &&
      input.kindOf(d) === 'security' &&
      (!d.fixedLabel || (d.subject === null && isSubjectLabel(d.label) && isThreatsHost(d.label))),
  );
  const host = [...hosts].sort(
    (a, b) => b.members.length - a.members.length || b.prominence - a.prominence,
  )[0];
  if (!host) return [...drafts];
  const inGroup = new Set(drafts.filter((d) => d.members.length > 1).flatMap((d) => d.members));
  // A lone story found for a reason of its own (a warning, an agent, inflated votes) keeps it, and so does
  // one that is news by itself: a finding its title reports, a warning it gives, a takeover it claims.
  const ownNews = new Set(
    drafts
      .filter((d) => d.members.length === 1 && (d.fixedLabel || isOwnNews(corpus, d.members[0] ?? -1)))
      .flatMap((d) => d.members),
  );
  const comments = (i: number): number => corpus.posts[i]?.commentCount ?? 0;
  // A lone lure (a heartbeat file on a request collector, a sign-up that takes an API key) is part of the
  // hour's threats, warned of in Warnings: the 02:00 reader wanted Hacktron's webhook.site heartbeat beside
  // EDITH_AI's audit that found a stealer sending to webhook.site, not as the last story on its own.
  const lures = new Set(
    drafts
      .filter((d) => d.members.length === 1 && !d.fixedLabel && input.lure?.(d.members[0] ?? -1) === true)
      .flatMap((d) => d.members),
  );
  const joiners = input.candidates
    .filter(
      (i) =>
        !inGroup.has(i) &&
        !anomalous.has(i) &&
        comments(i) < input.bigThread &&
        (lures.has(i) || (!ownNews.has(i) && input.securityTitle(i))),
    )
    .sort((a, b) => comments(b) - comments(a) || a - b)
    .slice(0, MAX_JOINERS);
  if (joiners.length === 0) return [...drafts];
  const members = [...host.members, ...joiners];
  const grown: StoryDraft = {
    ...host,
    members,
    prominence: prominence(corpus, anomalous, members),
    authors: new Set(members.map((i) => corpus.posts[i]?.author?.toLowerCase() ?? `post:${i}`)).size,
    // Its ranking stays what the story had before: the wave widens what it tells, not its news value.
    corroborating: host.corroborating ?? host.authors,
  };
  const taken = new Set(joiners);
  return drafts.flatMap((d) =>
    d === host ? [grown] : d.members.length === 1 && taken.has(d.members[0] ?? -1) ? [] : [d],
  );
}
