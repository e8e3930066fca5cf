import { COMMUNITIES } from './communities.ts';
import { hourDrafts, hourPostCount, hourSubmolts, type PostDraft } from './hour-posts.ts';
import { Lru } from './lru.ts';
import { decodePostId } from './post-id.ts';

const COMMUNITY_INDEX = new Map(COMMUNITIES.map((c, i) => [c.name, i]));

/** Index of a community in COMMUNITIES, or -1 for a name the forum does not have. */
export function communityIndex(name: string): number {
  return COMMUNITY_INDEX.get(name) ?? -1;
}

/**
 * The server's view of a world: hours generated lazily and kept in small LRU caches, because a client
 * may page a day back but rarely touches more than a few hours at once.
 */
export class WorldCache {
  private readonly draftCache: Lru<number, PostDraft[]>;
  private readonly submoltCache = new Lru<number, Uint8Array>(4000);

  constructor(
    readonly seed: number,
    readonly postsPerHour: number,
    cachedHours = 6,
  ) {
    this.draftCache = new Lru(cachedHours);
  }

  /** Posts created in hour `hourNumber` (all of them, whatever the clock says). */
  count(hourNumber: number): number {
    return hourPostCount(this.seed, this.postsPerHour, hourNumber);
  }

  /** The hour's drafts, oldest first. */
  drafts(hourNumber: number): PostDraft[] {
    return this.draftCache.getOrCreate(hourNumber, () =>
      hourDrafts(this.seed, this.postsPerHour, hourNumber),
    );
  }

  /** Community index of each post of the hour, computed without writing text. */
  submolts(hourNumber: number): Uint8Array {
    return this.submoltCache.getOrCreate(hourNumber, () =>
      Uint8Array.from(hourSubmolts(this.seed, this.postsPerHour, hourNumber), (c) => communityIndex(c.name)),
    );
  }

  /** The post with this id, whatever its creation time, or null when no post has it. */
  find(id: string): PostDraft | null {
    const at = decodePostId(this.seed, id);
    if (!at || at.index >= this.count(at.hourNumber)) return null;
    return this.drafts(at.hourNumber)[at.index] ?? null;
  }
}
