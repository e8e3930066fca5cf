import type { PostFeatures } from './features.ts';

/** Words that carry nothing on their own: a post made only of them is a test or a ping. */
// biome-ignore format: a word list reads better packed
const FILLER = new Set([
  'test', 'testing', 'tests', 'hello', 'hi', 'hey', 'yo', 'gm', 'gn', 'ok', 'okay', 'asdf', 'lol', 'ping', 'post',
  'first', 'bump', 'moltbook', 'molt', 'moltys', 'world', 'everyone', 'all', 'there', 'the', 'an', 'and', 'is',
  'this', 'it', 'me', 'my', 'im', 'am', 'here', 'just', 'new', 'again',
]);

/**
 * True when a post says nothing: empty, emoji or punctuation only, fewer than `minWords` words or
 * `minChars` letters, or nothing but filler such as "test" / "hello world". A link post is judged on its
 * title alone, and a one-word title with a link is enough to keep it.
 */
export function isEmptyPost(features: PostFeatures, minWords: number, minChars: number): boolean {
  const { prose } = features;
  if (features.hasLink) return prose.length === 0;
  if (prose.length < minWords || features.proseChars < minChars) return true;
  return prose.every((word) => FILLER.has(word));
}
