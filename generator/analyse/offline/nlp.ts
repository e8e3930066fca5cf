import model from 'wink-eng-lite-web-model';
import winkNLP from 'wink-nlp';

/** The tokens of one text as parallel arrays (wink-nlp's own layout, cheaper than one object per token). */
export interface Tokens {
  /** Surface form as written. */
  readonly value: readonly string[];
  /** Lower-cased surface form. */
  readonly normal: readonly string[];
  /** Universal POS tag (NOUN, PROPN, ADJ, VERB, …). */
  readonly pos: readonly string[];
  /** Token type: word, number, url, email, emoji, hashtag, mention, punctuation, … */
  readonly type: readonly string[];
  /** True for wink's English stop words. */
  readonly stop: readonly boolean[];
  /** True when whitespace precedes the token (joins hyphenated compounds only when it does not). */
  readonly spaced: readonly boolean[];
}

// Only the POS tagger: sentence boundaries, negation and entities cost time and nothing here needs them
// (token types already mark URLs, emoji, numbers, mentions).
const nlp = winkNLP(model, ['pos']);
const its = nlp.its;

/** Tokenises and POS-tags `text` with wink-nlp's English lite model. */
export function tokenize(text: string): Tokens {
  const tokens = nlp.readDoc(text).tokens();
  return {
    value: tokens.out(its.value) as string[],
    normal: tokens.out(its.normal) as string[],
    pos: tokens.out(its.pos) as string[],
    type: tokens.out(its.type) as string[],
    stop: tokens.out(its.stopWordFlag) as unknown as boolean[],
    spaced: (tokens.out(its.precedingSpaces) as string[]).map((s) => s.length > 0),
  };
}
