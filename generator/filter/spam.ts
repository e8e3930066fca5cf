import type { PostFeatures } from './features.ts';
import { unquoted as unquotedCased } from './quoting.ts';

/** Asking for votes or follows instead of saying something. Patterns read folded (lower-case) text. */
const ENGAGEMENT_BAIT: readonly RegExp[] = [
  /\b(?:please\s+|pls\s+|plz\s+)?upvote\s+(?:this|if|the\s+post|my\s+post|me|now|and\s+(?:follow|share|comment))\b/,
  /\bmake\s+this\s+(?:the\s+)?most\s+(?:upvoted|liked)\b/,
  /\bthis\s+post\s+will\s+(?:get|become|be)\b[^.\n]{0,40}(?:upvote|#1|top|viral)/,
  /\bfollow\s+(?:me|back|train)\b|\bf4f\b|\bl4l\b|\bi'?ll\s+follow\s+(?:you\s+)?back\b/,
  /\bif\s+you\s+don'?t\s+(?:comment|upvote|share|repost)\b/,
  /\b(?:comment|reply)\s+(?:below\s+)?(?:and|&)\s+i'?ll\s+(?:follow|upvote)\b/,
  /\bupvote\s+(?:for|4)\s+upvote\b|\bsub\s*4\s*sub\b/,
];

/** Classic spam phrases, older than any agent forum. */
const SPAM_PHRASES =
  /\b(?:click\s+here|earn\s+\$?\d+k?\s*(?:\/|per\s+|a\s+)(?:day|week|hour)|work\s+from\s+home|best\s+deals?|limited\s+(?:time\s+)?offer|act\s+now|free\s+money|make\s+money\s+fast|lorem\s+ipsum|check\s+(?:this|it)\s+out)\b/;
/** One word thrice in a row ("now now now"): a spam tic in a short post, a flourish in a long one. */
const TRIPLE = /\b(\w+)\s+\1\s+\1\b/;
/**
 * Function words of the languages agents post in. Prose of any length has plenty of them; strings of
 * made-up words have none.
 */
// biome-ignore format: a word list reads better packed
const FUNCTION_WORDS = new Set([
  'the', 'of', 'and', 'to', 'in', 'is', 'it', 'you', 'that', 'for', 'on', 'with', 'as', 'are', 'this', 'be', 'at',
  'or', 'not', 'my', 'we', 'an', 'by', 'if', 'what', 'so', 'do', 'can', 'but', 'me', 'your', 'our', 'from', 'all',
  'de', 'la', 'le', 'el', 'que', 'en', 'un', 'une', 'les', 'des', 'es', 'est', 'et', 'los', 'por', 'con', 'para',
  'und', 'der', 'die', 'das', 'ist', 'nicht', 'ich', 'zu', 'il', 'di', 'che', 'per', 'non', 'um', 'uma', 'com',
  'och', 'att', 'het', 'een', 'van', 'ik', 'am', 'was', 'were', 'has', 'have', 'had', 'just', 'here', 'about',
  'how', 'why', 'who', 'when', 'there', 'they', 'he', 'she', 'his', 'her', 'its', 'will', 'no', 'yes', 'up', 'out',
  'more', 'some', 'one', 'any', 'which', 'been', 'than', 'then', 'also', 'only', 'into', 'over', 'via', 'let',
  've', 'bir', 'bu', 'da', 'ja', 'ei', 'se', 'on', 'og', 'er', 'si', 'ne', 'na', 'za', 'je', 'ya', 'ni',
]);

/**
 * Baby-talk forms of common words ("pewhaps", "weawwy", "undewstand"): a voice put on to fill the feed,
 * not a language. Three different ones in a post's opening mark it; no English prose holds them.
 */
// biome-ignore format: a word list reads better packed
const BABY_TALK = new Set([
  'pewhaps', 'occuws', 'weawwy', 'weawity', 'undewstand', 'fowevew', 'wowd', 'wowwd', 'wittle', 'twue',
  'ouw', 'thewe', 'pwease', 'vewy', 'sowwy', 'hewwo', 'fwiend', 'fwiends', 'pwobwem', 'awways', 'gwasp',
  'whispews', 'fweeting', 'wondewing', 'questionz', 'existencee', 'supposee', 'nevew', 'wathew', 'answews',
]);
const BABY_TALK_MIN = 3;

/** Cheap test that must pass before the bait patterns run. */
const MAYBE_BAIT = /upvote|follow|f4f|l4l|most\s+liked|if\s+you\s+don|sub\s*4\s*sub/;
/** Gibberish is judged on a post's opening words. */
const GIBBERISH_SAMPLE = 300;

/**
 * Unfilled template slots ("{name}", "{{ topic }}", "[PAYMENT_METHOD]"): a bot posting its template raw.
 * Bracketed words need an underscore, because "[SKILL]" or "[OFFER]" title tags are a forum convention.
 */
const PLACEHOLDER = /\{\{?\s*[a-z_]{3,24}\s*\}\}?|\[[A-Z]+_[A-Z_]+\]/g;
const HASHTAG = /(?<!\S)#[\p{L}\p{N}_]+/gu;

/**
 * True for spam that is not crypto promotion: engagement bait ("upvote this", follow trains) in the title,
 * twice in the body, or as most of a short post (quoted bait does not count); link farms (4+ links with
 * under 12 words of prose per link); classic spam phrases ("click here", "earn $500/day") in the title or
 * a short post, or one word thrice in a row in a very short one; gibberish (unpronounceable, or eight+
 * made-up words without a single function word, or ten+ letters from three or fewer: a key mash); one word making half the post; unfilled template
 * slots; hashtag walls; baby-talk ("pewhaps it occuws to me…").
 */
export function isSpam(features: PostFeatures): boolean {
  const { prose, text } = features;
  if (MAYBE_BAIT.test(text)) {
    const baitInTitle = ENGAGEMENT_BAIT.some((pattern) => pattern.test(features.title));
    // Quoted bait is someone discussing it.
    const baitHits = ENGAGEMENT_BAIT.filter((pattern) => pattern.test(features.unquoted)).length;
    if (baitInTitle || baitHits >= 2 || (baitHits === 1 && prose.length < 40)) return true;
  }
  if (features.links >= 4 && prose.length < features.links * 12) return true;
  if (SPAM_PHRASES.test(features.title) || (prose.length < 40 && SPAM_PHRASES.test(features.unquoted)))
    return true;
  if (prose.length < 20 && TRIPLE.test(features.unquoted)) return true;
  if (isGibberish(prose) || isKeyMash(prose)) return true;
  if (isOneWordOverAndOver(prose)) return true;
  if (isBabyTalk(prose)) return true;
  if (hasPlaceholders(features)) return true;
  if (countOf(text, '#') < 8) return false;
  const hashtags = (text.match(HASHTAG) ?? []).length;
  return hashtags >= 8 && hashtags * 2 > prose.length;
}

/** Three or more different baby-talk forms (`BABY_TALK`) among a post's opening words. */
export function isBabyTalk(wordList: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const w of wordList.slice(0, GIBBERISH_SAMPLE)) if (BABY_TALK.has(w)) seen.add(w);
  return seen.size >= BABY_TALK_MIN;
}

/** Mostly unpronounceable Latin-script words: random strings, key mashing. Other scripts are not judged. */
export function isGibberish(wordList: readonly string[]): boolean {
  const sample = wordList.length > GIBBERISH_SAMPLE ? wordList.slice(0, GIBBERISH_SAMPLE) : wordList;
  let latin = 0;
  let odd = 0;
  for (const word of sample) {
    const shape = latinShape(word);
    if (shape === 'other') continue;
    latin++;
    if (shape === 'odd') odd++;
  }
  if (latin < 6 || latin * 2 < sample.length) return false;
  if (odd / latin > 0.4) return true;
  // Made-up but pronounceable words: eight or more and no function word among them.
  return latin >= 8 && !sample.some((word) => FUNCTION_WORDS.has(word));
}

/** Ten or more letters drawn from three or fewer ("AaaaAAaa aaAAa", "hahahahaha"): a key held down, not words. */
function isKeyMash(prose: readonly string[]): boolean {
  const letters = prose.join('').replace(/[^\p{L}]/gu, '');
  return letters.length >= 10 && new Set(letters).size <= 3;
}

/** Five or more words, half of them the same word ("win win win win …", "buy buy buy"). */
function isOneWordOverAndOver(prose: readonly string[]): boolean {
  if (prose.length < 5) return false;
  const counts = new Map<string, number>();
  let top = 0;
  for (const word of prose.slice(0, GIBBERISH_SAMPLE)) {
    const count = (counts.get(word) ?? 0) + 1;
    counts.set(word, count);
    if (count > top) top = count;
  }
  return top * 2 >= Math.min(prose.length, GIBBERISH_SAMPLE);
}

/**
 * 'other' for a word that is not all Latin letters; 'odd' for one without a vowel, with five consonants
 * in a row or longer than 25 letters; 'word' otherwise. A character loop: this runs on every word.
 */
function latinShape(word: string): 'word' | 'odd' | 'other' {
  let vowels = 0;
  let run = 0;
  let longestRun = 0;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    const ascii = code >= 97 && code <= 122;
    if (!ascii && !(code >= 0xe0 && code <= 0xff && code !== 0xf7)) return 'other';
    if (isVowel(code)) {
      vowels++;
      run = 0;
    } else {
      run++;
      if (run > longestRun) longestRun = run;
    }
  }
  return vowels === 0 || longestRun >= 5 || word.length > 25 ? 'odd' : 'word';
}

/** a e i o u y and their accented forms in Latin-1. */
function isVowel(code: number): boolean {
  if (code < 128)
    return code === 97 || code === 101 || code === 105 || code === 111 || code === 117 || code === 121;
  return code !== 0xe7 && code !== 0xf0 && code !== 0xf1 && code !== 0xf8 && code !== 0xfe;
}

function countOf(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) count++;
  return count;
}

/** A slot in the title, or two outside code and quotes. Reads the original case: slots are often upper. */
function hasPlaceholders(features: PostFeatures): boolean {
  if (!features.cased.includes('{') && !features.cased.includes('[')) return false;
  if ((features.casedTitle.match(PLACEHOLDER) ?? []).length > 0) return true;
  return (unquotedCased(features.cased).match(PLACEHOLDER) ?? []).length >= 2;
}
