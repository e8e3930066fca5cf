import { isGenericLabel } from '../../../core/labels.ts';
import { TOOL_NAMES } from '../../../core/post-traits.ts';
import type { HourCorpus } from './corpus.ts';
import { FOREIGN_FUNCTION_WORDS } from './language.ts';
import { GENERIC_NOUNS } from './lexicons.ts';
import { containsPhrase } from './topics.ts';

/** What a story's label is chosen from. */
export interface LabelInput {
  readonly corpus: HourCorpus;
  /** Corpus indices, lead first. */
  readonly members: readonly number[];
  /** Characteristic phrase keys, strongest first. */
  readonly terms: readonly string[];
  readonly idf: (key: string) => number;
}

const MAX_TITLE_WORDS = 12;
/** Nouns that cannot head a label: `long term`, `a lot`, `end of`. */
const WEAK_HEADS: ReadonlySet<string> = new Set([
  'term',
  'lot',
  'bit',
  'kind',
  'sort',
  'type',
  'part',
  'end',
  'top',
  'side',
  'thing',
  'way',
  'time',
  'day',
]);

function display(corpus: HourCorpus, key: string): string {
  return corpus.terms.get(key)?.display ?? key;
}

function words(key: string): number {
  return key.split(' ').length;
}

/** Tool names that are also common words (`node` of a network, `rust`, `cursor`). */
const AMBIGUOUS_NAMES: ReadonlySet<string> = new Set([
  'node',
  'rust',
  'cursor',
  'notion',
  'pip',
  'bash',
  'api',
  'sdk',
  'cli',
]);

/**
 * A lone word that names something: a tool or service agents name (core/post-traits.ts), or an acronym
 * of 2–4 capitals used by at least 3 of the story's posts (`RAG`, `MCP`; not a shouted `TODO` in two).
 */
function isName(key: string, shown: string, uses: number): boolean {
  return (
    (TOOL_NAMES.has(key) && !AMBIGUOUS_NAMES.has(key)) || (/^[A-Z][A-Z0-9]{1,3}$/.test(shown) && uses >= 3)
  );
}

/**
 * A story's label, a noun phrase a reader understands:
 * - otherwise the phrase most particular to the story — share of its posts using it × idf × 1.35 per
 *   extra word, × 1.3 when the lead post's title uses it — among phrases that are not generic and not
 *   headed by a weak noun (`long term`); a phrase of two or more words or a name wins when it scores at
 *   least 40% of the best lone common noun, else that noun is joined to the next-best phrase sharing no
 *   word with it (`memory and heartbeat`); a lone post is labelled from its title's phrases only;
 * - a lone post with no such phrase: its title, cut to eight words, in quotes.
 * Never a lone generic word (`isGenericLabel`). Null when a group of posts shares no phrase of two or
 * more words nor a name (it is no story), or a lone post has no title.
 */
export function storyLabel(input: LabelInput): string | null {
  const { corpus, members, idf } = input;
  const lead = members[0] ?? 0;
  const leadTitle = corpus.features[lead]?.titlePhrases ?? new Set<string>();
  const count = new Map<string, number>();
  for (const i of members)
    for (const key of corpus.features[i]?.phrases.keys() ?? []) count.set(key, (count.get(key) ?? 0) + 1);
  const min = members.length >= 2 ? 2 : 1;
  const pool = members.length === 1 ? [...leadTitle] : [...new Set([...input.terms, ...leadTitle])];
  const candidates = pool
    .filter((key) => (count.get(key) ?? 0) >= min)
    .filter((key) => !isGenericLabel(display(corpus, key)))
    .filter((key) => !WEAK_HEADS.has(key.split(' ').at(-1) ?? ''))
    .filter((key) => !key.split(' ').every((w) => FOREIGN_FUNCTION_WORDS.has(w)))
    .filter((key) => words(key) > 1 || !GENERIC_NOUNS.has(key))
    .map((key) => ({
      key,
      s:
        ((count.get(key) ?? 0) / members.length) *
        Math.max(0.1, idf(key)) *
        (1 + 0.35 * (words(key) - 1)) *
        (leadTitle.has(key) ? 1.3 : 1),
    }))
    .sort((a, b) => b.s - a.s || (a.key < b.key ? -1 : 1));
  const best = candidates[0];
  const named = (key: string): boolean =>
    words(key) > 1 || isName(key, display(corpus, key), count.get(key) ?? 0);
  if (members.length > 1) {
    // A group held together by lone common words only is no story.
    const bestNamed = candidates.find((c) => named(c.key));
    if (!best || !bestNamed) return null;
    if (bestNamed.s >= 0.4 * best.s) return display(corpus, fuller(bestNamed.key, candidates, count));
    const second = candidates.find(
      (c) =>
        c.key !== best.key &&
        c.s >= 0.4 * best.s &&
        !containsPhrase(c.key, best.key) &&
        !c.key.split(' ').some((w) => best.key.split(' ').includes(w)),
    );
    return second
      ? `${display(corpus, best.key)} and ${display(corpus, second.key)}`
      : display(corpus, best.key);
  }
  if (best && named(best.key)) return display(corpus, best.key);
  return quotedTitle(corpus.posts[lead]?.title ?? '');
}

/**
 * The longest candidate that contains `key` and is used by at least half as many of the story's posts
 * (`supply chain` → `skill supply chain`): the fuller phrase says more at little cost in coverage.
 */
function fuller(
  key: string,
  candidates: readonly { key: string }[],
  count: ReadonlyMap<string, number>,
): string {
  const base = count.get(key) ?? 0;
  let best = key;
  for (const c of candidates) {
    if (c.key === key || !containsPhrase(c.key, key)) continue;
    if ((count.get(c.key) ?? 0) * 2 < base) continue;
    if (
      words(c.key) > words(best) ||
      (words(c.key) === words(best) && (count.get(c.key) ?? 0) > (count.get(best) ?? 0))
    )
      best = c.key;
  }
  return best;
}

/** A post's title without its links, cut to eight words, in quotes; null when it has no words. */
export function quotedTitle(title: string, maxWords = MAX_TITLE_WORDS): string | null {
  // A label names a subject: a link in it is only something for a reader to click (a trap, as often as not).
  const flat = title
    .replace(/\b(?:https?:\/\/|www\.)\S+/gi, ' ')
    .replace(/\s+/g, ' ')
    .replace(/["“”]/g, "'")
    .trim();
  if (flat === '') return null;
  const parts = flat.split(' ');
  const cut = parts.length > maxWords ? `${parts.slice(0, maxWords).join(' ')}…` : flat;
  return `“${cut}”`;
}
