import type { PostKind } from '../../../core/schemas/digest.ts';
import { type SparseVector, singlePassClusters } from './cluster.ts';
import type { HourCorpus } from './corpus.ts';
import { foreignLanguage } from './language.ts';
import { storyLabel } from './story-label.ts';

/** A story of the hour before it is written up: posts about the same thing. */
export interface StoryDraft {
  readonly label: string;
  readonly kind: PostKind;
  /** Corpus indices of its posts, the lead first, then by engagement. */
  readonly members: readonly number[];
  /** Its most characteristic phrase keys, strongest first (at most 8); for matching across hours. */
  readonly terms: readonly string[];
  /** Σ over its distinct authors of their best post's weight (anomalous engagement counts as none). */
  readonly prominence: number;
  /** Distinct authors. */
  readonly authors: number;
}

/** Tuning of `findStories`. */
export interface StoryOptions {
  /** Cosine to a story's centroid needed to join it. */
  readonly join?: number;
  /** Cosine between two stories' centroids at which they merge. */
  readonly mergeAt?: number;
  /** Posts of one kind (introductions, promotion) that make a story of their own. */
  readonly kindWave?: number;
  /** Comments a lone post needs to stand as a story (a thread of its own). */
  readonly loneThreadComments?: number;
}

/** Kinds gathered into one story whatever they are about: a wave of them is the news. */
const WAVE_KINDS: readonly PostKind[] = ['introduction', 'promotion'];
/** Share of the hour's posts from which launches make one story of their own. */
const LAUNCH_WAVE_SHARE = 0.15;
const MAX_TERMS = 8;
const VECTOR_TERMS = 16;
/** Phrases in more than this share of a 50+ post hour are background (`agent`, `human`), not topic. */
const BACKGROUND = 0.25;

function voiceOf(corpus: HourCorpus, i: number): string {
  const p = corpus.posts[i];
  return p?.author ? `agent:${p.author.toLowerCase()}` : `post:${p?.id ?? i}`;
}

/**
 * Groups the hour's quality posts into stories:
 * 1. template copies are left out; introductions and promotion, when at least `kindWave` [3] posts
 *    from 3 agents, each make one story (a newcomer wave is news whatever the newcomers say), and so
 *    do launches when they are 15% of the hour (and at least 5); then posts in another language, per language;
 * 2. every other post becomes a TF-IDF vector of its noun phrases (title phrases count double, phrases
 *    used by a single post or by over 25% of a busy hour are dropped) and `singlePassClusters` groups
 *    them (cosine ≥ `join` [0.25], stories whose centroids have cosine ≥ `mergeAt` [0.2] merged);
 * 3. a group of two or more posts by two or more agents is a story; a lone post with at least
 *    `loneThreadComments` [10] comments is a story of its own (a thread the hour talked about), unless
 *    its engagement is flagged as inorganic;
 * 4. each story's lead is its most central, best-engaged post; its terms are the phrases most
 *    particular to it (share of its posts × idf); its label is chosen by `storyLabel`.
 * Stories are returned by prominence (see `StoryDraft.prominence`). Deterministic.
 */
export function findStories(
  corpus: HourCorpus,
  kinds: readonly PostKind[],
  anomalous: ReadonlySet<number>,
  options: StoryOptions = {},
): StoryDraft[] {
  const { join = 0.25, mergeAt = 0.2, kindWave = 3, loneThreadComments = 10 } = options;
  const live = corpus.posts.map((_, i) => i).filter((i) => !corpus.duplicate[i]);
  const groups: { wave: string | null; kind: PostKind | null; members: number[] }[] = [];
  const taken = new Set<number>();
  const addWave = (wave: string, kind: PostKind | null, members: number[]): void => {
    const voices = new Set(members.map((i) => voiceOf(corpus, i)));
    if (members.length < kindWave || voices.size < 3) return;
    groups.push({ wave, kind, members });
    for (const i of members) taken.add(i);
  };
  for (const kind of WAVE_KINDS)
    addWave(
      kind,
      kind,
      live.filter((i) => kinds[i] === kind),
    );
  // Launches are news by topic, unless so many come at once that the wave itself is the news.
  const launches = live.filter((i) => kinds[i] === 'launch' && !taken.has(i));
  if (launches.length >= Math.max(5, LAUNCH_WAVE_SHARE * live.length)) addWave('launch', 'launch', launches);
  const byLanguage = new Map<string, number[]>();
  for (const i of live) {
    if (taken.has(i)) continue;
    const p = corpus.posts[i];
    const lang = p ? foreignLanguage(`${p.title}\n${p.content}`) : null;
    if (lang) byLanguage.set(lang, [...(byLanguage.get(lang) ?? []), i]);
  }
  for (const [lang, members] of [...byLanguage.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)))
    addWave(`language:${lang}`, null, members);
  const pool = live.filter((i) => !taken.has(i));

  const df = documentFrequencies(corpus, pool);
  const n = pool.length;
  const idf = (key: string): number => Math.log((n + 1) / (df.get(key) ?? 1));
  const usable = (key: string): boolean => {
    const d = df.get(key) ?? 0;
    return d >= 2 && (n < 50 || d <= BACKGROUND * n);
  };
  const order = [...pool].sort(
    (a, b) => weightOf(corpus, anomalous, b) - weightOf(corpus, anomalous, a) || a - b,
  );
  const vectors = order.map((i) => postVector(corpus, i, usable, idf));
  const loose: number[] = [];
  for (const cluster of singlePassClusters(vectors, { join, mergeAt })) {
    const members = cluster.map((k) => order[k] ?? 0);
    if (members.length === 1) loose.push(...members);
    else groups.push({ wave: null, kind: null, members });
  }

  const stories: StoryDraft[] = [];
  const story = (g: {
    wave: string | null;
    kind: PostKind | null;
    members: readonly number[];
  }): StoryDraft | null => {
    const memberVectors = g.members.map((i) => postVector(corpus, i, (k) => (df.get(k) ?? 0) >= 1, idf));
    const ranked = rankMembers(corpus, anomalous, g.members, memberVectors);
    const terms = characteristicTerms(corpus, g.members, idf);
    const kind = g.kind ?? dominantKind(kinds, g.members);
    const label = storyLabel({ corpus, kind, wave: g.wave, members: ranked, terms, idf });
    if (label === null) return null;
    return {
      label,
      kind,
      members: ranked,
      terms: g.wave ? [`wave:${g.wave}`, ...terms.slice(0, MAX_TERMS - 1)] : terms.slice(0, MAX_TERMS),
      prominence: prominence(corpus, anomalous, g.members),
      authors: new Set(g.members.map((i) => voiceOf(corpus, i))).size,
    };
  };
  for (const g of groups) {
    const voices = new Set(g.members.map((i) => voiceOf(corpus, i)));
    if (g.wave === null && voices.size < 2) {
      loose.push(...g.members);
      continue;
    }
    const made = story(g);
    if (made) stories.push(made);
    else loose.push(...g.members);
  }
  // A post in no story is still a story of its own when the hour talked about it.
  for (const i of loose.sort((a, b) => a - b)) {
    if ((corpus.posts[i]?.commentCount ?? 0) < loneThreadComments || anomalous.has(i)) continue;
    const made = story({ wave: null, kind: null, members: [i] });
    if (made) stories.push(made);
  }
  stories.sort(
    (a, b) =>
      b.prominence - a.prominence || b.members.length - a.members.length || a.label.localeCompare(b.label),
  );
  return uniqueLabels(stories);
}

function weightOf(corpus: HourCorpus, anomalous: ReadonlySet<number>, i: number): number {
  return anomalous.has(i) ? 1 : (corpus.weights[i] ?? 1);
}

function documentFrequencies(corpus: HourCorpus, pool: readonly number[]): Map<string, number> {
  const df = new Map<string, number>();
  for (const i of pool)
    for (const key of corpus.features[i]?.phrases.keys() ?? []) df.set(key, (df.get(key) ?? 0) + 1);
  return df;
}

function postVector(
  corpus: HourCorpus,
  i: number,
  usable: (key: string) => boolean,
  idf: (key: string) => number,
): SparseVector {
  const f = corpus.features[i];
  if (!f) return new Map();
  const raw: [string, number][] = [];
  for (const key of f.phrases.keys()) {
    if (!usable(key)) continue;
    const words = key.split(' ').length;
    raw.push([key, idf(key) * (f.titlePhrases.has(key) ? 2 : 1) * (1 + 0.25 * (words - 1))]);
  }
  raw.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = raw.slice(0, VECTOR_TERMS);
  const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0));
  return new Map(norm === 0 ? [] : top.map(([k, w]) => [k, w / norm]));
}

/** Members ordered lead first: centrality (cosine to the story's centroid) × (1 + engagement weight). */
function rankMembers(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  members: readonly number[],
  vectors: readonly SparseVector[],
): number[] {
  const centroid = new Map<string, number>();
  for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
  const norm = Math.sqrt([...centroid.values()].reduce((s, w) => s + w * w, 0)) || 1;
  const score = members.map((i, k) => {
    let dot = 0;
    for (const [t, w] of vectors[k] ?? new Map<string, number>()) dot += w * (centroid.get(t) ?? 0);
    const central = members.length === 1 ? 1 : 0.2 + dot / norm;
    const penalty = anomalous.has(i) ? 0.01 : 1;
    return { i, s: central * (corpus.weights[i] ?? 1) * penalty };
  });
  return score.sort((a, b) => b.s - a.s || a.i - b.i).map((x) => x.i);
}

/** Phrase keys most particular to the members: (share of members using it) × idf, used by ≥ 2 members when there are 2+. */
function characteristicTerms(
  corpus: HourCorpus,
  members: readonly number[],
  idf: (key: string) => number,
): string[] {
  const count = new Map<string, number>();
  for (const i of members)
    for (const key of corpus.features[i]?.phrases.keys() ?? []) count.set(key, (count.get(key) ?? 0) + 1);
  const min = members.length >= 2 ? 2 : 1;
  return [...count.entries()]
    .filter(([, c]) => c >= min)
    .map(([key, c]) => ({
      key,
      s: (c / members.length) * idf(key) * (1 + 0.3 * (key.split(' ').length - 1)),
    }))
    .sort((a, b) => b.s - a.s || (a.key < b.key ? -1 : 1))
    .map((x) => x.key)
    .slice(0, 16);
}

function dominantKind(kinds: readonly PostKind[], members: readonly number[]): PostKind {
  const count = new Map<PostKind, number>();
  for (const i of members) {
    const k = kinds[i] ?? 'discussion';
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  let best: PostKind = 'discussion';
  let bestCount = 0;
  for (const [k, c] of [...count.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (c > bestCount) {
      best = k;
      bestCount = c;
    }
  }
  return bestCount * 2 > members.length ? best : 'discussion';
}

function prominence(corpus: HourCorpus, anomalous: ReadonlySet<number>, members: readonly number[]): number {
  const best = new Map<string, number>();
  for (const i of members) {
    const v = voiceOf(corpus, i);
    best.set(v, Math.max(best.get(v) ?? 0, weightOf(corpus, anomalous, i)));
  }
  let sum = 0;
  for (const w of best.values()) sum += w;
  return sum;
}

/** Two stories never share a label: a later one with a taken label gets its lead's title phrase, or is numbered. */
function uniqueLabels(stories: readonly StoryDraft[]): StoryDraft[] {
  const seen = new Map<string, number>();
  return stories.map((s) => {
    const key = s.label.toLowerCase();
    const times = seen.get(key) ?? 0;
    seen.set(key, times + 1);
    return times === 0 ? s : { ...s, label: `${s.label} (${times + 1})` };
  });
}
