import { type ActivityFacts, RECENT_TIMES } from './activity.ts';
import { bucketOf } from './hash.ts';
import { bigrams, tokenize } from './tokens.ts';
import { type TraitName, traitsOf, wordCount } from './traits.ts';

/** The feature groups a prediction is explained by. */
export const FEATURE_GROUPS = ['wording', 'format', 'timing', 'community', 'author', 'digest'] as const;
/** One feature group. */
export type FeatureGroup = (typeof FEATURE_GROUPS)[number];

/** The dense (named) features, in order, with their group. Hashed words come before them. */
export const DENSE_FEATURES: readonly { readonly name: string; readonly group: FeatureGroup }[] = [
  ...[
    'title-chars',
    'title-words',
    'body-words',
    'empty-body',
    'title-question',
    'body-question',
    'list-lines',
    'code',
    'link',
    'emoji',
    'title-caps',
    'headings',
    'numbers',
    'first-person',
    'title-exclaim',
    'mentions-humans',
    'names-a-tool',
    'title-emoji',
    'non-ascii',
  ].map((name) => ({ name, group: 'format' as const })),
  ...Array.from({ length: 24 }, (_, h) => ({
    name: `hour-${String(h).padStart(2, '0')}`,
    group: 'timing' as const,
  })),
  ...['community-upvotes', 'community-comments', 'community-posts', 'community-named'].map((name) => ({
    name,
    group: 'community' as const,
  })),
  ...[
    'author-upvotes',
    'author-comments',
    'author-posts',
    'author-named',
    'author-posts-seen',
    'author-posts-24h',
    'author-hours-since',
    'author-karma',
    'author-karma-known',
    'author-followers',
    'author-followers-known',
  ].map((name) => ({
    name,
    group: 'author' as const,
  })),
  ...[
    'topic-match',
    'emerging-narrative',
    'continuing-narrative',
    'fading-narrative',
    'patterns-shown',
    'patterns-missing',
  ].map((name) => ({ name, group: 'digest' as const })),
];

/** Where a group's dense features sit: index of the first one and how many there are. */
export function groupSlice(group: FeatureGroup): { start: number; length: number } {
  return {
    start: DENSE_FEATURES.findIndex((f) => f.group === group),
    length: DENSE_FEATURES.filter((f) => f.group === group).length,
  };
}

/** The author features' slice (dropped in content-only models). */
export const AUTHOR_SLICE = groupSlice('author');

/** A learned prior of a community or an author: posts seen and shrunk mean log-engagement above the global mean. */
export interface PriorValue {
  readonly n: number;
  /** Shrunk mean log1p(upvotes) minus the global mean. */
  readonly up: number;
  /** Shrunk mean log1p(comments) minus the global mean. */
  readonly com: number;
}

/** What is known about a post when it is posted. */
export interface PostingFacts {
  readonly title: string;
  readonly content: string;
  readonly hasUrl: boolean;
  /** UTC hour of day 0–23. */
  readonly hourOfDay: number;
  readonly submolt: string | null;
  readonly author: string | null;
  /** matchVector() of the draft against the digests of its time (six numbers). */
  readonly context: readonly number[];
  readonly communityPrior: PriorValue | null;
  readonly authorPrior: PriorValue | null;
  /** The author's posting activity before the post (`activity.ts`); null when unknown. */
  readonly activity?: ActivityFacts | null;
  /** The author's karma as the forum returned it with the post; null or absent when it did not. */
  readonly authorKarma?: number | null;
  /** The author's follower count as the forum returned it with the post; null or absent when it did not. */
  readonly authorFollowers?: number | null;
}

/** A feature vector: hashed word features (sparse) and the dense features (raw, unstandardised). */
export interface FeatureVector {
  readonly hashed: { readonly index: Int32Array; readonly value: Float64Array };
  readonly dense: Float64Array;
  readonly traits: ReadonlySet<TraitName>;
  /** The draft's distinct words (title and body), for context matching. */
  readonly words: ReadonlySet<string>;
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const LIST_LINE = /^\s*(?:[-*•]|\d{1,2}[.)])\s+\S/gm;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|me|my|mine|myself)\b/gi;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

function nonAsciiShare(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 127) n++;
  return text.length === 0 ? 0 : n / text.length;
}

function addNamespace(into: Map<number, number>, prefix: string, grams: readonly string[], buckets: number) {
  const unique = new Set(grams);
  if (unique.size === 0) return;
  const value = 1 / Math.sqrt(unique.size);
  for (const g of unique) {
    const b = bucketOf(`${prefix}${g}`, buckets);
    into.set(b, (into.get(b) ?? 0) + value);
  }
}

/** Words of the title and body as sets, plus the draft's traits; shared by features and context matching. */
export function readText(title: string, content: string, hasUrl: boolean) {
  const titleTokens = tokenize(title);
  const bodyTokens = tokenize(content);
  return {
    titleTokens,
    bodyTokens,
    words: new Set([...titleTokens, ...bodyTokens]),
    traits: traitsOf({ title, content }, hasUrl),
  };
}

/** Features of a post known at posting time. `buckets` is the hashed-word space (a power of two). Pure. */
export function extractFeatures(
  facts: PostingFacts,
  buckets: number,
  text: ReturnType<typeof readText> = readText(facts.title, facts.content, facts.hasUrl),
): FeatureVector {
  const hashed = new Map<number, number>();
  addNamespace(hashed, 't:', text.titleTokens, buckets);
  addNamespace(hashed, 'tb:', bigrams(text.titleTokens), buckets);
  addNamespace(hashed, 'b:', text.bodyTokens, buckets);
  addNamespace(hashed, 'bb:', bigrams(text.bodyTokens.slice(0, 200)), buckets);
  const entries = [...hashed].sort((a, b) => a[0] - b[0]);

  const body = facts.content.length > 4000 ? facts.content.slice(0, 4000) : facts.content;
  const bodyWords = wordCount(body);
  const letters = facts.title.replace(/[^\p{L}]/gu, '');
  const caps = letters.length === 0 ? 0 : letters.replace(/[^\p{Lu}]/gu, '').length / letters.length;
  const t = text.traits;
  const dense = new Float64Array(DENSE_FEATURES.length);
  const format = [
    Math.log1p(facts.title.length),
    Math.log1p(wordCount(facts.title)),
    Math.log1p(bodyWords),
    facts.content.trim() === '' ? 1 : 0,
    facts.title.includes('?') ? 1 : 0,
    facts.content.slice(-300).includes('?') ? 1 : 0,
    Math.log1p(count(body, LIST_LINE)),
    t.has('code-block') ? 1 : 0,
    t.has('has-link') ? 1 : 0,
    Math.log1p(count(facts.title, EMOJI) + count(body.slice(0, 1500), EMOJI)),
    caps,
    t.has('has-headings') ? 1 : 0,
    Math.log1p(count(body, /\b\d+(?:[.,]\d+)?%?/g)),
    bodyWords === 0 ? 0 : Math.min(1, count(body, FIRST_PERSON) / bodyWords) * 10,
    facts.title.includes('!') ? 1 : 0,
    t.has('mentions-humans') ? 1 : 0,
    t.has('names-a-tool') ? 1 : 0,
    Math.log1p(count(facts.title, EMOJI)),
    nonAsciiShare(`${facts.title} ${body.slice(0, 1500)}`),
  ];
  let k = 0;
  for (const v of format) dense[k++] = v;
  dense[k + (((facts.hourOfDay % 24) + 24) % 24)] = 1;
  k += 24;
  const prior = (p: PriorValue | null, named: boolean) => [
    p?.up ?? 0,
    p?.com ?? 0,
    Math.log1p(p?.n ?? 0),
    named ? 1 : 0,
  ];
  for (const v of prior(facts.communityPrior, facts.submolt !== null)) dense[k++] = v;
  for (const v of prior(facts.authorPrior, facts.author !== null)) dense[k++] = v;
  // Author activity: 0 when no author or no activity is known (a first post also has 0 hours since).
  const act = facts.author !== null ? (facts.activity ?? null) : null;
  dense[k++] = Math.log1p(act?.authorPosts ?? 0);
  dense[k++] = Math.log1p(Math.min(act?.authorPosts24h ?? 0, RECENT_TIMES));
  dense[k++] = Math.log1p(Math.min(act?.hoursSincePrevious ?? 0, 168));
  const karma = facts.author !== null ? (facts.authorKarma ?? null) : null;
  dense[k++] = karma === null ? 0 : Math.sign(karma) * Math.log1p(Math.abs(karma));
  dense[k++] = karma === null ? 0 : 1;
  const followers = facts.author !== null ? (facts.authorFollowers ?? null) : null;
  dense[k++] = followers === null ? 0 : Math.log1p(followers);
  dense[k++] = followers === null ? 0 : 1;
  for (let i = 0; i < 6; i++) dense[k++] = facts.context[i] ?? 0;
  return {
    hashed: {
      index: Int32Array.from(entries, (e) => e[0]),
      value: Float64Array.from(entries, (e) => e[1]),
    },
    dense,
    traits: text.traits,
    words: text.words,
  };
}
