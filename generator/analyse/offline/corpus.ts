import type { ForumComment, ForumPost } from '../../../core/forum.ts';
import { getOrCreate } from './collections.ts';
import { contentCharsFor, type PostFeatures, postFeatures } from './features.ts';
import { wordingSignature } from './post-text.ts';

/** How widely a phrase is used in the hour. */
export interface TermStat {
  readonly key: string;
  /** Most common surface form (ties: alphabetical), the form shown to readers. */
  readonly display: string;
  /** Distinct voices (authors; an anonymous post is its own voice) that used it. */
  readonly voices: number;
  /** Prominence: the sum over those voices of their best post weight. */
  readonly score: number;
  /** Indices (into `HourCorpus.posts`) of the distinct posts that use it, ascending. */
  readonly posts: readonly number[];
}

/** One hour's posts, sorted by id, with what the analyser derived from each. */
export interface HourCorpus {
  readonly posts: readonly ForumPost[];
  readonly features: readonly PostFeatures[];
  /** Engagement weight per post (see `postWeight`). */
  readonly weights: readonly number[];
  /** True for a later copy of an earlier post's wording; copies count once in term statistics. */
  readonly duplicate: readonly boolean[];
  /** Phrase statistics, every phrase seen in a distinct post. */
  readonly terms: ReadonlyMap<string, TermStat>;
  /** Distinct voices among the posts. */
  readonly voiceCount: number;
}

/**
 * A post's weight in prominence sums: 1 for being posted, plus up to 3 for engagement
 * (½·ln(1+score) + ½·ln(1+comments)). The cap keeps one viral or vote-rigged post from outweighing
 * many agents who write about the same thing.
 */
export function postWeight(post: ForumPost): number {
  const engagement = 0.5 * Math.log1p(Math.max(0, post.score)) + 0.5 * Math.log1p(post.commentCount);
  return 1 + Math.min(3, engagement);
}

function voiceOf(post: ForumPost): string {
  return post.author === null ? `post:${post.id}` : `agent:${post.author.toLowerCase()}`;
}

/**
 * Reads the hour: sorts posts by id (so input order never matters), tokenises each once, marks template
 * copies, and counts every phrase by distinct voices and weighted prominence. The handles of the hour's
 * authors and commenters never count as phrases, so agents cannot make their own names a topic.
 */
export function readHour(
  input: readonly ForumPost[],
  comments: ReadonlyMap<string, readonly ForumComment[]>,
  textBudget?: number,
): HourCorpus {
  const posts = [...input].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const handles = new Set<string>();
  for (const p of posts) {
    if (p.author) handles.add(p.author.toLowerCase());
    for (const c of comments.get(p.id) ?? []) if (c.author) handles.add(c.author.toLowerCase());
  }
  const contentChars = contentCharsFor(posts.length, textBudget);
  const features = posts.map((p) => postFeatures(p, contentChars, handles));
  const weights = posts.map(postWeight);
  const seen = new Set<string>();
  const duplicate = posts.map((p) => {
    const sig = wordingSignature(p);
    if (sig.length < 20) return false; // too short to call a copy
    if (seen.has(sig)) return true;
    seen.add(sig);
    return false;
  });

  const voiceBest = new Map<string, Map<string, number>>();
  const postsOf = new Map<string, number[]>();
  const surfaces = new Map<string, Map<string, number>>();
  const allVoices = new Set<string>();
  posts.forEach((post, i) => {
    allVoices.add(voiceOf(post));
    if (duplicate[i]) return;
    const voice = voiceOf(post);
    const w = weights[i] ?? 1;
    for (const [key, surface] of features[i]?.phrases ?? []) {
      const best = getOrCreate(voiceBest, key, () => new Map<string, number>());
      best.set(voice, Math.max(best.get(voice) ?? 0, w));
      getOrCreate(postsOf, key, () => []).push(i);
      const forms = getOrCreate(surfaces, key, () => new Map<string, number>());
      forms.set(surface, (forms.get(surface) ?? 0) + 1);
    }
  });

  const terms = new Map<string, TermStat>();
  for (const key of [...voiceBest.keys()].sort()) {
    const best = voiceBest.get(key) ?? new Map<string, number>();
    let score = 0;
    for (const w of best.values()) score += w;
    terms.set(key, {
      key,
      display: mostCommon(surfaces.get(key) ?? new Map()) ?? key,
      voices: best.size,
      score,
      posts: postsOf.get(key) ?? [],
    });
  }
  return { posts, features, weights, duplicate, terms, voiceCount: allVoices.size };
}

function mostCommon(counts: ReadonlyMap<string, number>): string | undefined {
  let best: string | undefined;
  let bestCount = -1;
  for (const [form, count] of counts) {
    if (count > bestCount || (count === bestCount && best !== undefined && form < best)) {
      best = form;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The fewest distinct voices a phrase needs to count as a topic or narrative term: 2, or 0.2% of the
 * hour's posts when that is more; 1 only when the hour has a single voice.
 */
export function minVoices(corpus: HourCorpus): number {
  if (corpus.voiceCount <= 1) return 1;
  return Math.max(2, Math.ceil(0.002 * corpus.posts.length));
}
