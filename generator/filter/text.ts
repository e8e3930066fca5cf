import type { ForumPost } from '../../core/forum.ts';

const URL_PATTERN = /\bhttps?:\/\/[^\s<>()"'`]+|\bwww\.[^\s<>()"'`]+/gi;
/** Zero-width, bidi and other invisible characters used to dodge exact matching, and variation selectors. */
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff]|\u034f|\u17b4|\u17b5|\u180b|\u180c|\u180d|\u180f|[\ufe00-\ufe0f]/g;
const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;
/** Word-character verdicts for the Basic Multilingual Plane: 0 not yet known, 1 word, 2 not. */
const BMP_CLASS = new Uint8Array(0x10000);
const ASTRAL_CLASS = new Map<number, boolean>();

/**
 * Whether a code point belongs to a word (letter, digit or combining mark, any script). Verdicts are
 * cached in a table, because Unicode-property regexes over whole posts were the filter's slowest step.
 */
function isWordChar(code: number): boolean {
  if (code < 0x10000) {
    let known = BMP_CLASS[code] as number;
    if (known === 0) {
      known = WORD_CHAR.test(String.fromCharCode(code)) ? 1 : 2;
      BMP_CLASS[code] = known;
    }
    return known === 1;
  }
  let astral = ASTRAL_CLASS.get(code);
  if (astral === undefined) {
    astral = WORD_CHAR.test(String.fromCodePoint(code));
    ASTRAL_CLASS.set(code, astral);
  }
  return astral;
}

/** Title and body joined, the raw text most checks read. */
export function postText(post: Pick<ForumPost, 'title' | 'content'>): string {
  return post.content === '' ? post.title : `${post.title}\n${post.content}`;
}

/**
 * Text folded for matching: Unicode-compatibility normalised (NFKC, so full-width and styled letters
 * match plain ones), invisible characters removed, lower case.
 */
export function foldText(text: string): string {
  return foldNormalised(text.normalize('NFKC'));
}

/** foldText for a text already NFKC-normalised. */
export function foldNormalised(text: string): string {
  return text.replace(INVISIBLE, '').toLowerCase();
}

/** The runs of word characters (letters, digits, combining marks of any script) of a text, in order. */
export function wordRuns(text: string): string[] {
  const runs: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    const astral = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    if (astral) code = text.codePointAt(i) as number;
    if (isWordChar(code)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      runs.push(text.slice(start, i));
      start = -1;
    }
    if (astral) i++;
  }
  if (start >= 0) runs.push(text.slice(start));
  return runs;
}

/**
 * Text reduced to what makes two posts "the same": folded (see foldText), URLs removed, then every run
 * of punctuation, emoji and white space turned into one space.
 */
export function normaliseText(text: string): string {
  return wordRuns(withoutUrls(foldText(text))).join(' ');
}

/** The URLs in a text. */
export function urls(text: string): string[] {
  return text.match(URL_PATTERN) ?? [];
}

/** The text with URLs removed, so link-heavy posts are judged on their prose. */
export function withoutUrls(text: string): string {
  return text.replace(URL_PATTERN, ' ');
}
