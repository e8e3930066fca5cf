import { round } from '../../../core/canonical-json.ts';
import { getOrCreate } from './collections.ts';
import type { HourCorpus, TermStat } from './corpus.ts';
import { candidateTerms, containsPhrase, indexPhrases, type PhraseIndex, preferPhrase } from './topics.ts';

/** A theme of the hour before its lifecycle is known. */
export interface NarrativeDraft {
  /** Readable label from the theme's strongest phrases. */
  readonly label: string;
  /** Term keys, strongest first (at most 8). */
  readonly terms: readonly string[];
  /** Distinct posts assigned to the theme. */
  readonly posts: number;
  /** posts / the hour's quality posts. */
  readonly share: number;
}

/** Tuning of the theme clustering. */
export interface NarrativeOptions {
  /** Phrases considered (the most prominent ones). */
  readonly vocabulary?: number;
  /** Average-link cosine co-occurrence needed to merge two groups of phrases. */
  readonly linkThreshold?: number;
  /** Themes kept. */
  readonly limit?: number;
}

const MAX_TERMS = 8;
/** Share of posts above which a phrase is background (on a forum of agents: `agent`, `ai`), not a theme. */
const BACKGROUND = 0.4;

/**
 * Clusters the hour's posts into themes by phrase co-occurrence:
 * 1. vocabulary = the most prominent phrases used by enough distinct agents (see `candidateTerms`), each
 *    fragment replaced by its fuller phrase (`preferPhrase`), minus background phrases found in over 40% of
 *    posts of a 50+ post hour (they tie everything to everything);
 * 2. two phrases are linked by the cosine of their post sets, c(a,b)/√(df(a)·df(b)); groups of phrases are
 *    merged, strongest average link first, while it is ≥ `linkThreshold` and a group has ≤ 8 phrases;
 * 3. each post joins the group whose phrases it uses with the most weight (Σ idf), ties to the earlier
 *    group; a group becomes a theme when it holds ≥ max(2, 1% of posts) posts from ≥ 2 agents.
 * Deterministic: every loop runs over sorted data with index tie-breaks.
 */
export function findNarratives(corpus: HourCorpus, options: NarrativeOptions = {}): NarrativeDraft[] {
  const { vocabulary = 60, linkThreshold = 0.2, limit = 8 } = options;
  const total = corpus.posts.length;
  const distinct = corpus.duplicate.filter((d) => !d).length;
  if (total === 0) return [];
  const pool = candidateTerms(corpus);
  const phrases = indexPhrases(pool);
  // Fragments (`chain security`, bare `memory`) give way to the phrase they belong to, so a theme's slots
  // hold distinct phrases.
  const vocab = [...new Set(pool.map((t) => preferPhrase(t, phrases)))]
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1))
    .filter((t) => distinct < 50 || t.posts.length <= BACKGROUND * distinct)
    .slice(0, vocabulary);
  if (vocab.length === 0) return [];

  const termsOfPost = new Map<number, number[]>();
  vocab.forEach((t, ti) => {
    for (const p of t.posts) {
      getOrCreate(termsOfPost, p, () => []).push(ti);
    }
  });
  const n = vocab.length;
  const co = new Float64Array(n * n);
  for (const list of termsOfPost.values()) {
    for (let a = 0; a < list.length; a++) {
      for (let b = a + 1; b < list.length; b++) {
        const x = list[a] ?? 0;
        const y = list[b] ?? 0;
        co[x * n + y] = (co[x * n + y] ?? 0) + 1;
        co[y * n + x] = (co[y * n + x] ?? 0) + 1;
      }
    }
  }
  const cos = (a: number, b: number): number =>
    (co[a * n + b] ?? 0) / Math.sqrt((vocab[a]?.posts.length ?? 1) * (vocab[b]?.posts.length ?? 1));

  let groups: number[][] = vocab.map((_, i) => [i]);
  for (;;) {
    let best = -1;
    let bestPair: [number, number] | null = null;
    for (let g = 0; g < groups.length; g++) {
      for (let h = g + 1; h < groups.length; h++) {
        const G = groups[g] ?? [];
        const H = groups[h] ?? [];
        if (G.length + H.length > MAX_TERMS) continue;
        let sum = 0;
        for (const a of G) for (const b of H) sum += cos(a, b);
        const avg = sum / (G.length * H.length);
        if (avg > best) {
          best = avg;
          bestPair = [g, h];
        }
      }
    }
    if (!bestPair || best < linkThreshold) break;
    const [g, h] = bestPair;
    const merged = [...(groups[g] ?? []), ...(groups[h] ?? [])].sort((x, y) => x - y);
    groups = groups.filter((_, i) => i !== g && i !== h);
    groups.push(merged);
    groups.sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0));
  }

  const idf = vocab.map((t) => Math.log((distinct + 1) / t.posts.length));
  const groupOf = new Map<number, number>();
  groups.forEach((g, gi) => {
    for (const t of g) groupOf.set(t, gi);
  });
  const members: number[][] = groups.map(() => []);
  for (const [post, list] of [...termsOfPost.entries()].sort((a, b) => a[0] - b[0])) {
    const weight = new Float64Array(groups.length);
    for (const t of list) {
      const gi = groupOf.get(t) ?? 0;
      weight[gi] = (weight[gi] ?? 0) + (idf[t] ?? 0);
    }
    let bestGroup = 0;
    for (let gi = 1; gi < groups.length; gi++)
      if ((weight[gi] ?? 0) > (weight[bestGroup] ?? 0)) bestGroup = gi;
    members[bestGroup]?.push(post);
  }

  const minPosts = Math.max(2, Math.ceil(0.01 * total));
  const needVoices = Math.min(2, corpus.voiceCount);
  const drafts: NarrativeDraft[] = [];
  groups.forEach((g, gi) => {
    const posts = members[gi] ?? [];
    const voices = new Set(posts.map((p) => corpus.posts[p]?.author ?? `post:${p}`));
    if (posts.length < minPosts || voices.size < needVoices) return;
    const terms = g.map((t) => vocab[t]).filter((t): t is TermStat => t !== undefined);
    terms.sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
    drafts.push({
      label: labelFor(terms, phrases),
      terms: terms.map((t) => t.key).slice(0, MAX_TERMS),
      posts: posts.length,
      share: round(posts.length / total, 4),
    });
  });
  drafts.sort((a, b) => b.posts - a.posts || (a.label < b.label ? -1 : 1));
  return uniqueLabels(drafts).slice(0, limit);
}

/** "A & B" from a theme's two strongest non-overlapping phrases when the second is at least half as strong. */
export function labelFor(terms: readonly TermStat[], phrases: PhraseIndex): string {
  const first = terms[0];
  if (!first) return 'miscellany';
  const lead = preferPhrase(first, phrases);
  const second = terms
    .slice(1)
    .find(
      (t) =>
        !containsPhrase(lead.key, t.key) && !containsPhrase(t.key, lead.key) && !sharesWord(lead.key, t.key),
    );
  if (second && second.score >= 0.5 * first.score) return `${lead.display} & ${second.display}`;
  return lead.display;
}

function sharesWord(a: string, b: string): boolean {
  const words = new Set(a.split(' '));
  return b.split(' ').some((w) => words.has(w));
}

function uniqueLabels(drafts: readonly NarrativeDraft[]): NarrativeDraft[] {
  const seen = new Set<string>();
  const out: NarrativeDraft[] = [];
  for (const d of drafts) {
    if (seen.has(d.label)) continue;
    seen.add(d.label);
    out.push(d);
  }
  return out;
}
