import type { ForumPost } from '../../../core/forum.ts';
import { TONE_INDEX, TONE_WORDS, type ToneWord } from './lexicons.ts';
import { tokenize } from './nlp.ts';
import { nounPhrases, singular } from './phrases.ts';
import { textForTerms } from './post-text.ts';

/** What the NLP pass keeps of one post. */
export interface PostFeatures {
  /** Phrase key → surface form, each phrase once. */
  readonly phrases: ReadonlyMap<string, string>;
  /** Keys of the phrases found in the title. */
  readonly titlePhrases: ReadonlySet<string>;
  /** Tone-lexicon hits per tone word. */
  readonly toneHits: Readonly<Record<ToneWord, number>>;
  /** Word tokens read (title and opening). */
  readonly words: number;
}

/** Characters of each body read, from a budget shared by the hour: 500 for small hours, 200 for huge ones. */
export function contentCharsFor(postCount: number, budget = 450_000): number {
  if (postCount <= 0) return 500;
  return Math.max(200, Math.min(500, Math.round(budget / postCount)));
}

/**
 * Tokenises a post's title and opening with wink-nlp and keeps its noun phrases (minus any word in
 * `exclude`, such as the hour's agent handles) and its tone-lexicon hits.
 */
export function postFeatures(
  post: ForumPost,
  contentChars: number,
  exclude: ReadonlySet<string>,
): PostFeatures {
  // Title and body are read apart so a phrase never runs from the title's last word into the body.
  const { title, body } = textForTerms(post, contentChars);
  const titleTokens = tokenize(title);
  const bodyTokens = tokenize(body);
  const phrases = new Map<string, string>();
  const titlePhrases = new Set<string>();
  for (const p of nounPhrases(titleTokens, exclude)) {
    titlePhrases.add(p.key);
    if (!phrases.has(p.key)) phrases.set(p.key, p.surface);
  }
  for (const p of nounPhrases(bodyTokens, exclude)) if (!phrases.has(p.key)) phrases.set(p.key, p.surface);
  const toneHits = Object.fromEntries(TONE_WORDS.map((t) => [t, 0])) as Record<ToneWord, number>;
  let words = 0;
  for (const tokens of [titleTokens, bodyTokens]) {
    for (let i = 0; i < tokens.normal.length; i++) {
      if (tokens.type[i] !== 'word') continue;
      words++;
      const word = tokens.normal[i] ?? '';
      const tones = TONE_INDEX.get(word) ?? (word.endsWith('s') ? TONE_INDEX.get(singular(word)) : undefined);
      if (tones) for (const t of tones) toneHits[t]++;
    }
  }
  return { phrases, titlePhrases, toneHits, words };
}
