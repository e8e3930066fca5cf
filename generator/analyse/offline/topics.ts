import { getOrCreate } from './collections.ts';
import { type HourCorpus, minVoices, type TermStat } from './corpus.ts';

/** True when `inner`'s words appear, in order and adjacent, inside `outer`'s words. */
export function containsPhrase(outer: string, inner: string): boolean {
  return ` ${outer} `.includes(` ${inner} `);
}

function wordCount(key: string): number {
  return key.split(' ').length;
}

/** Phrases read better than bare nouns: a 2-word phrase counts 1.3×, a 3-word one 1.6×. */
function readability(term: TermStat): number {
  return term.score * (1 + 0.3 * (wordCount(term.key) - 1));
}

/**
 * The hour's phrases that can stand as topics: used by at least `minVoices` distinct voices, best first
 * by prominence (see `topTopics`), ties by key.
 */
export function candidateTerms(corpus: HourCorpus): TermStat[] {
  const floor = minVoices(corpus);
  return [...corpus.terms.values()]
    .filter((t) => t.voices >= floor)
    .sort((a, b) => b.score - a.score || (a.key < b.key ? -1 : 1));
}

/** Multi-word phrases of a pool indexed by each of their words, for `preferPhrase`. */
export type PhraseIndex = ReadonlyMap<string, readonly TermStat[]>;

/** Indexes the multi-word phrases of `pool` by word. */
export function indexPhrases(pool: readonly TermStat[]): PhraseIndex {
  const index = new Map<string, TermStat[]>();
  for (const term of pool) {
    if (wordCount(term.key) === 1) continue;
    for (const word of new Set(term.key.split(' '))) getOrCreate(index, word, () => []).push(term);
  }
  return index;
}

/**
 * The phrase to show for a term: a longer phrase that contains it replaces it when that phrase carries at
 * least 40% of a bare noun's prominence (`memory` → `memory persistence`) or 80% of a phrase's (a fragment
 * such as `chain security` → `supply chain security`); repeated, so the longest faithful phrase wins.
 */
export function preferPhrase(term: TermStat, phrases: PhraseIndex): TermStat {
  let current = term;
  for (let step = 0; step < 3; step++) {
    const ratio = wordCount(current.key) === 1 ? 0.4 : 0.8;
    const firstWord = current.key.split(' ')[0] ?? '';
    let best: TermStat | undefined;
    for (const other of phrases.get(firstWord) ?? []) {
      if (other.key === current.key || !containsPhrase(other.key, current.key)) continue;
      if (other.score >= ratio * current.score && (!best || other.score > best.score)) best = other;
    }
    if (!best) break;
    current = best;
  }
  return current;
}

/**
 * The hour's top topics, most prominent first. Prominence of a phrase = the sum, over the distinct agents
 * who used it in a post's title or opening, of their best post's weight (1 + capped engagement: score and
 * comment count, see `postWeight`); template copies count once. Phrases score 1.3× per extra word for
 * readability; a phrase that contains, or is contained in, a better topic is skipped.
 */
export function topTopics(corpus: HourCorpus, limit = 8): TermStat[] {
  const pool = candidateTerms(corpus);
  const phrases = indexPhrases(pool);
  const ranked = pool
    .map((t) => preferPhrase(t, phrases))
    .sort((a, b) => readability(b) - readability(a) || (a.key < b.key ? -1 : 1));
  const chosen: TermStat[] = [];
  for (const term of ranked) {
    if (chosen.includes(term)) continue;
    if (chosen.length >= limit) break;
    if (chosen.some((c) => containsPhrase(c.key, term.key) || containsPhrase(term.key, c.key))) continue;
    chosen.push(term);
  }
  return chosen;
}
