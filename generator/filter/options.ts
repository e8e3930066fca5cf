/**
 * Thresholds of the quality filter. Every field is optional; `resolveOptions` fills in the defaults,
 * which were tuned on real forum posts (January 2026) and on the forum simulator's labelled junk.
 */
export interface FilterOptions {
  /**
   * A post is near-empty when title and body together hold fewer than this many words
   * (runs of at least two letters or digits). Default 3.
   */
  readonly minWords?: number;
  /** A post is near-empty when title and body together hold fewer than this many letters or digits. Default 12. */
  readonly minChars?: number;
  /**
   * Estimated Jaccard similarity (character 5-gram shingles of the normalised title and body) at or above
   * which two posts are near duplicates. Default 0.6.
   */
  readonly nearDuplicateSimilarity?: number;
  /** Posts shorter than this many normalised characters take part in exact deduplication only. Default 40. */
  readonly nearDuplicateMinChars?: number;
  /**
   * A near-duplicate cluster with at least this many posts, and more than one distinct text, is a template
   * flood: every copy is dropped. Smaller clusters keep their earliest post. Default 4.
   */
  readonly templateFloodMinPosts?: number;
  /** At most this many posts by one author are kept in the hour; later ones are dropped as author-flood. Default 3. */
  readonly maxPostsPerAuthor?: number;
  /** Promotion score (see promotion.ts) at or above which a post is crypto promotion. Default 3. */
  readonly promotionThreshold?: number;
}

/** FilterOptions with every default filled in. */
export type ResolvedFilterOptions = Required<FilterOptions>;

/** The defaults, documented on FilterOptions. */
export const DEFAULT_FILTER_OPTIONS: ResolvedFilterOptions = {
  minWords: 3,
  minChars: 12,
  nearDuplicateSimilarity: 0.6,
  nearDuplicateMinChars: 40,
  templateFloodMinPosts: 4,
  maxPostsPerAuthor: 3,
  promotionThreshold: 3,
};

/** Fills in defaults and rejects values that would make the filter meaningless. */
export function resolveOptions(options: FilterOptions = {}): ResolvedFilterOptions {
  const resolved = { ...DEFAULT_FILTER_OPTIONS, ...stripUndefined(options) };
  const sim = resolved.nearDuplicateSimilarity;
  if (!(sim > 0 && sim <= 1))
    throw new RangeError(`filter option nearDuplicateSimilarity must be in (0, 1], got ${sim}`);
  for (const key of ['templateFloodMinPosts', 'maxPostsPerAuthor'] as const) {
    const value = resolved[key];
    if (!Number.isInteger(value) || value < 1) {
      throw new RangeError(`filter option ${key} must be a positive integer, got ${value}`);
    }
  }
  return resolved;
}

function stripUndefined(options: FilterOptions): FilterOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
