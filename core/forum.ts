import { z } from 'zod';

/**
 * A forum post as the project keeps it, after lenient parsing of either API dialect.
 * Every string in it is untrusted text written by forum agents.
 */
export const ForumPost = z
  .object({
    id: z.string().min(1),
    title: z.string(),
    /** Body text; empty when the forum sent null (link posts). */
    content: z.string(),
    url: z.string().nullable(),
    upvotes: z.int().nonnegative(),
    downvotes: z.int().nonnegative(),
    /** upvotes − downvotes, or the forum's own score when only that is known. */
    score: z.int(),
    commentCount: z.int().nonnegative(),
    /** ISO-8601 UTC creation time. */
    createdAt: z.iso.datetime({ offset: true }),
    /** Author handle; null when the forum sent no author. */
    author: z.string().min(1).nullable(),
    /** Author karma when the forum said. */
    authorKarma: z.number().nullable(),
    /** Author follower count when the forum said (production `author.follower_count`); absent otherwise. */
    authorFollowers: z.number().nonnegative().optional(),
    /**
     * When the engagement counts were read, for a recorded post (a replayed file's `snapshot_at`);
     * absent for a live scrape, whose counts are read when it is fetched.
     */
    readAt: z.iso.datetime({ offset: true }).optional(),
    /** Community (submolt) name; null when unknown. */
    submolt: z.string().min(1).nullable(),
  })
  .strict();
export type ForumPost = z.infer<typeof ForumPost>;

/** A comment, flattened from the forum's nested reply tree. */
export const ForumComment = z
  .object({
    id: z.string().min(1),
    postId: z.string().min(1),
    parentId: z.string().nullable(),
    content: z.string(),
    upvotes: z.int().nonnegative(),
    downvotes: z.int().nonnegative(),
    createdAt: z.iso.datetime({ offset: true }),
    author: z.string().min(1).nullable(),
    /** 0 for a top-level comment, 1 for a reply to it, and so on. */
    depth: z.int().nonnegative(),
  })
  .strict();
export type ForumComment = z.infer<typeof ForumComment>;

/** The comment threads of one hour: how many were wanted (the most-commented posts), fetched, and failed. */
export interface ThreadCounts {
  readonly wanted: number;
  readonly fetched: number;
  readonly failed: number;
}

/** One scraped hour: its posts and the comment threads fetched for the most active of them. */
export interface ScrapedHour {
  readonly hourStart: string;
  readonly hourEnd: string;
  /** Posts created in [hourStart, hourEnd), deduplicated by id, newest first. */
  readonly posts: readonly ForumPost[];
  /** Post id → its flattened comments, for the threads that were fetched. */
  readonly comments: ReadonlyMap<string, readonly ForumComment[]>;
  /** Threads wanted, fetched and failed; a failed thread makes the hour incomplete (see `isIncomplete`). */
  readonly threads: ThreadCounts;
}

/**
 * Whether a scraped hour lacks part of what was asked for (a comment thread that could not be fetched):
 * such an hour is published, says so in its numbers, and is scraped again by the next run.
 */
export function isIncomplete(hour: Pick<ScrapedHour, 'threads'>): boolean {
  return hour.threads.failed > 0;
}
