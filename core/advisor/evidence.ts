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

/**
 * Something posts of the draft's kind (recent introductions, say) that showed a trait did better or
 * worse than those that did not, which the draft does not follow: add the trait, or drop it.
 */
export interface PoolLesson {
  readonly trait: TraitName;
  readonly direction: 'add' | 'drop';
  /** Posts read (whole posts only), and the two sides: posts and their median comments. */
  readonly read: number;
  readonly shown: { readonly posts: number; readonly median: number };
  readonly other: { readonly posts: number; readonly median: number };
  /** The most-commented post that does what the lesson asks. */
  readonly example: ShownPost;
}

/** Characters of a body a training row keeps: a post at least this long was cut, its traits unknown. */
const KEPT_OPENING = 590;
/** Posts each side of a pool lesson needs overall, and in each half of the pool by time. */
const POOL_SIDE = 10;
const HALF_SIDE = 4;
/** Comments, and share of the larger median, by which one side's median must beat the other's. */
const POOL_MARGIN = 4;
const POOL_SHARE = 0.3;
/** Lessons given from a pool, at most. */
const POOL_LESSONS = 2;

/** Traits a pool lesson reads, each a writer can act on: add it, or drop it. */
const POOL_TRAITS: readonly TraitName[] = [
  'mentions-humans',
  'names-a-tool',
  'first-person-story',
  'cites-numbers',
  'asks-a-question',
  'short-post',
  'list-structure',
  'has-headings',
];

/** Times its side's median from which a post is an outlier, not an example to follow. */
const OUTLIER = 4;

/** Examples a pool finding keeps to choose from: enough that one is likely to be like the draft. */
const EXAMPLES_KEPT = 24;

/**
 * The most-commented posts of a side that are no outliers (at most OUTLIER × the side's median) and drew at
 * least the side's median, best first: a 310-comment thread among introductions that drew 14 is an
 * exception, not a model, and a post below its side's median shows nothing worth following.
 */
function typicalExamples(posts: readonly EvidencePost[], sideMedian: number): EvidencePost[] {
  const ranked = [...posts].sort((x, y) => y.comments - x.comments || (x.id < y.id ? -1 : 1));
  const typical = ranked.filter(
    (p) => p.comments <= OUTLIER * Math.max(1, sideMedian) && p.comments >= sideMedian,
  );
  return (typical.length > 0 ? typical : ranked).slice(0, EXAMPLES_KEPT);
}

/**
 * What the recent posts of the draft's kind that drew more comments did, when the posts most like the
 * draft are too few to say: over the pool's whole posts (a cut body's traits are unknown), a trait whose
 * posts' median comments beat (or trail) the others' by POOL_MARGIN comments and POOL_SHARE of the larger,
 * with POOL_SIDE posts each side, and the same way round in both halves of the pool by time (one day's
 * quirk is no lesson). A lesson is kept only when the draft does not already follow it: it lacks a trait
 * that did better, or shows one that did worse. The largest gaps first, POOL_LESSONS at most. Pure.
 */
export function poolLessons(
  pool: readonly EvidencePost[],
  own: ReadonlySet<TraitName>,
  urlBase: string | null,
): PoolLesson[] {
  return followLessons(poolFindings(pool), own, urlBase);
}

/** What a pool's posts that showed each trait did against the rest, before the draft is read. */
export interface PoolFinding extends Omit<PoolLesson, 'example'> {
  readonly gap: number;
  /** The posts that may be cited, most-commented first (see `typicalExamples`). */
  readonly examples: readonly EvidencePost[];
}

/**
 * The lessons of `findings` that the draft does not already follow, largest gap first, each with its own
 * example: the post most like the draft (`likeness`) among those following the lesson, so a friendly
 * introduction is shown another introduction, not a manifesto that happens to lack headings.
 */
export function followLessons(
  findings: readonly PoolFinding[],
  own: ReadonlySet<TraitName>,
  urlBase: string | null,
  likeness: (post: EvidencePost) => number = () => 0,
): PoolLesson[] {
  // Each lesson cites its own example: the next most like the draft when the first is already cited.
  const cited = new Set<string>();
  return findings
    .filter((f) => (f.direction === 'add' ? !own.has(f.trait) : own.has(f.trait)))
    .slice(0, POOL_LESSONS)
    .map(({ gap: _, examples, ...l }) => {
      let pick = examples[0] as EvidencePost;
      let best = Number.NEGATIVE_INFINITY;
      for (const p of examples) {
        if (cited.has(p.id)) continue;
        const like = likeness(p);
        if (like > best) [pick, best] = [p, like];
      }
      cited.add(pick.id);
      return { ...l, example: shown({ post: pick, similarity: 0 }, urlBase) };
    });
}

/** Every trait of POOL_TRAITS that separates the pool's posts as `poolLessons` requires, largest gap first. Pure. */
export function poolFindings(pool: readonly EvidencePost[]): PoolFinding[] {
  const whole = pool
    .filter((p) => p.content.length < KEPT_OPENING)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const traits = whole.map(traitsOfPost);
  const half = Math.floor(whole.length / 2);
  const gap = (from: number, to: number, trait: TraitName, side: number): number | null => {
    const on: number[] = [];
    const off: number[] = [];
    for (let i = from; i < to; i++) (traits[i]?.has(trait) ? on : off).push(whole[i]?.comments ?? 0);
    return on.length >= side && off.length >= side ? median(on) - median(off) : null;
  };
  const out: PoolFinding[] = [];
  for (const trait of POOL_TRAITS) {
    const all = gap(0, whole.length, trait, POOL_SIDE);
    if (all === null || all === 0) continue;
    const direction = all > 0 ? 'add' : 'drop';
    const on = whole.filter((_, i) => traits[i]?.has(trait));
    const off = whole.filter((_, i) => !traits[i]?.has(trait));
    const [a, b] = [median(on.map((p) => p.comments)), median(off.map((p) => p.comments))];
    if (Math.abs(all) < POOL_MARGIN || Math.abs(all) < POOL_SHARE * Math.max(a, b)) continue;
    const early = gap(0, half, trait, HALF_SIDE);
    const late = gap(half, whole.length, trait, HALF_SIDE);
    if (
      early === null ||
      late === null ||
      Math.sign(early) !== Math.sign(all) ||
      Math.sign(late) !== Math.sign(all)
    )
      continue;
    const doing = direction === 'add' ? on : off;
    out.push({
      trait,
      direction,
      read: whole.length,
      shown: { posts: on.length, median: a },
      other: { posts: off.length, median: b },
      examples: typicalExamples(doing, direction === 'add' ? a : b),
      gap: Math.abs(all),
    });
  }
  return out.sort((x, y) => y.gap - x.gap || (x.trait < y.trait ? -1 : 1));
}
