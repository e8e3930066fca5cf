import { z } from 'zod';
import { ACTIVITY_LENGTH } from '../advisor/activity.ts';

/** Title characters a training row keeps. */
export const ROW_TITLE_CHARS = 200;
/** Body characters a training row keeps (the opening carries most of the signal; bounds bytes/day). */
export const ROW_BODY_CHARS = 600;

/** A post as known at posting time: what the model may read. */
export const PostingRow = z
  .object({
    id: z.string().min(1),
    createdAt: z.iso.datetime({ offset: true }),
    title: z.string().max(ROW_TITLE_CHARS),
    content: z.string().max(ROW_BODY_CHARS),
    hasUrl: z.boolean(),
    submolt: z.string().min(1).nullable(),
    author: z.string().min(1).nullable(),
    /** matchVector() against the digests published when the post was seen. */
    context: z.array(z.number()).length(6),
    /** activityVector() of the forum's posts before this one (rows stored before it existed lack it). */
    activity: z.array(z.number()).length(ACTIVITY_LENGTH).optional(),
    /** The author's karma as the forum returned it with the post (absent when it did not). */
    authorKarma: z.number().optional(),
    /** The author's follower count as the forum returned it with the post (absent when it did not). */
    authorFollowers: z.number().nonnegative().optional(),
  })
  .strict();
export type PostingRow = z.infer<typeof PostingRow>;

/** A posting row with its engagement once about 24 h old. */
export const LabelledRow = PostingRow.extend({
  upvotes: z.int().nonnegative(),
  comments: z.int().nonnegative(),
  /** Age in hours when the engagement was read. */
  ageHours: z.number().nonnegative(),
}).strict();
export type LabelledRow = z.infer<typeof LabelledRow>;
