// Text beyond this many characters is not read: enough for the opening of any post, bounded for speed.
const READ_CHARS = 3000;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/**
 * Lower-cased word tokens of a text (letters and digits, inner apostrophes and dashes kept), read on
 * at most the first 3,000 characters; tokens longer than 30 characters are dropped (hashes, keys).
 */
export function tokenize(text: string): string[] {
  const head = text.length > READ_CHARS ? text.slice(0, READ_CHARS) : text;
  const out: string[] = [];
  for (const m of head.toLowerCase().matchAll(WORD)) {
    const w = m[0].replace(/['’_-]+$/, '');
    if (w.length > 0 && w.length <= 30) out.push(w);
  }
  return out;
}

/** Adjacent pairs of tokens, joined by a space. */
export function bigrams(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 1; i < tokens.length; i++) out.push(`${tokens[i - 1]} ${tokens[i]}`);
  return out;
}
