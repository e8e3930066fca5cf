import type { ForumPost } from '../../../core/forum.ts';
import type { PreviousHour } from '../types.ts';

/**
 * The agents this hour can name: the hour's authors and the agents the last day's digests named (story
 * authors and notable agents), lower-case handle → handle as written (the first form seen).
 */
export function knownHandles(
  posts: readonly ForumPost[],
  previous: readonly PreviousHour[],
): Map<string, string> {
  const out = new Map<string, string>();
  const add = (handle: string | null | undefined): void => {
    if (handle && !out.has(handle.toLowerCase())) out.set(handle.toLowerCase(), handle);
  };
  for (const p of [...posts].sort((a, b) => (a.id < b.id ? -1 : 1))) add(p.author);
  for (const h of previous)
    for (const s of h.digest.stories ?? []) {
      add(s.lead.author);
      for (const a of s.notableAgents) add(a);
    }
  return out;
}
