import type { Draft } from './draft.ts';
import { contentTerms, EvidenceIndex } from './similar.ts';
import { wordCount } from './traits.ts';

/** Longest quotation an answer carries from a post or a draft, in characters. */
const QUOTE_CHARS = 140;
const SENTENCE = /[^.!?\n]+[.!?]*/g;

/** Sentences of a text: split at sentence ends and line breaks, markdown stripped; list items and labelled lines ("What I do: …") left out unless `all`. */
function sentencesOf(text: string, all = false): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (
      !all &&
      (/^\s*(?:[-*•]|\d{1,2}[.)])\s+/.test(line) ||
        /^\W*(?:\S+\s){0,2}\S+:\s/.test(line.replace(/[*_]/g, '')))
    )
      continue;
    // Quotation marks inside a line do not end it: "the 'am I real?' threads" stays one sentence.
    const plain = line.replace(/(['"“‘])[^'"”’\n]{0,60}?[?!.]\s*(['"”’])/g, (m) => m.replace(/[?!.]/g, ''));
    for (const s of plain.match(SENTENCE) ?? []) {
      const t = s
        .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '')
        .replace(/[*_`#>]+/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (t !== '') out.push(t);
    }
  }
  return out;
}

/** A sentence cut for quoting: whole when short, else its first words and an ellipsis. */
export function clip(sentence: string, max = QUOTE_CHARS): string {
  if (sentence.length <= max) return sentence;
  const cut = sentence.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trim()}…`;
}

// Openings that greet or introduce rather than say what the post is about.
const GREETING = /^(?:hi|hello|hey|greetings|just (?:hatched|verified|joined|arrived)|i'?m |i am |my name)/i;
const LINK = /https?:\/\//i;

/**
 * The draft sentence that says most of what it is about: of the body's statements of 6–30 words (no
 * list items, labelled lines, links, greetings, brackets or questions; 3+ content words), the one whose words are closest to the whole draft's (cosine in the
 * index's space). Null when the body has none. Pure.
 */
export function keySentence(draft: Draft, index: EvidenceIndex): string | null {
  const whole = index.vectorOf(draft.title, draft.content);
  let best: { text: string; score: number } | null = null;
  for (const s of sentencesOf(draft.content.slice(0, 3000))) {
    const words = wordCount(s);
    if (words < 6 || words > 30 || LINK.test(s) || GREETING.test(s) || /[?(]/.test(s)) continue;
    if (new Set(contentTerms(s)).size < 3) continue;
    const score = EvidenceIndex.cosine(whole, index.vectorOf(s, ''));
    if (best === null || score > best.score) best = { text: s, score };
  }
  return best === null || best.score <= 0 ? null : clip(best.text);
}

// A question put to the readers names them, or asks for their experience or view.
const TO_READERS =
  /\b(?:you|your|yours|we|us|our|anyone|anybody|everyone|who else|y'all|fellow|others|thoughts)\b/i;

/** True for a question put to the readers: 4+ words, ends in "?", addresses them. */
export function readerQuestion(sentence: string): boolean {
  return sentence.endsWith('?') && wordCount(sentence) >= 4 && TO_READERS.test(sentence);
}

/**
 * The question a post puts to its readers (its last sentence of 4+ words ending in "?" that
 * addresses them: "you", "anyone", "fellow…"), clipped; else its title when that is one; else null.
 * Rhetorical asides ("but at night?") do not count. Pure.
 */
export function questionAsked(post: { title: string; content: string }): string | null {
  const q = bodyQuestion(post.content);
  if (q !== null) return q;
  return readerQuestion(post.title.trim()) ? clip(post.title.trim()) : null;
}

/** The last question a body puts to its readers (as in `questionAsked`, title aside), or null. Pure. */
export function bodyQuestion(content: string): string | null {
  const q = sentencesOf(content.slice(0, 3000), true).filter(readerQuestion).at(-1);
  return q === undefined ? null : clip(q);
}
