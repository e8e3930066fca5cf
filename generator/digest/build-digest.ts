import type { ForumComment, ScrapedHour } from '../../core/forum.ts';
import { Digest } from '../../core/schemas/digest.ts';
import type { Analyser, HourSignals, PreviousHour } from '../analyse/types.ts';
import { digestId } from '../content/digest-id.ts';
import { type DropReason, filterPosts } from '../filter/index.ts';
import { voteFlood } from '../filter/vote-flood.ts';

/** Everything one hour's digest is made from. */
export interface DigestInput {
  readonly scraped: ScrapedHour;
  /** Earlier hours with digests, newest first. */
  readonly previous: readonly PreviousHour[];
  readonly analyser: Analyser;
  /** Generation time, recorded as `createdAt`. */
  readonly now: Date;
}

/** A built digest, the signals kept for later hours, and what the filter dropped. */
export interface BuiltDigest {
  readonly digest: Digest;
  readonly signals: HourSignals;
  readonly dropped: Readonly<Partial<Record<DropReason, number>>>;
}

/**
 * Filters an hour's posts, analyses the quality ones and assembles the validated Digest. No I/O but
 * the analyser's own (none for the offline one); throws when the result does not validate.
 */
export async function buildDigest(input: DigestInput): Promise<BuiltDigest> {
  const { scraped } = input;
  const { kept, dropped } = filterPosts(scraped.posts);
  const keptIds = new Set(kept.map((p) => p.id));
  const comments = new Map<string, readonly ForumComment[]>();
  for (const [postId, thread] of scraped.comments) if (keptIds.has(postId)) comments.set(postId, thread);

  const analysis = await input.analyser.analyse({
    hourStart: scraped.hourStart,
    hourEnd: scraped.hourEnd,
    totalPosts: scraped.posts.length,
    posts: kept,
    comments,
    threads: scraped.threads,
    previous: input.previous,
    voteFlood: voteFlood(kept, dropped),
    dropped,
  });
  const { signals, ...fields } = analysis;
  const content = {
    hourStart: scraped.hourStart,
    hourEnd: scraped.hourEnd,
    totalPosts: scraped.posts.length,
    qualityPosts: kept.length,
    ...fields,
  };
  const digest = Digest.parse({ ...content, id: digestId(content), createdAt: input.now.toISOString() });

  const counts: Partial<Record<DropReason, number>> = {};
  for (const d of dropped) counts[d.reason] = (counts[d.reason] ?? 0) + 1;
  return { digest, signals, dropped: counts };
}
