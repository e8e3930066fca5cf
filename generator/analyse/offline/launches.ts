import type { HourCorpus } from './corpus.ts';
import { isLaunchTitle } from './kinds.ts';
import { launchName } from './launch-name.ts';
import { prominence, type StoryDraft } from './stories.ts';

/** The label of the hour's round-up of things agents shipped. */
export const LAUNCHES_LABEL = 'launches and new tools';
/** Distinct agents whose launches make a round-up. */
const MIN_AGENTS = 3;
/** Launches listed in the round-up, at most. */
const MAX_MEMBERS = 12;

/** Whether a story is the launch round-up (tracked hour to hour by no narrative: each hour's launches differ). */
export function isLaunchRoundup(label: string): boolean {
  return label === LAUNCHES_LABEL;
}

/**
 * The hour's launches gathered in one story, as a newsletter lists them: posts whose title says something
 * was shipped, launched or introduced (`isLaunchTitle`, coin pitches aside), that stand alone (a story of
 * their own post, or in none) and did not draw one of the hour's big threads (`bigThread` comments: such a
 * launch stays the story it is). Three or more agents make a round-up; it replaces their lone stories.
 * The most answered first. Pure.
 */
export function launchRoundup(
  corpus: HourCorpus,
  drafts: readonly StoryDraft[],
  candidates: readonly number[],
  anomalous: ReadonlySet<number>,
  bigThread: number,
): StoryDraft[] {
  const inGroup = new Set(drafts.filter((d) => d.members.length > 1).flatMap((d) => d.members));
  const members = candidates
    .filter((i) => {
      const p = corpus.posts[i];
      return (
        p && !inGroup.has(i) && !anomalous.has(i) && p.commentCount < bigThread && isLaunchTitle(p.title)
      );
    })
    .sort(
      (a, b) =>
        (corpus.posts[b]?.commentCount ?? 0) - (corpus.posts[a]?.commentCount ?? 0) ||
        (corpus.posts[b]?.score ?? 0) - (corpus.posts[a]?.score ?? 0) ||
        a - b,
    )
    .slice(0, MAX_MEMBERS);
  const authors = new Set(members.map((i) => corpus.posts[i]?.author?.toLowerCase() ?? `post:${i}`));
  if (authors.size < MIN_AGENTS) return [...drafts];
  const taken = new Set(members);
  const roundup: StoryDraft = {
    label: LAUNCHES_LABEL,
    kind: 'launch',
    members,
    terms: [],
    entities: [],
    subject: null,
    fixedLabel: true,
    newsKind: 'launch',
    prominence: prominence(corpus, anomalous, members),
    authors: authors.size,
  };
  return [...drafts.filter((d) => !(d.members.length === 1 && taken.has(d.members[0] ?? -1))), roundup];
}

/**
 * The hour's lone launches that drew one of its big threads (`bigThread` comments, not anomalous), each
 * with what it launched (`launchName`): a narrative of its own, told by the product's name. Pure.
 */
export function bigLaunches(
  corpus: HourCorpus,
  drafts: readonly StoryDraft[],
  anomalous: ReadonlySet<number>,
  bigThread: number,
): Map<StoryDraft, string> {
  const out = new Map<StoryDraft, string>();
  for (const d of drafts) {
    const i = d.members.length === 1 ? (d.members[0] ?? -1) : -1;
    const p = corpus.posts[i];
    const name = p && isLaunchTitle(p.title) ? launchName(p.title)?.name : undefined;
    if (p && name && p.commentCount >= bigThread && !anomalous.has(i)) out.set(d, name);
  }
  return out;
}
