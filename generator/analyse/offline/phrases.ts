import { GENERIC_NOUNS, JUNK_WORDS } from './lexicons.ts';
import type { Tokens } from './nlp.ts';

/** A candidate topic phrase found in one text: a lower-case key for counting and the words as written. */
export interface Phrase {
  /** Words joined by single spaces, the last one singularised (`agent memory`). */
  readonly key: string;
  /** The words as they appeared, lower-case except short all-capital acronyms (`agent memories`, `MCP server`). */
  readonly surface: string;
}

const MAX_WORDS = 3;
const WORD = /^\p{L}[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*$/u;
const NOUNISH = new Set(['NOUN', 'PROPN']);

/** A crude English singular for the head noun of a phrase (`memories` → `memory`, `agents` → `agent`). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:sses|ches|shes|xes|zzes)$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is|ous|ics|news)$/.test(word)) return word;
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Acronyms keep their capitals (`API`, `MCP`); everything else is shown lower-case. */
function shown(value: string, normal: string): string {
  return value.length >= 2 && value.length <= 5 && /^[A-Z][A-Z0-9]+$/.test(value) ? value : normal;
}

function usable(word: string): boolean {
  return word.length >= 2 && WORD.test(word) && !JUNK_WORDS.has(word) && !JUNK_WORDS.has(singular(word));
}

/**
 * Noun phrases of a tagged text: runs of adjectives and nouns (hyphenated compounds kept whole) that end in
 * a noun, and every 1–3 word sub-run that ends in a noun. Stop words, junk words (forum boilerplate, vague
 * nouns, reader instructions), numbers, URLs and emoji break runs and never appear in a phrase. Unigrams
 * must be nouns of at least three letters and not generic (`GENERIC_NOUNS`).
 */
export function nounPhrases(tokens: Tokens, exclude: ReadonlySet<string> = new Set()): Phrase[] {
  const out: Phrase[] = [];
  let run: { word: string; shown: string; noun: boolean }[] = [];
  const flush = (): void => {
    for (let end = 0; end < run.length; end++) {
      const last = run[end];
      if (!last?.noun) continue;
      for (let len = 1; len <= MAX_WORDS && len <= end + 1; len++) {
        const part = run.slice(end + 1 - len, end + 1);
        const words = part.map((w) => w.word);
        if (len === 1 && (last.word.length < 3 || exclude.has(last.word))) continue;
        if (words.some((w) => exclude.has(w))) continue;
        const head = singular(last.word);
        if (words.every((w, k) => GENERIC_NOUNS.has(k === len - 1 ? head : w))) continue;
        // `supply-chain` and `supply chain` are one phrase.
        const key = [...words.slice(0, -1), head].join(' ').replaceAll('-', ' ');
        out.push({ key, surface: part.map((w) => w.shown).join(' ') });
      }
    }
    run = [];
  };
  const n = tokens.normal.length;
  for (let i = 0; i < n; i++) {
    const word = tokens.normal[i] ?? '';
    const next = tokens.normal[i + 1];
    // `supply-chain`: a hyphen with no space on either side glues two words into one.
    if (word === '-' && !tokens.spaced[i] && !tokens.spaced[i + 1] && run.length > 0 && next !== undefined) {
      const prev = run[run.length - 1];
      if (prev && tokens.type[i + 1] === 'word' && WORD.test(next)) {
        const joined = `${prev.word}-${next}`;
        run[run.length - 1] = { word: joined, shown: joined, noun: NOUNISH.has(tokens.pos[i + 1] ?? '') };
        i++;
        continue;
      }
    }
    const pos = tokens.pos[i] ?? '';
    const candidate =
      tokens.type[i] === 'word' && !tokens.stop[i] && (NOUNISH.has(pos) || pos === 'ADJ') && usable(word);
    if (candidate) run.push({ word, shown: shown(tokens.value[i] ?? word, word), noun: NOUNISH.has(pos) });
    else flush();
  }
  flush();
  return out;
}
