import { ForumComment } from '../../core/forum.ts';
import { ForumError } from './errors.ts';
import { asNonEmptyText, asRecord, asText, asTimestampMs } from './lenient.ts';
import { readAuthorName, readVotes } from './parse-post.ts';

/** A flattened comment thread and the items that could not be made valid. */
export interface CommentThread {
  /** Parents before their replies; siblings oldest first, then by id. */
  readonly comments: readonly ForumComment[];
  readonly skipped: readonly { readonly reason: string; readonly id: string | null }[];
}

/**
 * The comment array of a comments response: production `{success, comments}` or the open-source
 * `{data}` (also `{data: {comments}}`). Throws `ForumError('bad-response')` naming `url` otherwise.
 */
export function commentItems(body: unknown, url: string): unknown[] {
  const record = asRecord(body);
  if (record) {
    if (Array.isArray(record.comments)) return record.comments;
    if (Array.isArray(record.data)) return record.data;
    const data = asRecord(record.data);
    if (data && Array.isArray(data.comments)) return data.comments;
  }
  throw new ForumError(
    'bad-response',
    `GET ${url}: expected {comments: […]} or {data: […]}, got ${describeShape(body)}`,
  );
}

/** Top-level keys (or the JSON type) of a body, for error messages; never its text. */
export function describeShape(body: unknown): string {
  const record = asRecord(body);
  if (!record) return Array.isArray(body) ? 'an array' : typeof body;
  const keys = Object.keys(record).slice(0, 8);
  return keys.length ? `an object with keys ${keys.join(', ')}` : 'an empty object';
}

interface Node {
  readonly item: Record<string, unknown>;
  readonly id: string | null;
  /** `parent_id` as the forum wrote it (used when the list is flat). */
  readonly declaredParent: string | null;
  /** Normalised creation time for sibling order; '' when unreadable. */
  readonly createdAt: string;
  readonly children: Node[];
}

/**
 * Flattens a comment tree (`replies` nested to any depth) into `ForumComment`s of post `postId`, with
 * `depth` and `parentId` from the nesting. A flat list that only carries `parent_id` is first regrouped
 * under its parents. Lenient like posts; invalid items are skipped (their replies are kept and hang from
 * the skipped item's id, or from the nearest usable ancestor), duplicate ids dropped. Deterministic
 * whatever order the forum used: parents before replies, siblings oldest first, then by id.
 */
export function flattenComments(items: readonly unknown[], postId: string): CommentThread {
  const skipped: { reason: string; id: string | null }[] = [];
  const seen = new Set<string>();

  const build = (raw: unknown, level: number): Node | null => {
    const item = asRecord(raw);
    if (!item) {
      skipped.push({ reason: 'not an object', id: null });
      return null;
    }
    const id = asNonEmptyText(item.id);
    if (id !== null) {
      if (seen.has(id)) return null;
      seen.add(id);
    }
    const createdMs = asTimestampMs(item.created_at ?? item.createdAt);
    // Hostile nesting depth must not overflow the stack.
    const replies = level < MAX_DEPTH ? repliesOf(item) : [];
    return {
      item,
      id,
      declaredParent: asNonEmptyText(item.parent_id ?? item.parentId),
      createdAt: createdMs === null ? '' : new Date(createdMs).toISOString(),
      children: replies.map((r) => build(r, level + 1)).filter((n): n is Node => n !== null),
    };
  };

  const roots = regroupFlat(items.map((r) => build(r, 0)).filter((n): n is Node => n !== null));
  const out: ForumComment[] = [];
  const walk = (nodes: Node[], treeParent: string | null, depth: number) => {
    for (const node of [...nodes].sort(bySiblingOrder)) {
      const parentId = treeParent ?? node.declaredParent;
      // A reply whose parent the forum did not return is still a reply.
      const level = treeParent === null && parentId !== null ? 1 : depth;
      const parsed = readComment(node, postId, parentId, level);
      if (typeof parsed === 'string') skipped.push({ reason: parsed, id: node.id });
      else out.push(parsed);
      walk(node.children, node.id ?? parentId, level + 1);
    }
  };
  walk(roots, null, 0);
  return { comments: out, skipped };
}

const MAX_DEPTH = 200;

function repliesOf(item: Record<string, unknown>): unknown[] {
  const replies = item.replies ?? item.children;
  return Array.isArray(replies) ? replies : [];
}

/** A valid comment, or the reason it cannot be one. */
function readComment(
  node: Node,
  postId: string,
  parentId: string | null,
  depth: number,
): ForumComment | string {
  const { item, id } = node;
  if (!id) return 'no id';
  if (!node.createdAt) return 'missing or invalid created_at';
  const votes = readVotes(item);
  const result = ForumComment.safeParse({
    id,
    postId,
    parentId,
    content: asText(item.content ?? item.body) ?? '',
    upvotes: votes.upvotes,
    downvotes: votes.downvotes,
    createdAt: node.createdAt,
    author: readAuthorName(item),
    depth,
  });
  if (!result.success) {
    const issue = result.error.issues[0];
    return `invalid ${issue?.path.join('.') || 'comment'}: ${issue?.message ?? 'rejected'}`;
  }
  return result.data;
}

function bySiblingOrder(a: Node, b: Node): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  const ia = a.id ?? '';
  const ib = b.id ?? '';
  return ia < ib ? -1 : ia > ib ? 1 : 0;
}

/**
 * A flat list has every comment at the root with a `parent_id`: move each such root under its parent
 * (when the list holds it and that makes no cycle) so replies follow their parents.
 */
function regroupFlat(roots: Node[]): Node[] {
  const byId = new Map<string, Node>();
  const index = (nodes: Node[]) => {
    for (const n of nodes) {
      if (n.id !== null) byId.set(n.id, n);
      index(n.children);
    }
  };
  index(roots);
  const top: Node[] = [];
  for (const node of roots) {
    const parent = node.declaredParent === null ? undefined : byId.get(node.declaredParent);
    if (parent && parent !== node && !contains(node, parent)) parent.children.push(node);
    else top.push(node);
  }
  return top;
}

function contains(ancestor: Node, candidate: Node): boolean {
  return ancestor.children.some((c) => c === candidate || contains(c, candidate));
}
