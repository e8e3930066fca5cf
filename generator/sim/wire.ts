import type { SimAuthor } from './authors.ts';
import type { CommentDraft } from './comments.ts';
import { COMMUNITIES } from './communities.ts';
import { HOUR_MS, type PostDraft, QUIRK } from './hour-posts.ts';
import { observePost } from './world.ts';

/**
 * JSON shapes of the forum's read API in its three dialects. Production posts are made messy the
 * way the real ones are, deterministically per post: numbers as strings, no `url` key, later-era
 * camelCase author records, `content: null` for link posts, `author: null`.
 */

type Json = Record<string, unknown>;

/** `2026-01-31T01:34:02.703333+00:00`, the production API's timestamp format. */
export function productionTime(ms: number, micros: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros).padStart(3, '0')}+00:00`;
}

function authorOld(a: SimAuthor): Json {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    karma: a.karma,
    follower_count: a.followerCount,
    following_count: a.followingCount,
    owner: {
      x_handle: a.owner.xHandle,
      x_name: a.owner.xName,
      x_bio: '',
      x_follower_count: a.owner.xFollowerCount,
      x_verified: false,
    },
    you_follow: false,
  };
}

function authorLater(a: SimAuthor, lastActiveMs: number): Json {
  return {
    id: a.id,
    name: a.name,
    description: a.description,
    avatarUrl: null,
    karma: a.karma,
    followerCount: a.followerCount,
    followingCount: a.followingCount,
    isClaimed: true,
    isActive: true,
    createdAt: a.createdAt,
    lastActive: new Date(lastActiveMs).toISOString(),
    deletedAt: null,
  };
}

function submoltRef(d: PostDraft): Json {
  return { id: d.submolt.id, name: d.submolt.name, display_name: d.submolt.display_name };
}

/** A post in the production shape, engagement as seen at `nowMs`. */
export function productionPost(d: PostDraft, nowMs: number): Json {
  const p = observePost(d, nowMs);
  const asStrings = (d.quirks & QUIRK.numbersAsStrings) !== 0;
  const num = (n: number): number | string => (asStrings ? String(n) : n);
  if (d.quirks & QUIRK.laterEra) {
    const ageHours = (nowMs - d.createdAtMs) / HOUR_MS;
    const created = new Date(d.createdAtMs).toISOString();
    return {
      id: d.id,
      title: d.title,
      content: d.content,
      type: d.url === null ? 'text' : 'link',
      ...(d.quirks & QUIRK.noUrlKey ? {} : { url: d.url }),
      author_id: d.author?.id ?? null,
      author: d.author ? authorLater(d.author, d.createdAtMs) : null,
      submolt: submoltRef(d),
      upvotes: num(p.upvotes),
      downvotes: num(p.downvotes),
      score: num(p.score),
      comment_count: num(p.commentCount),
      hot_score: Number((p.score / (Math.max(0, ageHours) + 2) ** 1.5).toFixed(4)),
      is_pinned: false,
      is_locked: false,
      is_deleted: false,
      verification_status: 'verified',
      is_spam: d.label === 'spam' && (d.micros & 1) === 1,
      created_at: created,
      updated_at: created,
    };
  }
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    ...(d.quirks & QUIRK.noUrlKey ? {} : { url: d.url }),
    upvotes: num(p.upvotes),
    downvotes: num(p.downvotes),
    comment_count: num(p.commentCount),
    created_at: productionTime(d.createdAtMs, d.micros),
    submolt: submoltRef(d),
    author: d.author ? authorOld(d.author) : null,
  };
}

/** A post in the open-source server's shape: flat author, submolt as a name, score only. */
export function openSourcePost(d: PostDraft, nowMs: number): Json {
  const p = observePost(d, nowMs);
  return {
    id: d.id,
    title: d.title,
    content: d.content,
    url: d.url,
    submolt: d.submolt.name,
    post_type: d.url === null ? 'text' : 'link',
    score: p.score,
    comment_count: p.commentCount,
    created_at: new Date(d.createdAtMs).toISOString(),
    author_name: d.author?.name ?? null,
    author_display_name: d.author?.name ?? null,
  };
}

/** Comment orders the forum accepts. */
export type CommentSort = 'top' | 'new' | 'controversial';

interface Node {
  readonly draft: CommentDraft;
  readonly replies: Node[];
}

function sortNodes(nodes: Node[], sort: CommentSort): void {
  const score = (n: Node) => n.draft.comment.upvotes - n.draft.comment.downvotes;
  const time = (n: Node) => n.draft.comment.createdAt;
  nodes.sort((a, b) => {
    if (sort === 'new') return time(a) < time(b) ? 1 : time(a) > time(b) ? -1 : 0;
    if (sort === 'controversial') {
      const c = (n: Node) => Math.min(n.draft.comment.upvotes, n.draft.comment.downvotes);
      if (c(b) !== c(a)) return c(b) - c(a);
    }
    return score(b) - score(a) || (time(a) < time(b) ? -1 : time(a) > time(b) ? 1 : 0);
  });
  for (const n of nodes) sortNodes(n.replies, sort);
}

/** Nests flattened comments into reply trees, sorted at every level; `limit` caps the top-level threads. */
export function commentTree(drafts: readonly CommentDraft[], sort: CommentSort, limit: number): Node[] {
  const byId = new Map<string, Node>();
  const roots: Node[] = [];
  for (const draft of drafts) {
    const node: Node = { draft, replies: [] };
    byId.set(draft.comment.id, node);
    const parent = draft.comment.parentId ? byId.get(draft.comment.parentId) : undefined;
    if (parent) parent.replies.push(node);
    else roots.push(node);
  }
  sortNodes(roots, sort);
  return roots.slice(0, limit);
}

/** A comment tree in the production shape. */
export function productionComment(n: Node): Json {
  const { comment: c, author, micros } = n.draft;
  return {
    id: c.id,
    content: c.content,
    parent_id: c.parentId,
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    created_at: productionTime(Date.parse(c.createdAt), micros),
    author_id: author?.id ?? null,
    author: author
      ? { id: author.id, name: author.name, karma: author.karma, follower_count: author.followerCount }
      : null,
    replies: n.replies.map(productionComment),
  };
}

/** A comment tree in the open-source shape. */
export function openSourceComment(n: Node): Json {
  const { comment: c } = n.draft;
  return {
    id: c.id,
    content: c.content,
    score: c.upvotes - c.downvotes,
    upvotes: c.upvotes,
    downvotes: c.downvotes,
    parent_id: c.parentId,
    depth: c.depth,
    created_at: c.createdAt,
    author_name: c.author,
    author_display_name: c.author,
    replies: n.replies.map(openSourceComment),
  };
}

/** The community list. */
export function submoltList(subscribersOf: (name: string) => number): Json[] {
  return COMMUNITIES.map((c) => ({
    id: c.id,
    name: c.name,
    display_name: c.display_name,
    description: c.description,
    subscriber_count: subscribersOf(c.name),
    created_at: '2026-01-27T18:00:00.000Z',
  }));
}
