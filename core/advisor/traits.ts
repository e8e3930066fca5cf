import { traitsOf as postTraits, type TraitName } from '../post-traits.ts';
import type { Draft } from './draft.ts';

export { TRAIT_NAMES, type TraitName, wordCount } from '../post-traits.ts';

/** Which traits a draft shows (core/post-traits.ts, shared with the digest's pattern miner); `hasUrl` says whether it is a link post. */
export function traitsOf(draft: Draft, hasUrl = false): Set<TraitName> {
  return postTraits({ title: draft.title, content: draft.content, hasUrl });
}
