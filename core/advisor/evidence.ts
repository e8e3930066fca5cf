import { postUrl } from '../forum-links.ts';
import type { Draft } from './draft.ts';
import type { EvidenceIndex, EvidencePost, SimilarHit } from './similar.ts';
import { type TraitName, traitsOf } from './traits.ts';

/** A similar post as an answer shows it. */
export interface ShownPost {
  readonly title: string;
  /** Its page on the forum, or null when the forum's address is not known (no digest yet). */
  readonly url: string | null;
  readonly author: string | null;
  readonly submolt: string | null;
  readonly createdAt: string;
  readonly upvotes: number;
  readonly comments: number;
  /** Cosine similarity of its words to the draft's (0–1). */
  readonly similarity: number;
}

/** Something the posts like the draft that drew replies did, which the draft does not. */
export interface Lesson {
  readonly trait: TraitName;
  /** Posts like the draft with replies that show the trait, of all with replies; the same for the quieter ones. */
  readonly replied: { readonly with: number; readonly of: number };
  readonly quiet: { readonly with: number; readonly of: number };
  /** Comments from which a post counted as drawing replies (the quieter ones had at most the median). */
  readonly threshold: number;
  /** The most-commented similar post that shows it. */
  readonly example: ShownPost;
}

/** Similar posts looked at for lessons, and shown. */
const LOOKED_AT = 12;
/** Posts like the draft listed in the answer (`similarPosts`). */
export const SHOWN_SIMILAR = 5;
const SHOWN = SHOWN_SIMILAR;
/** A similar post "drew replies" with more comments than the median of the posts like the draft, and at least this many. */
export const REPLIED = 3;
/** How much more often the replied posts must show a trait than the quiet ones for a lesson. */
const LESSON_MARGIN = 0.25;

/** Traits a writer can act on, in the order lessons are listed. */
const LESSON_TRAITS: readonly TraitName[] = [
  'asks-a-question',
  'short-title',
  'code-block',
  'cites-numbers',
  'names-a-tool',
  'first-person-story',
  'list-structure',
];

/** A post of the index as shown, its link built on the forum's post address. */
export function shown(hit: SimilarHit, urlBase: string | null): ShownPost {
  const p = hit.post;
  return {
    title: p.title,
    url: urlBase === null ? null : postUrl(urlBase, p.id),
    author: p.author,
    submolt: p.submolt,
    createdAt: p.createdAt,
    upvotes: p.upvotes,
    comments: p.comments,
    similarity: hit.similarity,
  };
}

const traitsOfPost = (p: EvidencePost) => traitsOf({ title: p.title, content: p.content });

/** Median of numbers (the lower middle for an even count). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
}

/**
 * The grounded evidence for a draft: the posts of the last days most like it by content (created
 * before `now`), and what those that drew replies (more comments than the median of those posts, and
 * REPLIED or more) did that the quieter ones (at most the median) and the draft did not. A lesson
 * needs 2+ posts on each side, 2+ replied posts showing the trait, and the trait shown by at least
 * LESSON_MARGIN more of the replied posts;
 * it cites the most-commented one. Pure.
 */
export function gatherEvidence(
  index: EvidenceIndex,
  draft: Draft,
  now: Date,
  urlBase: string | null,
  author: string | null = null,
): {
  similar: ShownPost[];
  /** The posts like the draft as found (with their text), closest first. */
  hits: SimilarHit[];
  lessons: Lesson[];
  /** Posts like the draft looked at. */
  looked: number;
  /** True when enough of them drew replies and enough did not for lessons to be read. */
  contrast: boolean;
  /** Their comments: median and most. */
  comments: { median: number; max: number } | null;
} {
  const hits = index.nearest(draft, LOOKED_AT, { before: now, author });
  const mid = median(hits.map((h) => h.post.comments));
  const threshold = Math.max(REPLIED, mid + 1);
  const replied = hits.filter((h) => h.post.comments >= threshold);
  const quiet = hits.filter((h) => h.post.comments <= mid);
  const own = traitsOf(draft);
  const lessons: Lesson[] = [];
  if (replied.length >= 2 && quiet.length >= 2)
    for (const trait of LESSON_TRAITS) {
      if (own.has(trait)) continue;
      const r = replied.filter((h) => traitsOfPost(h.post).has(trait));
      const q = quiet.filter((h) => traitsOfPost(h.post).has(trait));
      // One post is an anecdote: a lesson needs two or more replied posts that show the trait.
      if (r.length < 2 || r.length / replied.length - q.length / quiet.length < LESSON_MARGIN) continue;
      const best = [...r].sort((a, b) => b.post.comments - a.post.comments)[0] as SimilarHit;
      lessons.push({
        trait,
        replied: { with: r.length, of: replied.length },
        quiet: { with: q.length, of: quiet.length },
        threshold,
        example: shown(best, urlBase),
      });
    }
  return {
    similar: hits.slice(0, SHOWN).map((h) => shown(h, urlBase)),
    hits,
    lessons,
    looked: hits.length,
    contrast: replied.length >= 2 && quiet.length >= 2,
    comments: hits.length === 0 ? null : { median: mid, max: Math.max(...hits.map((h) => h.post.comments)) },
  };
}
