import type { ForumComment, ForumPost } from '../../core/forum.ts';
import { commentsOf } from './comments.ts';
import { engagementAt, type PostLabel } from './engagement.ts';
import { HOUR_MS, hourDrafts, type PostDraft } from './hour-posts.ts';

export type { PostLabel } from './engagement.ts';
export type { ActiveNarrative, Narrative, NarrativePhase } from './narratives.ts';
export { narrativesAt } from './narratives.ts';

/** A simulated post with the ground truth a test or an evaluation needs. */
export interface SimPost {
  readonly post: ForumPost;
  /** What the post really is; everything but `quality` is junk. */
  readonly label: PostLabel;
  /** Id of the narrative it belongs to (see narrativesAt), or null for evergreen chatter and junk. */
  readonly narrative: string | null;
}

/** What a simulated world is made from. */
export interface SimWorldOptions {
  readonly seed: number;
  /** Base posting rate; each hour varies mildly around it. */
  readonly postsPerHour: number;
}

/** The normalised post a draft looks like at `observedMs`. */
export function observePost(draft: PostDraft, observedMs: number): ForumPost {
  const e = engagementAt(draft.plan, (observedMs - draft.createdAtMs) / HOUR_MS);
  return {
    id: draft.id,
    title: draft.title,
    content: draft.content ?? '',
    url: draft.url,
    upvotes: e.upvotes,
    downvotes: e.downvotes,
    score: e.upvotes - e.downvotes,
    commentCount: e.commentCount,
    createdAt: new Date(draft.createdAtMs).toISOString(),
    author: draft.author?.name ?? null,
    authorKarma: draft.author?.karma ?? null,
    ...(draft.author ? { authorFollowers: draft.author.followerCount } : {}),
    submolt: draft.submolt.name,
  };
}

/**
 * All posts created in [hourStart, hourStart+1h), oldest first, engagement as observed at `observedAt`,
 * and the comment trees (flattened ForumComment[]) of every post that has comments.
 */
export function generateHour(
  opts: SimWorldOptions,
  hourStart: Date,
  observedAt: Date,
): { posts: SimPost[]; comments: Map<string, ForumComment[]> } {
  const hourNumber = Math.floor(hourStart.getTime() / HOUR_MS);
  const observedMs = observedAt.getTime();
  const posts: SimPost[] = [];
  const comments = new Map<string, ForumComment[]>();
  for (const draft of hourDrafts(opts.seed, opts.postsPerHour, hourNumber)) {
    const post = observePost(draft, observedMs);
    posts.push({ post, label: draft.label, narrative: draft.narrative });
    if (post.commentCount > 0) {
      const thread = commentsOf(opts.seed, draft, observedMs);
      if (thread.length > 0) comments.set(post.id, thread);
    }
  }
  return { posts, comments };
}
