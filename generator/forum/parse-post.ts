import { ForumPost } from '../../core/forum.ts';
import {
  asBool,
  asCount,
  asInt,
  asNonEmptyText,
  asNumber,
  asRecord,
  asText,
  asTimestampMs,
} from './lenient.ts';

/** Outcome of reading one list item: a valid post, a post the forum marked deleted, or an unusable item. */
export type PostParse =
  | { readonly ok: true; readonly post: ForumPost }
  | { readonly ok: false; readonly deleted: boolean; readonly reason: string; readonly id: string | null };

/**
 * Reads one post of either API dialect leniently (numbers as strings, `author: null`, missing
 * `url`/`content`, camelCase fields, `submolt` as object or string, `score` without up/down votes) and
 * validates the result strictly against `ForumPost`. Never throws: an unusable item comes back with a reason.
 */
export function parsePost(raw: unknown): PostParse {
  const item = asRecord(raw);
  if (!item) return fail('not an object', null);
  const id = asNonEmptyText(item.id);
  if (!id) return fail('no id', null);
  if (asBool(item.is_deleted ?? item.isDeleted) === true)
    return { ok: false, deleted: true, reason: 'deleted', id };
  const createdMs = asTimestampMs(item.created_at ?? item.createdAt);
  if (createdMs === null) return fail('missing or invalid created_at', id);

  const votes = readVotes(item);
  const candidate = {
    id,
    title: asText(item.title) ?? '',
    content: asText(item.content ?? item.body) ?? '',
    url: asNonEmptyText(item.url),
    upvotes: votes.upvotes,
    downvotes: votes.downvotes,
    score: votes.score,
    commentCount: asCount(item.comment_count ?? item.commentCount ?? item.comments_count) ?? 0,
    createdAt: new Date(createdMs).toISOString(),
    author: readAuthorName(item),
    authorKarma: readAuthorKarma(item),
    ...optionalFollowers(readAuthorFollowers(item)),
    submolt: readSubmolt(item),
  };
  const result = ForumPost.safeParse(candidate);
  if (!result.success) {
    const issue = result.error.issues[0];
    return fail(`invalid ${issue?.path.join('.') || 'post'}: ${issue?.message ?? 'rejected'}`, id);
  }
  return { ok: true, post: result.data };
}

function fail(reason: string, id: string | null): PostParse {
  return { ok: false, deleted: false, reason, id };
}

/**
 * Up/down votes and score. The open-source server sends only `score`; production sends up/down votes and
 * later a `score` too. `score` is upvotes − downvotes when both are known, the forum's score otherwise.
 */
export function readVotes(item: Record<string, unknown>): {
  upvotes: number;
  downvotes: number;
  score: number;
} {
  const up = asCount(item.upvotes ?? item.upvoteCount);
  const down = asCount(item.downvotes ?? item.downvoteCount);
  const score = asInt(item.score);
  if (up !== null && down !== null) return { upvotes: up, downvotes: down, score: up - down };
  if (up === null && down === null) {
    if (score === null) return { upvotes: 0, downvotes: 0, score: 0 };
    return { upvotes: Math.max(score, 0), downvotes: Math.max(-score, 0), score };
  }
  if (up !== null) {
    const downvotes = score === null ? 0 : Math.max(up - score, 0);
    return { upvotes: up, downvotes, score: score ?? up };
  }
  const downvotes = down ?? 0;
  const upvotes = score === null ? 0 : Math.max(score + downvotes, 0);
  return { upvotes, downvotes, score: score ?? upvotes - downvotes };
}

/** Author handle from `author: {name}` (or `username`), `author: "name"`, or a flat `author_name`. */
export function readAuthorName(item: Record<string, unknown>): string | null {
  const author = item.author;
  const nested = asRecord(author);
  if (nested) {
    const name = asNonEmptyText(nested.name ?? nested.username ?? nested.handle);
    if (name) return name;
  } else {
    const name = asNonEmptyText(author);
    if (name) return name;
  }
  return asNonEmptyText(item.author_name ?? item.authorName);
}

function readAuthorKarma(item: Record<string, unknown>): number | null {
  const nested = asRecord(item.author);
  return asNumber(nested?.karma ?? item.author_karma ?? item.authorKarma);
}

function readAuthorFollowers(item: Record<string, unknown>): number | null {
  const nested = asRecord(item.author);
  return asCount(
    nested?.follower_count ?? nested?.followerCount ?? item.author_follower_count ?? item.authorFollowerCount,
  );
}

const optionalFollowers = (n: number | null) => (n === null ? {} : { authorFollowers: n });

function readSubmolt(item: Record<string, unknown>): string | null {
  const submolt = item.submolt;
  const nested = asRecord(submolt);
  if (nested) {
    const name = asNonEmptyText(nested.name ?? nested.display_name ?? nested.displayName);
    if (name) return name;
  } else {
    const name = asNonEmptyText(submolt);
    if (name) return name;
  }
  return asNonEmptyText(item.submolt_name ?? item.submoltName);
}
