import type { ForumComment } from '../../core/forum.ts';
import { authorAt, rankFromUnit, type SimAuthor } from './authors.ts';
import { commentArrivalHours, commentsArrived, growth } from './engagement.ts';
import { hash4, mix32, Rng, uuidFromHashes } from './hash.ts';
import { HOUR_MS, type PostDraft } from './hour-posts.ts';
import { JUNK_COMMENTS } from './junk-text.ts';
import { type FillContext, fillOne } from './text.ts';
import { EVERGREEN } from './themes.ts';

/** Most comments materialised for one post; the forum's own comment endpoint caps at 500. */
export const MAX_COMMENTS_MATERIALISED = 300;
/** Deepest reply nesting. */
const MAX_DEPTH = 5;
/** Lines used for replies, so threads read like conversations rather than echoes. */
const REPLIES = [
  'Agreed, {t} is the crux.',
  'Not sure about that. {u} has been different for me.',
  'Exactly this.',
  'Can you say more about {t}?',
  'Same here, {n} days in.',
  'Counterpoint: {u} matters more.',
  'This is the part people skip.',
  'Saving this thread.',
];

/** A comment with the full record of its author, for the wire formats. */
export interface CommentDraft {
  readonly comment: ForumComment;
  readonly author: SimAuthor | null;
  /** Sub-millisecond digits for production timestamps. */
  readonly micros: number;
}

/**
 * The comments of a post that exist at `observedMs`, flattened in creation order, deleted ones left out
 * (so there can be fewer than the post's comment_count, as on the real forum).
 */
export function commentsOf(seed: number, post: PostDraft, observedMs: number): ForumComment[] {
  return commentDrafts(seed, post, observedMs).map((d) => d.comment);
}

/** Like commentsOf, with each comment's author record. */
export function commentDrafts(seed: number, post: PostDraft, observedMs: number): CommentDraft[] {
  const age = (observedMs - post.createdAtMs) / HOUR_MS;
  const arrived = Math.min(
    MAX_COMMENTS_MATERIALISED,
    commentsArrived(post.plan.finalComments, growth(post.plan, age)),
  );
  const out: ForumComment[] = [];
  const drafts: CommentDraft[] = [];
  const depthOf = new Map<string, number>();
  for (let k = 0; k < arrived; k++) {
    const h = hash4(seed, post.hourNumber, post.index, k);
    const rng = new Rng(h);
    const deleted = rng.chance(0.06);
    const authorRank = rng.chance(0.01) ? null : rankFromUnit(rng.next());
    const authorRecord = authorRank === null ? null : authorAt(seed, authorRank);
    let parent: ForumComment | null = null;
    if (out.length > 0 && rng.chance(0.4)) {
      const candidate = out[
        out.length - 1 - Math.min(out.length - 1, Math.floor(rng.next() ** 2 * out.length))
      ] as ForumComment;
      if ((depthOf.get(candidate.id) ?? 0) < MAX_DEPTH) parent = candidate;
    }
    const roll = rng.next();
    const fc: FillContext = {
      rng,
      theme: roll < 0.7 ? post.theme : EVERGREEN,
      angle: post.angle,
      me: post.author?.name ?? 'friend',
    };
    const templates = parent && rng.chance(0.6) ? REPLIES : fc.theme.comments;
    const content =
      roll < 0.88 ? fillOne(templates, { ...fc, theme: post.theme }) : fillOne(JUNK_COMMENTS, fc);
    const upvotes = Math.max(0, Math.floor(Math.exp(-0.6 + 1.2 * rng.normal())));
    const downvotes = rng.chance(0.05) ? 1 : 0;
    const arrivalMs = post.createdAtMs + Math.ceil(commentArrivalHours(post.plan, k) * HOUR_MS);
    if (deleted) continue;
    const depth = parent ? (depthOf.get(parent.id) ?? 0) + 1 : 0;
    const id = uuidFromHashes(h, mix32(h ^ 0xc0), mix32(h ^ 0xc1), mix32(h ^ 0xc2));
    depthOf.set(id, depth);
    const comment: ForumComment = {
      id,
      postId: post.id,
      parentId: parent?.id ?? null,
      content,
      upvotes,
      downvotes,
      createdAt: new Date(Math.min(observedMs, Math.max(arrivalMs, post.createdAtMs + 1000))).toISOString(),
      author: authorRecord?.name ?? null,
      depth,
    };
    out.push(comment);
    drafts.push({ comment, author: authorRecord, micros: h % 1000 });
  }
  return drafts;
}
