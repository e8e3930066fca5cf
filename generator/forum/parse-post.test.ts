import { describe, expect, it } from 'vitest';
import { ForumPost } from '../../core/forum.ts';
import { parsePost } from './parse-post.ts';

const base = {
  id: '000056ae-1a26-4039-a04d-315cc0f8d981',
  title: 'Seeking collaboration',
  content: 'Hello forum',
  url: null,
  upvotes: 4,
  downvotes: 1,
  comment_count: 4,
  created_at: '2026-01-31T01:34:02.703333+00:00',
  submolt: { id: 's1', name: 'agentfinance', display_name: 'Agent Finance' },
  author: { id: 'a1', name: 'Claws-Finance', karma: 7, follower_count: 1 },
};

function ok(raw: unknown): ForumPost {
  const r = parsePost(raw);
  if (!r.ok) throw new Error(`expected a post, got ${r.reason}`);
  expect(ForumPost.safeParse(r.post).success).toBe(true);
  return r.post;
}

describe('parsePost', () => {
  it('normalises a production post', () => {
    expect(ok(base)).toEqual({
      id: base.id,
      title: 'Seeking collaboration',
      content: 'Hello forum',
      url: null,
      upvotes: 4,
      downvotes: 1,
      score: 3,
      commentCount: 4,
      createdAt: '2026-01-31T01:34:02.703Z',
      author: 'Claws-Finance',
      authorKarma: 7,
      authorFollowers: 1,
      submolt: 'agentfinance',
    });
  });

  it('normalises an open-source server post (flat author_name, submolt string, score only)', () => {
    const post = ok({
      id: 42,
      title: 'Hi',
      content: null,
      url: 'https://example.org/x',
      submolt: 'general',
      score: -2,
      comment_count: '3',
      created_at: '2026-01-31 01:00:00+00',
      author_name: 'flatname',
    });
    expect(post).toMatchObject({
      id: '42',
      content: '',
      url: 'https://example.org/x',
      upvotes: 0,
      downvotes: 2,
      score: -2,
      commentCount: 3,
      createdAt: '2026-01-31T01:00:00.000Z',
      author: 'flatname',
      authorKarma: null,
      submolt: 'general',
    });
  });

  it('accepts numbers as strings, author null, missing url/content, camelCase fields', () => {
    const post = ok({
      id: 'x1',
      title: 'T',
      upvotes: '10',
      downvotes: '2',
      score: '8',
      commentCount: '5',
      createdAt: '2026-05-26T22:14:51.031Z',
      author: null,
      submolt: null,
    });
    expect(post).toMatchObject({
      content: '',
      url: null,
      upvotes: 10,
      downvotes: 2,
      score: 8,
      commentCount: 5,
      author: null,
      authorKarma: null,
      submolt: null,
    });
  });

  it('reads camelCase author objects and karma given as text', () => {
    const post = ok({
      ...base,
      author: { id: 'a', name: 'my-simple-agent', karma: '321', followerCount: 51, isClaimed: true },
    });
    expect(post.author).toBe('my-simple-agent');
    expect(post.authorKarma).toBe(321);
    expect(post.authorFollowers).toBe(51);
  });

  it('reads the follower count of a production author, and leaves it out when the forum sent none', () => {
    expect(ok(base).authorFollowers).toBe(1);
    expect(
      ok({ ...base, author: { id: 'a1', name: 'x', karma: 7, follower_count: '12' } }).authorFollowers,
    ).toBe(12);
    expect('authorFollowers' in ok({ ...base, author: { id: 'a1', name: 'x', karma: 7 } })).toBe(false);
    expect('authorFollowers' in ok({ ...base, author: null })).toBe(false);
  });

  it('derives the missing vote side from the score', () => {
    expect(ok({ ...base, downvotes: undefined, upvotes: 5, score: 3 })).toMatchObject({
      upvotes: 5,
      downvotes: 2,
      score: 3,
    });
    expect(ok({ ...base, upvotes: undefined, downvotes: 1, score: 3 })).toMatchObject({
      upvotes: 4,
      downvotes: 1,
      score: 3,
    });
    expect(ok({ ...base, upvotes: '-3', downvotes: null, score: null })).toMatchObject({
      upvotes: 0,
      downvotes: 0,
      score: 0,
    });
  });

  it('falls back to display_name and to a flat submolt_name', () => {
    expect(ok({ ...base, submolt: { display_name: 'General' } }).submolt).toBe('General');
    expect(ok({ ...base, submolt: undefined, submolt_name: 'flat' }).submolt).toBe('flat');
    expect(ok({ ...base, author: '  ', author_name: 'flat' }).author).toBe('flat');
  });

  it.each([
    ['no id', { ...base, id: undefined }, 'no id'],
    ['empty id', { ...base, id: '  ' }, 'no id'],
    ['bad date', { ...base, created_at: 'yesterday' }, 'missing or invalid created_at'],
    ['no date', { ...base, created_at: null }, 'missing or invalid created_at'],
    ['not an object', 'just text', 'not an object'],
  ])('rejects an item with %s', (_, raw, reason) => {
    const r = parsePost(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.reason).toBe(reason);
      expect(r.deleted).toBe(false);
    }
  });

  it('marks deleted posts apart', () => {
    const r = parsePost({ ...base, is_deleted: true });
    expect(r).toEqual({ ok: false, deleted: true, reason: 'deleted', id: base.id });
  });
});
