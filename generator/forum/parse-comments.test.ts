import { describe, expect, it } from 'vitest';
import { ForumComment } from '../../core/forum.ts';
import { ForumError } from './errors.ts';
import { commentItems, flattenComments } from './parse-comments.ts';

function comment(id: string, minute: number, replies: unknown[] = [], extra: Record<string, unknown> = {}) {
  return {
    id,
    content: `text ${id}`,
    parent_id: null,
    upvotes: 1,
    downvotes: 0,
    created_at: `2026-02-02T08:${String(minute).padStart(2, '0')}:07.423419+00:00`,
    author: { id: `a-${id}`, name: `author_${id}`, karma: 2 },
    replies,
    ...extra,
  };
}

describe('commentItems', () => {
  it('reads the production and open-source envelopes', () => {
    expect(commentItems({ success: true, comments: [1] }, 'u')).toEqual([1]);
    expect(commentItems({ data: [2] }, 'u')).toEqual([2]);
    expect(commentItems({ success: true, data: { comments: [3] } }, 'u')).toEqual([3]);
  });

  it('names the URL and shape of anything else', () => {
    expect(() => commentItems({ success: true, post: {} }, 'http://x/api/v1/posts/1/comments')).toThrow(
      /http:\/\/x\/api\/v1\/posts\/1\/comments.*keys success, post/,
    );
    try {
      commentItems([], 'u');
    } catch (err) {
      expect(err).toBeInstanceOf(ForumError);
      expect((err as ForumError).kind).toBe('bad-response');
    }
  });
});

describe('flattenComments', () => {
  it('flattens nested replies recursively with depth and parentId, parents first, siblings by time', () => {
    const tree = [
      comment('c2', 30, [comment('c2a', 40, [comment('c2a1', 41)]), comment('c2b', 35)]),
      comment('c1', 10),
    ];
    const { comments, skipped } = flattenComments(tree, 'post-1');
    expect(skipped).toEqual([]);
    expect(comments.map((c) => [c.id, c.parentId, c.depth])).toEqual([
      ['c1', null, 0],
      ['c2', null, 0],
      ['c2b', 'c2', 1],
      ['c2a', 'c2', 1],
      ['c2a1', 'c2a', 2],
    ]);
    for (const c of comments) expect(ForumComment.safeParse(c).success).toBe(true);
    expect(comments[0]).toEqual({
      id: 'c1',
      postId: 'post-1',
      parentId: null,
      content: 'text c1',
      upvotes: 1,
      downvotes: 0,
      createdAt: '2026-02-02T08:10:07.423Z',
      author: 'author_c1',
      depth: 0,
    });
  });

  it('gives the same output whatever order the forum used', () => {
    const a = flattenComments([comment('c1', 10), comment('c2', 10, [comment('r', 11)])], 'p');
    const b = flattenComments([comment('c2', 10, [comment('r', 11)]), comment('c1', 10)], 'p');
    expect(b).toEqual(a);
  });

  it('is lenient: author null, content null, numbers as strings, camelCase, score only', () => {
    const { comments } = flattenComments(
      [
        {
          id: 7,
          content: null,
          upvotes: '2',
          downvotes: '1',
          createdAt: '2026-02-02T08:00:00Z',
          author: null,
        },
        { id: 'o1', content: 'x', score: 3, created_at: '2026-02-02 08:01:00+00', author_name: 'flat' },
      ],
      'p',
    );
    expect(comments).toMatchObject([
      { id: '7', content: '', upvotes: 2, downvotes: 1, author: null },
      { id: 'o1', upvotes: 3, downvotes: 0, author: 'flat', createdAt: '2026-02-02T08:01:00.000Z' },
    ]);
  });

  it('regroups a flat list that only carries parent_id', () => {
    const flat = [
      comment('r2', 12, [], { parent_id: 'r1' }),
      comment('root', 10),
      comment('r1', 11, [], { parent_id: 'root' }),
      comment('orphan', 13, [], { parent_id: 'gone' }),
    ];
    const { comments } = flattenComments(flat, 'p');
    expect(comments.map((c) => [c.id, c.parentId, c.depth])).toEqual([
      ['root', null, 0],
      ['r1', 'root', 1],
      ['r2', 'r1', 2],
      ['orphan', 'gone', 1],
    ]);
  });

  it('skips invalid items but keeps their replies, and drops duplicate ids', () => {
    const tree = [
      comment('bad', 10, [comment('child', 11)], { created_at: 'nope' }),
      { content: 'no id', created_at: '2026-02-02T08:00:00Z', replies: [comment('orphaned', 12)] },
      comment('dup', 20),
      comment('dup', 21),
      'garbage',
    ];
    const { comments, skipped } = flattenComments(tree, 'p');
    expect(comments.map((c) => [c.id, c.parentId, c.depth])).toEqual([
      ['child', 'bad', 1],
      ['orphaned', null, 1],
      ['dup', null, 0],
    ]);
    expect(skipped.map((s) => s.reason).sort()).toEqual([
      'missing or invalid created_at',
      'no id',
      'not an object',
    ]);
  });

  it('does not recurse without bound on hostile nesting', () => {
    let node: Record<string, unknown> = comment('n0', 0);
    for (let i = 1; i < 5000; i++) node = comment(`n${i}`, 0, [node]);
    const { comments } = flattenComments([node], 'p');
    expect(comments.length).toBeGreaterThan(100);
    expect(comments.length).toBeLessThan(5000);
  });
});
