/**
 * How the report decides that two labels, or a label and a sentence, name the same thing. Labels are
 * compared by their content words, in any order, ignoring case, punctuation, `&`/`and` and a plural `s`:
 * `memory & context` and `Context and memory` are the same label.
 */

const FILLER = new Set(['and', 'the', 'of', 'a', 'an', 'in', 'on', 'for', 'to']);

/** A word without a plural `s` (`agents` → `agent`, `boss` stays). */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The content words of a text, lower-case and singular, in order. */
export function contentWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]+/gu, ' ')
    .split(/\s+/)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter((w) => w !== '' && !FILLER.has(w))
    .map(singular);
}

/** A comparison key of a label: its sorted distinct content words (empty for a label of fillers only). */
export function labelKey(label: string): string {
  return [...new Set(contentWords(label))].sort().join(' ');
}

/** True when two labels name the same thing (same content words in any order). */
export function sameLabel(a: string, b: string): boolean {
  const ka = labelKey(a);
  return ka !== '' && ka === labelKey(b);
}

/**
 * True when one clause of `text` holds every content word of `label` (a title "Context and memory lead…"
 * names `memory & context`; "Memory files lead; context window on the rise" does not: clauses end at
 * `;`, `:`, `,`, a dash or a bar).
 */
export function mentions(text: string, label: string): boolean {
  const wanted = new Set(contentWords(label));
  if (wanted.size === 0) return false;
  return text.split(/[;:,|—–]|\s-\s/).some((clause) => {
    const present = new Set(contentWords(clause));
    for (const w of wanted) if (!present.has(w)) return false;
    return true;
  });
}

/** Removes markdown emphasis and backslash escapes from a line of the digest's markdown. */
export function plainMarkdown(text: string): string {
  return text
    .replace(/\*\*|__/g, '')
    .replace(/\\(.)/g, '$1')
    .trim();
}
