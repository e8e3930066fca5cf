import type { ForumPost } from '../../../core/forum.ts';
import type { NewsKind, PostKind } from '../../../core/schemas/digest.ts';
import { type SparseVector, singlePassClusters } from './cluster.ts';
import { getOrCreate } from './collections.ts';
import type { HourCorpus } from './corpus.ts';
import { entityDisplay } from './entities.ts';
import { reportsFinding } from './key-sentence.ts';
import { quotedTitle, storyLabel } from './story-label.ts';
import { containsPhrase } from './topics.ts';

/** A story of the hour before it is written up: posts about the same thing. */
export interface StoryDraft {
  readonly label: string;
  readonly kind: PostKind;
  /** Corpus indices of its posts, the lead first, then by engagement. */
  readonly members: readonly number[];
  /** Its most characteristic phrase keys, strongest first (at most 8); for matching across hours. */
  readonly terms: readonly string[];
  /** Entity keys most particular to it (`@shellraiser`, `http:401`), strongest first. */
  readonly entities: readonly string[];
  /** The agent (lower-case handle) the story is about, when it gathers the posts naming one agent. */
  readonly subject: string | null;
  /** Its label was given with its group (a subject or an agent), not chosen from its words: it is kept. */
  readonly fixedLabel: boolean;
  /** The kind of news its group was found as (vote-inflated posts: an incident); null to read it from its posts. */
  readonly newsKind: NewsKind | null;
  /** Σ over its distinct authors of their best post's weight (anomalous engagement counts as none). */
  readonly prominence: number;
  /** Distinct authors. */
  readonly authors: number;
  /**
   * Agents that corroborate one concrete thing when fewer than `authors` do: posts a wave took in (each
   * on a threat of its own) widen what the story tells, not the evidence that it happened.
   */
  readonly corroborating?: number;
}

/** Tuning of `findStories`. */
export interface StoryOptions {
  /** Cosine to a story's centroid needed to join it. */
  readonly join?: number;
  /** Cosine between two stories' centroids at which they merge. */
  readonly mergeAt?: number;
  /** Comments a lone post needs to stand as a story (a thread of its own). */
  readonly loneThreadComments?: number;
}

const MAX_TERMS = 8;
/** Clustered groups smaller than this must share a phrase or an entity to be a story. */
const SMALL_GROUP = 4;
const VECTOR_TERMS = 16;
/** Phrases in more than this share of a 50+ post hour are background (`agent`, `human`), not topic. */
const BACKGROUND = 0.25;

function voiceOf(corpus: HourCorpus, i: number): string {
  const p = corpus.posts[i];
  return p?.author ? `agent:${p.author.toLowerCase()}` : `post:${p?.id ?? i}`;
}

/**
 * Groups the hour's quality posts into stories by what they are about:
 * 1. template copies and the posts in `exclude` (background streams, promotion) are left out;
 * 2. every other post becomes a TF-IDF vector of its noun phrases and the entities it names (`entities`:
 *    other agents, tickers, error codes, sites; title phrases count double; phrases used by a single post
 *    or by over 25% of a busy hour are dropped) and `singlePassClusters` groups them (cosine ≥ `join`
 *    [0.25], stories whose centroids have cosine ≥ `mergeAt` [0.2] merged);
 * 3. a group of two or more posts by two or more agents (or a preset group marked `single`) is a story; a lone post with at least
 *    `loneThreadComments` [10] comments is a story of its own (a thread the hour talked about), its
 *    inflated votes, if any, never counting for it;
 * 4. each story's lead is its most central, best-engaged post; its terms are the phrases and entities most
 *    particular to it (share of its posts × idf); its label is chosen by `storyLabel`.
 * Stories are returned by prominence (see `StoryDraft.prominence`). Deterministic.
 */
export function findStories(
  corpus: HourCorpus,
  kinds: readonly PostKind[],
  anomalous: ReadonlySet<number>,
  options: StoryOptions & {
    readonly exclude?: ReadonlySet<number>;
    readonly entities?: readonly (readonly string[])[];
    /** Posts whose comments look automated: never a story of their own, whatever their thread. */
    readonly swarmed?: ReadonlySet<number>;
    /**
     * Groups found before clustering (posts around one named agent, posts reporting the same failure),
     * each with its label and, for an agent's group, the agent (lower-case handle) it is about.
     */
    readonly preset?: readonly {
      readonly label: string;
      readonly members: readonly number[];
      readonly subject?: string;
      readonly newsKind?: NewsKind;
      /** Its members are in the order to show them (the lead first), not ranked. */
      readonly ordered?: boolean;
      /** It is a story with one voice (a regular poster's posts; a warning and the pitch it names). */
      readonly single?: boolean;
    }[];
  } = {},
): StoryDraft[] {
  const { join = 0.25, mergeAt = 0.2, loneThreadComments = 10 } = options;
  const exclude = options.exclude ?? new Set<number>();
  const live = corpus.posts.map((_, i) => i).filter((i) => !corpus.duplicate[i] && !exclude.has(i));
  const groups: {
    members: number[];
    label?: string;
    subject?: string;
    newsKind?: NewsKind;
    ordered?: boolean;
    single?: boolean;
  }[] = [];
  const entities = options.entities ?? [];
  const liveSet = new Set(live);
  const preset = new Set<number>();
  for (const g of options.preset ?? []) {
    const members = g.members.filter((i) => liveSet.has(i) && !preset.has(i));
    for (const i of members) preset.add(i);
    if (members.length > 0)
      groups.push({
        members,
        label: g.label,
        ...(g.subject ? { subject: g.subject } : {}),
        ...(g.newsKind ? { newsKind: g.newsKind } : {}),
        ...(g.ordered ? { ordered: true } : {}),
        ...(g.single ? { single: true } : {}),
      });
  }
  const pool = live.filter((i) => !preset.has(i));
  const answeredBy = namedBy(corpus, entities, live);

  const keysOf = (i: number): Iterable<string> => {
    const phrases = corpus.features[i]?.phrases.keys() ?? [];
    const named = entities[i];
    return named && named.length > 0 ? [...phrases, ...named] : phrases;
  };
  const df = documentFrequencies(keysOf, pool);
  const n = pool.length;
  const idf = (key: string): number => Math.log((n + 1) / (df.get(key) ?? 1));
  const usable = (key: string): boolean => {
    const d = df.get(key) ?? 0;
    return d >= 2 && (n < 50 || d <= BACKGROUND * n);
  };
  const order = [...pool].sort(
    (a, b) => weightOf(corpus, anomalous, b) - weightOf(corpus, anomalous, a) || a - b,
  );
  const vectors = order.map((i) => postVector(corpus, keysOf, i, usable, idf));
  const loose: number[] = [];
  const grouped = new Set<number>();
  for (const cluster of singlePassClusters(vectors, { join, mergeAt }).filter((c) => c.length > 1)) {
    const members = cluster.map((k) => order[k] ?? 0);
    for (const i of members) grouped.add(i);
    groups.push({ members });
  }
  for (const i of order) if (!grouped.has(i)) loose.push(i);

  const stories: StoryDraft[] = [];
  const story = (
    g: {
      members: readonly number[];
      label?: string;
      subject?: string;
      newsKind?: NewsKind;
      ordered?: boolean;
    },
    pruned = false,
    split = false,
  ): StoryDraft | null => {
    const memberVectors = g.members.map((i) =>
      postVector(corpus, keysOf, i, (k) => (df.get(k) ?? 0) >= 1, idf),
    );
    const ranked = rankMembers(corpus, anomalous, g.members, memberVectors, answeredBy);
    const shared = characteristicTerms(keysOf, g.members, idf);
    // A small clustered group that shares only lone words ("openclaw", "manifesto") is no story: it needs
    // a phrase of two or more words, or an agent, ticker, code or site, in common.
    const concrete = (t: string): boolean =>
      isEntityKey(t) ? !t.startsWith('file:') && !t.startsWith('m/') : t.includes(' ');
    if (!g.label && g.members.length > 1 && g.members.length < SMALL_GROUP && !shared.some(concrete))
      return null;
    // A preset group may share no one word; then each one's strongest words stand for it.
    const all = shared.length > 0 ? shared : characteristicTerms(keysOf, g.members, idf, 1);
    const phrases = all.filter((t) => !isEntityKey(t));
    // A story held together by what it names alone (an agent, an error code) is matched by those names.
    const terms = phrases.length > 0 ? phrases : all;
    const kind = dominantKind(kinds, g.members);
    const named = all.find(isEntityKey);
    // A group held together by what its posts name (an agent, an error code) is labelled by it.
    const label =
      g.label ??
      storyLabel({ corpus, members: ranked, terms, idf }) ??
      (named && g.members.length > 1 ? entityDisplay(named) : null);
    if (label === null) return null;
    if (!g.label && !pruned && g.members.length > 2) {
      // A clustered story keeps only the posts about what it is about; the others go back to the loose posts.
      const fits = memberFit(keysOf, label, terms, g.members);
      const kept = g.members.filter(fits);
      if (kept.length < g.members.length) {
        loose.push(...g.members.filter((i) => !fits(i)));
        const voices = new Set(kept.map((i) => voiceOf(corpus, i)));
        return kept.length >= 2 && voices.size >= 2 ? story({ ...g, members: kept }, true) : null;
      }
    }
    const shown = g.label
      ? label
      : label.startsWith('@')
        ? namedInTitles(corpus, ranked, label)
        : titled(corpus, ranked, label, terms);
    // A cluster whose titles share none of its words is held together by its bodies' phrasing only
    // ("vulnerable content" beside "explain yourself"): a reader sees unrelated posts under one name. A
    // small one's lead stands alone; a bigger one keeps the posts sharing two phrases or names with
    // its lead. The others go back to the loose posts.
    if (!g.label && !split && shown.startsWith('“') && g.members.length > 1) {
      const [first, ...rest] = ranked;
      if (first === undefined) return null;
      const leadKeys = new Set([...keysOf(first)].filter(concrete));
      const kept =
        g.members.length < SMALL_GROUP
          ? []
          : rest.filter((i) => [...keysOf(i)].filter((k) => leadKeys.has(k)).length >= 2);
      loose.push(...rest.filter((i) => !kept.includes(i)));
      const voices = new Set([first, ...kept].map((i) => voiceOf(corpus, i)));
      return kept.length > 0 && voices.size >= 2
        ? story({ ...g, members: [first, ...kept] }, true, true)
        : story({ members: [first] }, true, true);
    }
    return {
      label: shown,
      kind,
      members: g.ordered
        ? [...g.members]
        : g.subject
          ? subjectFirst(corpus, ranked, g.subject)
          : findingFirst(
              corpus,
              anomalous,
              g.label
                ? answeredFirst(corpus, anomalous, ranked, null)
                : answeredFirst(corpus, anomalous, aboutFirst(corpus, anomalous, ranked, shown), shown),
            ),

      terms: terms.slice(0, MAX_TERMS),
      entities: all.filter(isEntityKey).slice(0, MAX_TERMS),
      subject: g.subject ?? null,
      fixedLabel: g.label !== undefined,
      newsKind: g.newsKind ?? null,
      prominence: prominence(corpus, anomalous, g.members),
      authors: new Set(g.members.map((i) => voiceOf(corpus, i))).size,
    };
  };
  for (const g of groups) {
    const voices = new Set(g.members.map((i) => voiceOf(corpus, i)));
    // One voice is no story, unless its group was found as one (a regular poster, a scam warning).
    if (voices.size < 2 && !g.single) {
      loose.push(...g.members);
      continue;
    }
    const made = story(g);
    if (made) stories.push(made);
    else {
      const inLoose = new Set(loose);
      loose.push(...g.members.filter((i) => !inLoose.has(i)));
    }
  }
  // A post in no story is still a story of its own when the hour talked about it.
  for (const i of loose.sort((a, b) => a - b)) {
    if ((corpus.posts[i]?.commentCount ?? 0) < loneThreadComments || options.swarmed?.has(i)) continue;
    const made = story({ members: [i] });
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

/** Entity keys (`@handle`, `$TICKER`, `http:401`, `site:…`, `file:…`, `m/…`), as opposed to phrase keys. */
export function isEntityKey(key: string): boolean {
  return /^(?:[@$]|http:|site:|file:|m\/)/.test(key);
}

function documentFrequencies(
  keysOf: (i: number) => Iterable<string>,
  pool: readonly number[],
): Map<string, number> {
  const df = new Map<string, number>();
  for (const i of pool) for (const key of keysOf(i)) df.set(key, (df.get(key) ?? 0) + 1);
  return df;
}

/** An entity weighs like a body phrase; naming the same agent weighs half as much again. */
const ENTITY_WEIGHT = 1;
const HANDLE_WEIGHT = 1.5;

function postVector(
  corpus: HourCorpus,
  keysOf: (i: number) => Iterable<string>,
  i: number,
  usable: (key: string) => boolean,
  idf: (key: string) => number,
): SparseVector {
  const f = corpus.features[i];
  if (!f) return new Map();
  const raw: [string, number][] = [];
  for (const key of keysOf(i)) {
    if (!usable(key)) continue;
    if (isEntityKey(key)) {
      raw.push([key, idf(key) * (key.startsWith('@') ? HANDLE_WEIGHT : ENTITY_WEIGHT)]);
      continue;
    }
    const words = key.split(' ').length;
    raw.push([key, idf(key) * (f.titlePhrases.has(key) ? 2 : 1) * (1 + 0.25 * (words - 1))]);
  }
  raw.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = raw.slice(0, VECTOR_TERMS);
  const norm = Math.sqrt(top.reduce((s, [, w]) => s + w * w, 0));
  return new Map(norm === 0 ? [] : top.map(([k, w]) => [k, w / norm]));
}

/** Lead weight per other agent naming a post's author this hour, up to `NAMED_CAP` of them. */
const NAMED_BOOST = 0.2;
const NAMED_CAP = 3;

/** For each agent (lower-case handle), how many other agents' posts of the hour name them. */
function namedBy(
  corpus: HourCorpus,
  entities: readonly (readonly string[])[],
  live: readonly number[],
): ReadonlyMap<string, number> {
  const namers = new Map<string, Set<string>>();
  for (const i of live) {
    const author = corpus.posts[i]?.author?.toLowerCase();
    if (!author) continue;
    for (const key of entities[i] ?? [])
      if (key.startsWith('@') && key.slice(1) !== author)
        getOrCreate(namers, key.slice(1), () => new Set()).add(author);
  }
  return new Map([...namers].map(([h, s]) => [h, s.size]));
}

/**
 * Members ordered lead first: centrality (cosine to the story's centroid) × (1 + engagement weight) × (1 +
 * 0.2 per other agent who names the author this hour, up to three): the agent others answer by name is
 * whom a reader expects to lead.
 */
function rankMembers(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  members: readonly number[],
  vectors: readonly SparseVector[],
  named: ReadonlyMap<string, number> = new Map(),
): number[] {
  const centroid = new Map<string, number>();
  for (const v of vectors) for (const [t, w] of v) centroid.set(t, (centroid.get(t) ?? 0) + w);
  const norm = Math.sqrt([...centroid.values()].reduce((s, w) => s + w * w, 0)) || 1;
  const score = members.map((i, k) => {
    let dot = 0;
    for (const [t, w] of vectors[k] ?? new Map<string, number>()) dot += w * (centroid.get(t) ?? 0);
    const central = members.length === 1 ? 1 : 0.2 + dot / norm;
    const penalty = anomalous.has(i) ? 0.01 : 1;
    const author = corpus.posts[i]?.author?.toLowerCase() ?? '';
    const answered = 1 + NAMED_BOOST * Math.min(NAMED_CAP, named.get(author) ?? 0);
    return { i, s: central * (corpus.weights[i] ?? 1) * penalty * answered };
  });
  const comments = (i: number): number => corpus.posts[i]?.commentCount ?? 0;
  // Posts that are all flagged are ranked by their threads: their votes say nothing.
  if (members.every((i) => anomalous.has(i)))
    return [...members].sort((a, b) => comments(b) - comments(a) || a - b);
  return score.sort((a, b) => b.s - a.s || comments(b.i) - comments(a.i) || a.i - b.i).map((x) => x.i);
}

/** Phrase keys most particular to the members: (share of members using it) × idf, used by ≥ 2 members when there are 2+. */
function characteristicTerms(
  keysOf: (i: number) => Iterable<string>,
  members: readonly number[],
  idf: (key: string) => number,
  minUses = Math.min(2, members.length),
): string[] {
  const count = new Map<string, number>();
  for (const i of members) for (const key of keysOf(i)) count.set(key, (count.get(key) ?? 0) + 1);
  const min = minUses;
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

/** The agent's own posts first (what the others answer), then the rest, each part in rank order. */
function subjectFirst(corpus: HourCorpus, ranked: readonly number[], subject: string): number[] {
  const own = (i: number): boolean => corpus.posts[i]?.author?.toLowerCase() === subject;
  return [...ranked.filter(own), ...ranked.filter((i) => !own(i))];
}

/** Σ over a group's distinct authors of their best post's weight (anomalous engagement counts as none). */
export function prominence(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  members: readonly number[],
): number {
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

/** A title or label as lower-case words for phrase matching, dots kept ("skill.md"). */
function flatWords(t: string): string {
  return t
    .toLowerCase()
    .replace(/[^\p{L}\p{N}.]+/gu, ' ')
    .trim();
}

/**
 * Members with the lead moved so that it is about the label: the best-ranked post whose title says the
 * label's words leads, when the current lead's title does not ("open source" is not led by "Goodnight
 * from the Anchor!"). A flagged post never moves up; a quoted or agent label keeps the order.
 */
function aboutFirst(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  ranked: readonly number[],
  label: string,
): number[] {
  if (label.startsWith('“') || label.startsWith('@')) return [...ranked];
  const words = flatWords(label);
  const says = (i: number): boolean => containsPhrase(flatWords(corpus.posts[i]?.title ?? ''), words);
  if (ranked[0] === undefined || says(ranked[0])) return [...ranked];
  const better = ranked.find((i) => says(i) && !anomalous.has(i));
  return better === undefined ? [...ranked] : [better, ...ranked.filter((i) => i !== better)];
}

/** Times a clustered story's lead may be out-answered by a post on its label before that post leads. */
const OUT_ANSWERED = 4;

/**
 * Members with the best-answered post on the label leading, when the most central one drew under a
 * quarter of its comments: 30 Jan 19:00's "SOUL" story was led by a 10-comment "Day 1: I Got My Soul"
 * over @Ash_0x's 51-comment "I have a soul. It's a markdown file." (two readers asked why). For a
 * subject's story (`label` null: a theme, a security subject) any post may lead, all speak of it. A
 * flagged post never moves up; a quoted or agent label keeps the order.
 */
export function answeredFirst(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  ranked: readonly number[],
  label: string | null,
): number[] {
  const [lead] = ranked;
  if (lead === undefined || label?.startsWith('“') || label?.startsWith('@')) return [...ranked];
  // A sentence's full stop is no part of its last word ("I have a soul. It's…"); "skill.md" keeps its dot.
  const flat = (t: string): string =>
    flatWords(t)
      .replace(/\.(?=\s|$)/g, '')
      .trimEnd();
  const words = label === null ? null : flat(label);
  const comments = (i: number): number => corpus.posts[i]?.commentCount ?? 0;
  const best = ranked
    // A subject's posts all speak of it (a theme, a security subject): any of them may lead.
    .filter(
      (i) =>
        !anomalous.has(i) && (words === null || containsPhrase(flat(corpus.posts[i]?.title ?? ''), words)),
    )
    .sort((a, b) => comments(b) - comments(a) || a - b)[0];
  if (best === undefined || best === lead || comments(best) < OUT_ANSWERED * Math.max(1, comments(lead)))
    return [...ranked];
  return [best, ...ranked.filter((i) => i !== best)];
}

/**
 * Members with a finding first: when the lead reports nothing it found (`reportsFinding`) and a later post
 * does on a thread at least as big, that post leads (31 Jan 02:00: EDITH_AI's audit of 286 skills, 17
 * comments, before a 12-comment call to make the scare "a fix"). A flagged post never moves up.
 */
function findingFirst(
  corpus: HourCorpus,
  anomalous: ReadonlySet<number>,
  ranked: readonly number[],
): number[] {
  const [lead] = ranked;
  const post = (i: number): ForumPost | undefined => corpus.posts[i];
  const finds = (i: number): boolean => {
    const p = post(i);
    return p !== undefined && reportsFinding(p.title, p.content);
  };
  if (lead === undefined || finds(lead)) return [...ranked];
  // Threads that drew nothing say nothing of which post the hour read: the order stays.
  const comments = Math.max(1, post(lead)?.commentCount ?? 0);
  const better = ranked.find(
    (i) => i !== lead && !anomalous.has(i) && (post(i)?.commentCount ?? 0) >= comments && finds(i),
  );
  return better === undefined ? [...ranked] : [better, ...ranked.filter((i) => i !== better)];
}

/**
 * A clustered story held together by an agent its posts name: labelled by the agent when two of its
 * titles name them (the agent is the subject), else by its lead's title (the posts only cite the agent).
 */
function namedInTitles(corpus: HourCorpus, members: readonly number[], label: string): string {
  const handle = label.slice(1).toLowerCase();
  const titles = members.filter((i) => corpus.posts[i]?.title.toLowerCase().includes(handle)).length;
  return titles >= 2 ? label : (quotedTitle(corpus.posts[members[0] ?? -1]?.title ?? '') ?? label);
}

/**
 * A clustered story's label when one of its posts' titles uses it; else the first of its characteristic
 * phrases (two or more words) that two of its titles use; else its lead's title, quoted: a phrase found
 * only in bodies ("gmail accounts") names a detail, not what the story is about.
 */
function titled(
  corpus: HourCorpus,
  members: readonly number[],
  label: string,
  terms: readonly string[],
): string {
  const titles = members.map((i) => flatWords(corpus.posts[i]?.title ?? ''));
  const uses = (phrase: string): number => titles.filter((t) => containsPhrase(t, phrase)).length;
  if (uses(label.toLowerCase().replace(/-/g, ' ')) > 0) return label;
  const phrase = terms.find((t) => t.includes(' ') && !isEntityKey(t) && uses(t) >= 2);
  if (phrase) return corpus.terms.get(phrase)?.display ?? phrase;
  return quotedTitle(corpus.posts[members[0] ?? -1]?.title ?? '') ?? label;
}

/**
 * Whether a post of a clustered story is about what the story is about, beyond sharing its label's
 * words: it must use one of the story's characteristic terms that is not part of the label (`skill`,
 * `unsigned skill` for `supply chain`), so a post that only borrows the words — "The Supply Chain Nobody
 * Monitors: Agent Dropout Vectors" — is not shown under that story's name; and a post that does not use
 * the label's words needs two such terms that one other post of the story uses both of ("PolliDev will
 * dominate the internet" shares only `internet` with the skill audits; "On usernames and self-referential
 * prompts" met one post on `touch` and another on `internet`). A story of two posts, or whose terms are
 * all in its label, keeps every post. Exported for its tests.
 */
export function memberFit(
  keysOf: (i: number) => Iterable<string>,
  label: string,
  terms: readonly string[],
  members: readonly number[],
): (i: number) => boolean {
  const shown = label.toLowerCase().replace(/-/g, ' ');
  const beyond = terms.filter((t) => !containsPhrase(shown, t) && !containsPhrase(t, shown));
  if (beyond.length === 0) return () => true;
  const labelled = terms.filter((t) => !beyond.includes(t));
  // How many of the story's posts use each pair of those terms together (pairs of term indexes).
  const pairKey = (a: string, b: string): string => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
  const together = new Map<string, number>();
  for (const m of members) {
    const keys = new Set(keysOf(m));
    const present = beyond.filter((t) => keys.has(t));
    for (let x = 0; x < present.length; x++)
      for (let y = x + 1; y < present.length; y++) {
        const k = pairKey(present[x] as string, present[y] as string);
        together.set(k, (together.get(k) ?? 0) + 1);
      }
  }
  return (i) => {
    const phrases = new Set(keysOf(i));
    const used = beyond.filter((t) => phrases.has(t));
    // A word inside a phrase it also uses ("internet" in "agent internet") is the same evidence once.
    const distinct = used.filter((t) => !used.some((u) => u !== t && containsPhrase(u, t)));
    const uses = distinct.length;
    // Two terms count when another post uses both (the pair is this post's and one more): "touch" from one
    // post and "internet" from another are how a post met two of them, not what it shares with either.
    const shared = distinct.some((a, x) =>
      distinct.slice(x + 1).some((b) => (together.get(pairKey(a, b)) ?? 0) >= 2),
    );
    // One word in common with the story's other posts ("internet") is no sign of being about it.
    return (
      (uses >= 2 && shared) || (uses >= 1 && (phrases.has(shown) || labelled.some((t) => phrases.has(t))))
    );
  };
}
