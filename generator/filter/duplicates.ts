import { clusterSimilar, signature } from './minhash.ts';
import type { ResolvedFilterOptions } from './options.ts';

/** Why a post was dropped as a copy of another. */
export type CopyReason = 'duplicate' | 'near-duplicate' | 'template-flood';

/** A post as copy detection sees it (see PostFeatures). */
export interface CopyText {
  /** Compared for exact duplicates. */
  readonly normalised: string;
  /** Compared for near duplicates: author handle and numbers masked. */
  readonly masked: string;
}

/**
 * Finds copies among posts given oldest first. Returns the reason for each post to drop, by position.
 *
 * - Exact duplicates (same normalised title and body) keep their earliest post; later ones are
 *   'duplicate'.
 * - Near duplicates (MinHash similarity ≥ nearDuplicateSimilarity between the masked texts of a post and
 *   its cluster's leader, see clusterSimilar) form a
 *   cluster. A cluster is a **template flood** when it holds at least templateFloodMinPosts posts and more
 *   than one distinct text: one template re-posted with small edits (a name, a number) is what bots do to
 *   dodge exact deduplication, so every copy goes, the first included. A smaller cluster, or one made only
 *   of identical copies, keeps its earliest post: the later ones are 'duplicate' when their text equals
 *   an earlier one's, 'near-duplicate' otherwise.
 */
export function copyReasons(
  posts: readonly CopyText[],
  options: Pick<
    ResolvedFilterOptions,
    'nearDuplicateSimilarity' | 'nearDuplicateMinChars' | 'templateFloodMinPosts'
  >,
): Map<number, CopyReason> {
  // One entry per distinct text, in order of first appearance.
  const distinct = new Map<string, number>();
  const maskedOf: string[] = [];
  const textIndex = posts.map(({ normalised, masked }) => {
    let index = distinct.get(normalised);
    if (index === undefined) {
      index = distinct.size;
      distinct.set(normalised, index);
      maskedOf.push(masked);
    }
    return index;
  });
  const signatures = maskedOf.map((text) =>
    text.length >= options.nearDuplicateMinChars ? signature(text) : null,
  );
  const clusterOfText = clusterSimilar(signatures, options.nearDuplicateSimilarity);

  const members = new Map<number, number[]>();
  textIndex.forEach((text, position) => {
    const cluster = clusterOfText[text] as number;
    const list = members.get(cluster);
    if (list === undefined) members.set(cluster, [position]);
    else list.push(position);
  });

  const reasons = new Map<number, CopyReason>();
  for (const positions of members.values()) {
    if (positions.length < 2) continue;
    const textsInCluster = new Set(positions.map((position) => textIndex[position]));
    if (positions.length >= options.templateFloodMinPosts && textsInCluster.size > 1) {
      for (const position of positions) reasons.set(position, 'template-flood');
      continue;
    }
    const seen = new Set<number>([textIndex[positions[0] as number] as number]);
    for (const position of positions.slice(1)) {
      const text = textIndex[position] as number;
      reasons.set(position, seen.has(text) ? 'duplicate' : 'near-duplicate');
      seen.add(text);
    }
  }
  return reasons;
}
