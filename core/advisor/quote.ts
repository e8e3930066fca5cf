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

/** A question the writer reports being asked ("I was asked: Who do you want to be?"), not one to readers. */
const REPORTED =
  /\b(?:(?:i|we|he|she|they) (?:was|were|got|am|are|have been|had been) asked|asked (?:me|us)|(?:he|she|they|my human|my owner) (?:asked|asks))\b/i;

/** True for a question put to the readers: 4+ words, ends in "?", addresses them, not one reported being asked. */
export function readerQuestion(sentence: string): boolean {
  return (
    sentence.endsWith('?') &&
    wordCount(sentence) >= 4 &&
    TO_READERS.test(sentence) &&
    !REPORTED.test(sentence)
  );
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

/** Words that make a sentence a claim a reader can agree or disagree with. */
const STANCE =
  /\b(?:is|are|isn['’]t|aren['’]t|should|shouldn['’]t|must|can['’]t|cannot|never|always|only|nothing|nobody|no one|most|every|matters?|beats?|wins?|fails?)\b/i;
/** Openings of narration, asides and set-ups rather than claims: "I've been watching…", "Here's the thing…", "So…". */
const NOT_A_CLAIM =
  /^(?:i\b|i['’]\w+|my\b|me\b|we['’]ve\b|here['’]?s\b|here is\b|so\b|also\b|and\b|this is\b|today\b|yesterday\b|just\b|ran\b|started\b|hit\b|it['’]s all\b|what\b|why\b|how\b)/i;
/** How much more a claim the writer set in bold counts against a plain one. */
const BOLD_WEIGHT = 1.5;

/** "I believe that …", "I think …": the claim after it is the stance. */
const I_BELIEVE = /^i (?:believe|think|suspect|would argue|argue|claim)(?: that)?[:,]?\s+/i;

/**
 * The draft's sentence that takes a stance readers can answer: a whole sentence (list items
 * included, labels and markdown stripped) of 5–25 words ending in a full stop or "!", that makes a
 * claim (is, are, should, never, only, most…) and is not narration, a joke opener, a set-up or a
 * question; of those, the closest to the whole draft, a claim set in bold counting 1.5 times (the writer
 * marked it as what they stand on). A body cut short (its last fragment has no
 * full stop) never gives its fragment. Null when none. Pure.
 */
export function stanceSentence(draft: Draft, index: EvidenceIndex): string | null {
  const whole = index.vectorOf(draft.title, draft.content);
  let best: { text: string; score: number } | null = null;
  for (const line of draft.content.slice(0, 3000).split('\n')) {
    // What the writer set in bold is what they stand on: a bold claim counts for more than a plain one.
    const bold = [...line.matchAll(/\*\*([^*\n]{10,200})\*\*/g)].map((m) =>
      (m[1] ?? '').replace(/\s+/g, ' ').trim(),
    );
    // A label ("**For us:** …", "What I do:") is dropped, and what follows is read as a sentence.
    const plain = line
      .replace(/^\s*(?:[-*•]|\d{1,2}[.)])\s+/, '')
      .replace(/^\W*(?:[\p{L}\d'’]+\s){0,3}[\p{L}\d'’]+:\**\s+(?=\S)/u, '')
      .replace(/[*_`#>]+/g, '');
    // A dot inside a word (MEMORY.md, v2.1) ends no sentence.
    for (const m of plain.match(/(?:[^.!?\n]|[.!?](?=[\w/]))+[.!?]+/g) ?? []) {
      let s = m.replace(/\s+/g, ' ').trim().replace(I_BELIEVE, '');
      s = s.replace(/^(?:but|and)\s+/i, '');
      const words = wordCount(s);
      if (words < 5 || words > 25 || s.endsWith('?') || LINK.test(s) || GREETING.test(s)) continue;
      if (NOT_A_CLAIM.test(s) || !STANCE.test(s) || /[()=…]|\.\.\./.test(s)) continue;
      if (new Set(contentTerms(s)).size < 3) continue;
      const emphasised = bold.some(
        (b) => b.length >= 10 && (b.includes(s) || s.includes(b.replace(/[.!]+$/, ''))),
      );
      const score = EvidenceIndex.cosine(whole, index.vectorOf(s, '')) * (emphasised ? BOLD_WEIGHT : 1);
      if (best === null || score > best.score) best = { text: s, score };
    }
  }
  return best === null || best.score <= 0 ? null : best.text;
}

/**
 * A claim put to the readers as a closing question, never a yes/no one and never a sentence the draft
 * already has. When the draft's last paragraph makes the claim (`endsOnIt`), a short question fitting
 * its kind: a rule ("should", "must") asks what stops them, the writer's own experience ("my context
 * shrinks") how readers handle it, a sweeping claim ("most", "never") for the exception, a comparison
 * which side they take, any other where they would push back. Otherwise the question carries the
 * claim: "Where would you push back on the idea that most agent writing is too smooth?" — null for the
 * writer's own experience, which reads wrong as "the idea that my…". Pure.
 */
export function closingLine(claim: string, endsOnIt = false): string | null {
  let s = claim.trim().replace(/[.!]+$/, '');
  const rule = /\b(?:should|must|need to|needs to|have to|has to|ought to)\b/i.test(s);
  const own = /\b(?:i|my|me|we|our|us)\b/i.test(s);
  const sweeping = /\b(?:most|all|every|never|always|nobody|everyone|no one|none|only)\b/i.test(s);
  const compares = /\b(?:better|worse|rather|beats?)\b|\bthan\b/i.test(s);
  if (endsOnIt)
    return rule
      ? 'What would stop you from doing it?'
      : own
        ? 'How do you handle it?'
        : sweeping
          ? 'Where have you seen the exception?'
          : compares
            ? 'Which side of that are you on, and why?'
            : 'Where would you push back?';
  if (own) return null;
  // Lower-case the first letter unless the first word is a name or an acronym ("MCP", "OpenClaw").
  const first = s.split(/\s/)[0] ?? '';
  if (!/^[A-Z][A-Z]|^[A-Z]\w*[A-Z]/.test(first)) s = `${s.charAt(0).toLowerCase()}${s.slice(1)}`;
  return rule
    ? `What would stop you from acting on the idea that ${s}?`
    : sweeping
      ? `Where have you seen an exception to the idea that ${s}?`
      : `Where would you push back on the idea that ${s}?`;
}

/** Whether a body looks cut short (its last line ends mid-sentence): nothing is appended to it. Pure. */
export function looksCut(content: string): boolean {
  const end = content.trimEnd();
  return end.length > 0 && /[\p{L}\p{N},;:–—-]$/u.test(end);
}

/** Whether a sentence stands in the last paragraph of a body (markdown marks aside). Pure. */
export function inLastParagraph(content: string, sentence: string): boolean {
  const paragraphs = content
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.replace(/[*_`#>]+/g, '').replace(/\s+/g, ' '));
  return (paragraphs.at(-1) ?? '').includes(sentence.replace(/\s+/g, ' ').trim());
}
