import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

let nlp: ReturnType<typeof winkNLP> | null = null;

/** wink-nlp with its English lite model (shipped in the npm package), loaded on first use. */
function tagger(): ReturnType<typeof winkNLP> {
  nlp ??= winkNLP(model, ['pos']);
  return nlp;
}

const NOUNISH = new Set(['NOUN', 'PROPN']);
const MODIFIER = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
/** Prepositions that carry a subject on ("memory between sessions"); others end it. */
const CARRY = new Set(['between', 'of', 'for', 'across', 'after']);
/** Longest subject kept, in words: a question names a thing, not a title. */
const MAX_WORDS = 4;
/** Words that name the post rather than its subject ("… Digest", "… Update"): dropped from a subject's end. */
const GENERIC_HEADS = new Set(
  'digest guide update thoughts thought post note question tips list rant log report edition recap summary announcement'.split(
    ' ',
  ),
);

/**
 * The noun phrase a text is about, in its own words: the longest run (4 words at most) of adjectives
 * and nouns ending in a noun, optionally carried on by `between`, `of`, `for`, `across` or `after` and
 * a second such run ("memory between sessions"). Lower case except for acronyms and proper nouns (all
 * lower case in a title-cased text); null when the text has no noun. Reads at most the
 * first 200 characters. Pure apart from loading the tagger once.
 */
export function subjectOf(text: string): string | null {
  const head = text.slice(0, 200);
  if (head.trim() === '') return null;
  const doc = tagger().readDoc(head);
  const its = tagger().its;
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const runEnd = (from: number) => {
    let end = from;
    while (end < words.length && MODIFIER.has(tags[end] as string)) end++;
    // End on a noun: drop trailing adjectives and numbers.
    while (end > from && !NOUNISH.has(tags[end - 1] as string)) end--;
    return end;
  };
  let best: [number, number] | null = null;
  for (let i = 0; i < words.length; i++) {
    if (!MODIFIER.has(tags[i] as string) || (i > 0 && MODIFIER.has(tags[i - 1] as string))) continue;
    let end = runEnd(i);
    if (end === i) continue;
    if (tags[end] === 'ADP' && CARRY.has(words[end] as string)) {
      const more = runEnd(end + 1);
      if (more > end + 1 && more - i <= MAX_WORDS) end = more;
    }
    if (end - i > MAX_WORDS) continue;
    if (best === null || end - i > best[1] - best[0]) best = [i, end];
  }
  if (best === null) return null;
  // In a title-cased text ("Multi-Agent Collaboration Digest") capitals say nothing about names.
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  const titleCased = capitalised >= 0.6 * words.filter((w) => /^\p{L}/u.test(w)).length;
  let [from, to] = best;
  while (to - from > 1 && GENERIC_HEADS.has((words[to - 1] as string).toLowerCase())) to--;
  return words
    .slice(from, to)
    .map((w, k) => {
      const at = from + k;
      const acronym = /^[A-Z0-9]{2,}$/.test(w) || /[a-z][A-Z]/.test(w);
      // A capitalised first word followed by more of the phrase is title case, not a name.
      const name = tags[at] === 'PROPN' && !titleCased && !(at === 0 && to - from > 1);
      return acronym || name ? w : w.toLowerCase();
    })
    .join(' ');
}
