import { formatCount, joinWords } from '../../../core/format.ts';
import type { ForumPost } from '../../../core/forum.ts';
import { STORY_RELATED, type Story } from '../../../core/schemas/digest.ts';
import { WARNING_TITLE } from '../../filter/promotion.ts';
import { getOrCreate } from './collections.ts';
import { type EntityKey, entityDisplay } from './entities.ts';
import { byline, storyPost } from './story-text.ts';
import type { SubjectGroup } from './subjects.ts';

/** How a scam-warning story is labelled after its target (`$MDT called a scam`). */
export const SCAM_SUFFIX = ' called a scam';

/** The target a scam-warning story's label names (`$MDT`), or null for any other label. */
export function scamTarget(label: string): string | null {
  return label.endsWith(SCAM_SUFFIX) ? label.slice(0, -SCAM_SUFFIX.length) : null;
}

/** What a warning can name as its target: a coin, a submolt, a site. */
const TARGET = /^(?:\$|m\/|site:)/;

/** A scam warning joined by the pitches it warns about. */
export interface ScamWarning extends SubjectGroup {
  /** Corpus indices of the pitches (posts the analyser otherwise leaves out as promotion). */
  readonly pitches: readonly number[];
  /** Pitches the quality filter dropped: told with the story, never among its clustered posts. */
  readonly dropped: readonly ForumPost[];
}

/**
 * Posts warning about a scam (a title with "PSA", "scam", "warning", "beware", "phishing"…) that name
 * their target in the title — a coin (`$MDT`), a submolt, a site — with the hour's pitches naming the
 * same target: one story (`$MDT called a scam`, security), the warnings first, so the digest tells the
 * push and the agents calling it out together instead of dropping the push as promotion. `candidates`
 * are the posts a warning may be (not background); `pitches` those a pitch may be (promotion);
 * `dropped` the posts the filter dropped as promotion, with their entities. Pure.
 */
export function scamWarnings(
  posts: readonly ForumPost[],
  entities: readonly (readonly EntityKey[])[],
  candidates: readonly number[],
  pitches: readonly number[],
  handleForms: ReadonlyMap<string, string>,
  dropped: readonly { readonly post: ForumPost; readonly entities: readonly EntityKey[] }[] = [],
): ScamWarning[] {
  const byTarget = new Map<EntityKey, number[]>();
  for (const i of candidates) {
    const title = posts[i]?.title.toLowerCase() ?? '';
    if (!WARNING_TITLE.test(title)) continue;
    for (const e of entities[i] ?? []) {
      if (!TARGET.test(e) || !title.includes(entityDisplay(e).toLowerCase())) continue;
      getOrCreate(byTarget, e, () => []).push(i);
    }
  }
  const taken = new Set<number>();
  const out: ScamWarning[] = [];
  for (const [target, warnings] of [...byTarget].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const own = warnings.filter((i) => !taken.has(i));
    const pushed = pitches.filter((j) => !taken.has(j) && (entities[j] ?? []).includes(target));
    const set = dropped.filter((d) => d.entities.includes(target)).map((d) => d.post);
    if (own.length === 0 || pushed.length + set.length === 0) continue;
    for (const i of [...own, ...pushed]) taken.add(i);
    out.push({
      label: `${entityDisplay(target, handleForms)}${SCAM_SUFFIX}`,
      members: [...own, ...pushed],
      newsKind: 'security',
      pitches: pushed,
      dropped: set.sort((a, b) => b.commentCount - a.commentCount || (a.id < b.id ? -1 : 1)),
    });
  }
  return out;
}

/**
 * A scam-warning story with the pitches the filter dropped: their ids and links, and one sentence
 * naming the most answered of them, so a reader sees what the warning is about. Pure.
 */
export function withDroppedPitches(story: Story, pitches: readonly ForumPost[], urlBase: string): Story {
  if (pitches.length === 0) return story;
  const named = pitches.slice(0, 2).map((p) => `${byline(p)} (${formatCount(p.commentCount, 'comment')})`);
  const more = pitches.length - named.length;
  return {
    ...story,
    postIds: [...(story.postIds ?? []), ...pitches.map((p) => p.id)],
    related: [...story.related, ...pitches.map((p) => storyPost(p, urlBase))].slice(0, STORY_RELATED),
    posts: story.posts + pitches.length,
    gist: `${story.gist} The pitch it warns about: ${joinWords(named)}${more > 0 ? `, and ${formatCount(more, 'more')}` : ''}, set aside by the filter as promotion.`,
  };
}
