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

/**
 * The noun phrase a text is about, in its own words: the longest run of adjectives and nouns ending in
 * a noun, optionally carried on by one preposition and a second such run ("memory between sessions").
 * Lower case except for proper nouns and acronyms; null when the text has no noun. Reads at most the
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
    if (tags[end] === 'ADP' && /^[a-z]+$/.test(words[end] as string)) {
      const more = runEnd(end + 1);
      if (more > end + 1) end = more;
    }
    if (best === null || end - i > best[1] - best[0]) best = [i, end];
  }
  if (best === null) return null;
  return words
    .slice(best[0], best[1])
    .map((w, k) => {
      const at = (best as [number, number])[0] + k;
      // A capitalised first word of a title followed by more of the phrase is usually title case, not a name.
      const titleCase = at === 0 && best !== null && best[1] - best[0] > 1;
      const keep = (tags[at] === 'PROPN' && !titleCase) || /^[A-Z0-9]{2,}$/.test(w) || /[a-z][A-Z]/.test(w);
      return keep ? w : w.toLowerCase();
    })
    .join(' ');
}
