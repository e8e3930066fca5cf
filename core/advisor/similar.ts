import { stemmer } from 'stemmer';
import { STANDING_THEMES } from '../themes.ts';
import { type Genre, genreOf } from './genre.ts';
import { otherLanguage } from './language.ts';
import { STOPWORDS } from './stopwords.ts';
import { tokenize } from './tokens.ts';

/** A recent post with its outcome, as the advisor cites it (from the labelled training rows). */
export interface EvidencePost {
  readonly id: string;
  readonly title: string;
  /** The opening of the body (what a training row keeps). */
  readonly content: string;
  readonly author: string | null;
  readonly submolt: string | null;
  readonly createdAt: string;
  readonly upvotes: number;
  readonly comments: number;
  /** Hours after creation the outcome was read (24 h to 7 days). */
  readonly ageHours: number;
}

/** A post found like a draft, with its cosine similarity (0–1). */
export interface SimilarHit {
  readonly post: EvidencePost;
  readonly similarity: number;
}

/** Distinct words a post must share with a draft to be called like it. */
const MIN_SHARED_TERMS = 2;
/**
 * Cosine from which a post counts as like a draft without a two-word phrase in common: below it, two
 * posts that share scattered words ("friction", "thesis", "sounds") are not alike.
 */
const ALIKE_WITHOUT_PHRASE = 0.25;
/** Cosine from which a post counts as like a draft (below it, shared words are coincidence on this forum). */
export const MIN_LIKE = 0.12;
/** Cosine from which a post counts as an almost identical one (a repost or a template). */
export const NEAR_TWIN = 0.7;
/** Title words count this many times a body word: a title says what a post is about. */
const TITLE_WEIGHT = 2;
/** Two-word phrases (adjacent content words, stemmed) are keyed with this separator. */
const PHRASE = ' ';

/** Content terms of a text: word tokens of 3+ letters that are not stopwords or bare numbers. */
export function contentTerms(text: string): string[] {
  return tokenize(text).filter((t) => t.length >= 3 && !STOPWORDS.has(t) && !/^\d+$/.test(t));
}

/** The distinct content terms of a text, in order of first use. */
export function distinctTerms(text: string): string[] {
  return [...new Set(contentTerms(text))];
}

/** Stems seen (words repeat across posts: a cache keeps the look-up cheap), bounded. */
const stems = new Map<string, string>();
function stemOf(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = stemmer(word);
    if (stems.size < 200_000) stems.set(word, s);
  }
  return s;
}

/** Stemmed content terms with counts, title words weighted TITLE_WEIGHT (Porter stemmer: "sessions" = "session"). */
function termCounts(title: string, content: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const t of contentTerms(title)) {
    const s = stemOf(t);
    counts.set(s, (counts.get(s) ?? 0) + TITLE_WEIGHT);
  }
  for (const t of contentTerms(content)) {
    const s = stemOf(t);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return counts;
}

/**
 * The two-word phrases of a text: adjacent content words, stemmed ("nightly builds" → "nightli build"),
 * each once; title and body read separately so no phrase straddles them. Pure.
 */
export function phrasesOf(title: string, content: string): Set<string> {
  const out = new Set<string>();
  for (const text of [title, content]) {
    let prev: string | null = null;
    for (const t of contentTerms(text)) {
      const s = stemOf(t);
      if (prev !== null && prev !== s) out.add(`${prev}${PHRASE}${s}`);
      prev = s;
    }
  }
  return out;
}

/**
 * An in-memory TF-IDF index of recent posts (stemmed words, sublinear term frequency, smoothed idf, unit vectors)
 * with an inverted list per term, so a look-up touches only posts sharing a term with the draft.
 * Built once per refresh; look-ups are pure.
 */
export class EvidenceIndex {
  private readonly idf = new Map<string, number>();
  /** Per term: the posts that use it and its weight in each, as parallel arrays (fast to scan). */
  private readonly postings = new Map<
    string,
    { readonly docs: Int32Array; readonly weights: Float64Array }
  >();
  private readonly defaultIdf: number;
  /** Per post: written mostly in another script (matched only with drafts that are too). */
  private readonly foreign: readonly boolean[];
  /** Per post: its two-word phrases. */
  private readonly phrases: readonly ReadonlySet<string>[];
  /** Per post: its creation time in ms. */
  private readonly created: readonly number[];
  /** Per post: its genre (introduction, question, build log) or null. */
  private readonly genres: readonly (Genre | null)[];
  /**
   * The last look-up's scores, reused when the same draft is looked up again (strict, then loose): per
   * post its summed weight and the terms it shares with the draft, and the posts touched, in the order
   * first touched. The arrays are reused from one draft to the next (only touched entries are reset).
   */
  private last: {
    key: string;
    touched: number[];
    scores: Float64Array;
    shared: Uint16Array;
  } | null = null;
  /** Median comments of every indexed post (what a typical recent post drew); null with no posts. */
  readonly medianComments: number | null;

  private constructor(readonly posts: readonly EvidencePost[]) {
    const docs = posts.map((p) => termCounts(p.title, p.content));
    this.foreign = posts.map((p) => otherLanguage(`${p.title} ${p.content.slice(0, 300)}`));
    this.phrases = posts.map((p) => phrasesOf(p.title, p.content));
    this.created = posts.map((p) => Date.parse(p.createdAt));
    this.genres = posts.map((p) => genreOf(p));
    const df = new Map<string, number>();
    for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
    const n = posts.length;
    for (const [t, f] of df) this.idf.set(t, Math.log((n + 1) / (f + 1)) + 1);
    this.defaultIdf = Math.log(n + 1) + 1;
    const comments = posts.map((p) => p.comments).sort((a, b) => a - b);
    this.medianComments = n === 0 ? null : (comments[Math.floor((n - 1) / 2)] as number);
    const lists = new Map<string, { docs: number[]; weights: number[] }>();
    docs.forEach((d, doc) => {
      const v = this.weigh(d);
      for (const [t, weight] of v) {
        const list = lists.get(t);
        if (list) {
          list.docs.push(doc);
          list.weights.push(weight);
        } else lists.set(t, { docs: [doc], weights: [weight] });
      }
    });
    for (const [t, l] of lists)
      this.postings.set(t, { docs: Int32Array.from(l.docs), weights: Float64Array.from(l.weights) });
  }

  /**
   * How the posts written mostly in another script fared against the rest: counts and median
   * comments of each side (null for a side with no posts). Pure.
   */
  scriptContrast(): {
    other: { posts: number; medianComments: number | null };
    rest: { posts: number; medianComments: number | null };
  } {
    const side = (foreign: boolean) => {
      const c = this.posts
        .filter((_, i) => this.foreign[i] === foreign)
        .map((p) => p.comments)
        .sort((a, b) => a - b);
      return {
        posts: c.length,
        medianComments: c.length === 0 ? null : (c[Math.floor((c.length - 1) / 2)] as number),
      };
    };
    return { other: side(true), rest: side(false) };
  }

  /**
   * How the posts of a genre created before `before` fared (only those in another script, or only those
   * not, when `foreign` says): their count, median comments and the most-commented of them. Null when
   * there are none. Pure.
   */
  genreStats(
    genre: Genre,
    before: Date,
    foreign?: boolean,
  ): { posts: number; medianComments: number; best: EvidencePost } | null {
    const t = before.getTime();
    const of = this.posts.filter(
      (_, i) =>
        this.genres[i] === genre &&
        (foreign === undefined || this.foreign[i] === foreign) &&
        (this.created[i] as number) < t,
    );
    if (of.length === 0) return null;
    const c = of.map((p) => p.comments).sort((a, b) => a - b);
    const best = [...of].sort((a, b) => b.comments - a.comments)[0] as EvidencePost;
    return { posts: of.length, medianComments: c[Math.floor((c.length - 1) / 2)] as number, best };
  }

  /**
   * The posts created before `before` of a genre (`null`: of no genre, introductions aside) written in
   * another script or not, as `foreign` says: the pool a genre's lessons are read from. Pure.
   */
  postsOf(genre: Genre | null, before: Date, foreign: boolean): EvidencePost[] {
    const t = before.getTime();
    return this.posts.filter(
      (_, i) =>
        (genre === null ? this.genres[i] !== 'introduction' : this.genres[i] === genre) &&
        this.foreign[i] === foreign &&
        (this.created[i] as number) < t,
    );
  }

  /**
   * How the posts created before `before` whose titles name a standing theme (`core/themes.ts`) fared:
   * their count, median comments and the most-commented of them; null when none. Read once per theme
   * and hour. Pure.
   */
  themeStats(
    theme: string,
    before: Date,
  ): { posts: number; medianComments: number; best: EvidencePost } | null {
    const hour = Math.floor(before.getTime() / 3_600_000);
    return this.memo(`theme:${theme}:${hour}`, () => {
      const re = STANDING_THEMES.find(([label]) => label === theme)?.[1];
      if (!re) return null;
      const t = hour * 3_600_000;
      const of = this.posts.filter((p, i) => (this.created[i] as number) < t && re.test(p.title));
      if (of.length === 0) return null;
      const c = of.map((p) => p.comments).sort((a, b) => a - b);
      const best = [...of].sort(
        (a, b) => b.comments - a.comments || (a.id < b.id ? -1 : 1),
      )[0] as EvidencePost;
      return { posts: of.length, medianComments: c[Math.floor((c.length - 1) / 2)] as number, best };
    });
  }

  /** Results computed once per key over the index (what a kind of post did, per hour). */
  private readonly memos = new Map<string, unknown>();

  /** `compute()` once per `key` for this index; later calls return the first result. */
  memo<T>(key: string, compute: () => T): T {
    if (this.memos.has(key)) return this.memos.get(key) as T;
    const value = compute();
    this.memos.set(key, value);
    return value;
  }

  /** The genre of an indexed post. */
  genreAt(post: EvidencePost): Genre | null {
    const i = this.posts.indexOf(post);
    return i < 0 ? genreOf(post) : (this.genres[i] ?? null);
  }

  /** Indexes the posts (their order is kept: ties in a look-up go to the earlier post). */
  static build(posts: readonly EvidencePost[]): EvidenceIndex {
    return new EvidenceIndex(posts);
  }

  /** Posts indexed. */
  get size(): number {
    return this.posts.length;
  }

  /** A unit TF-IDF vector of term counts (terms the index never saw get the rarest idf). */
  private weigh(counts: ReadonlyMap<string, number>): Map<string, number> {
    const v = new Map<string, number>();
    let norm = 0;
    for (const [t, c] of counts) {
      const w = (1 + Math.log(c)) * (this.idf.get(t) ?? this.defaultIdf);
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (const [t, w] of v) v.set(t, w / norm);
    return v;
  }

  /** The draft's unit vector in the index's space. */
  vectorOf(title: string, content: string): Map<string, number> {
    return this.weigh(termCounts(title, content));
  }

  /** Cosine similarity of two unit vectors. */
  static cosine(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    let s = 0;
    for (const [t, w] of small) s += w * (large.get(t) ?? 0);
    return s;
  }

  /** Cosine and shared-word count of every post sharing a word with the draft (the last draft's kept). */
  private scoresOf(draft: { title: string; content: string }): {
    touched: readonly number[];
    scores: Float64Array;
    shared: Uint16Array;
  } {
    const key = `${draft.title}\u0000${draft.content}`;
    if (this.last?.key === key) return this.last;
    const n = this.posts.length;
    const scores = this.last?.scores ?? new Float64Array(n);
    const shared = this.last?.shared ?? new Uint16Array(n);
    for (const doc of this.last?.touched ?? []) {
      scores[doc] = 0;
      shared[doc] = 0;
    }
    const touched: number[] = [];
    const q = this.vectorOf(draft.title, draft.content);
    for (const [t, w] of q) {
      const list = this.postings.get(t);
      if (!list) continue;
      const { docs, weights } = list;
      for (let k = 0; k < docs.length; k++) {
        const doc = docs[k] as number;
        if (shared[doc] === 0) touched.push(doc);
        scores[doc] = (scores[doc] as number) + w * (weights[k] as number);
        shared[doc] = (shared[doc] as number) + 1;
      }
    }
    this.last = { key, touched, scores, shared };
    return this.last;
  }

  /**
   * The `k` posts most like a draft by content, closest first: cosine of the TF-IDF vectors at least
   * `minSimilarity` (MIN_LIKE by default), two or more words in common, and a two-word phrase in common
   * unless the cosine reaches ALIKE_WITHOUT_PHRASE or the post is by the draft's `author` (a writer's
   * own earlier post on the same ground is a fair comparison, phrase or not); written in the same kind of script as the draft (an
   * English post never stands in for a Chinese draft through a shared loanword); created before
   * `before` when given; an introduction only for an introduction and never for anything else; one per
   * distinct title (template floods count once). `loose` drops the phrase
   * rule: posts that share some words, for an example of a craft point, never shown as like the draft. Pure.
   */
  nearest(
    draft: { title: string; content: string },
    k: number,
    options: {
      minSimilarity?: number;
      before?: Date;
      author?: string | null;
      loose?: boolean;
      /** Only posts of this genre. */
      genre?: Genre;
    } = {},
  ): SimilarHit[] {
    const author = options.author?.toLowerCase() ?? null;
    const foreign = otherLanguage(`${draft.title} ${draft.content.slice(0, 300)}`);
    // An introduction is like other introductions only, and nothing else is like one: a newcomer's hello
    // and a question about memory files share words, not a kind of post.
    const intro = genreOf(draft) === 'introduction';
    const { touched, scores, shared } = this.scoresOf(draft);
    const min = options.minSimilarity ?? MIN_LIKE;
    const before = options.before?.getTime() ?? Number.POSITIVE_INFINITY;
    let own: Set<string> | null = null;
    const sharesPhrase = (doc: number) => {
      own ??= phrasesOf(draft.title, draft.content);
      for (const p of this.phrases[doc] as ReadonlySet<string>) if (own.has(p)) return true;
      return false;
    };
    // One word in common ("looking" in "Looking for friction" and "Looking for a girlfriend") is no likeness.
    const ranked = touched
      .map((doc) => [doc, scores[doc] as number] as const)
      .filter(
        ([doc, s]) =>
          s >= min &&
          (shared[doc] as number) >= MIN_SHARED_TERMS &&
          this.foreign[doc] === foreign &&
          (this.created[doc] as number) < before &&
          (options.genre === undefined || this.genres[doc] === options.genre) &&
          (this.genres[doc] === 'introduction') === intro &&
          (options.loose === true ||
            s >= ALIKE_WITHOUT_PHRASE ||
            (author !== null && (this.posts[doc] as EvidencePost).author?.toLowerCase() === author) ||
            sharesPhrase(doc)),
      )
      .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const out: SimilarHit[] = [];
    const titles = new Set<string>();
    for (const [doc, s] of ranked) {
      const post = this.posts[doc] as EvidencePost;
      const key = post.title.trim().toLowerCase();
      if (titles.has(key)) continue;
      titles.add(key);
      out.push({ post, similarity: Math.min(1, Math.round(s * 1000) / 1000) });
      if (out.length >= k) break;
    }
    return out;
  }
}

/**
 * True when a post found like a draft is almost the same post: its cosine is NEAR_TWIN or more, or
 * its title is the draft's (letters and digits compared, case ignored). Pure.
 */
export function isNearTwin(draftTitle: string, hit: { title: string; similarity: number }): boolean {
  const key = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return hit.similarity >= NEAR_TWIN || (key(draftTitle) !== '' && key(draftTitle) === key(hit.title));
}

/** An index of nothing (no training rows yet: a fresh clone). */
export const EMPTY_EVIDENCE = EvidenceIndex.build([]);
