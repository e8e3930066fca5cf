import { describe, expect, it } from 'vitest';
import { ForumError } from './errors.ts';
import { parseListPage } from './list-page.ts';

describe('parseListPage', () => {
  it('reads the production offset dialect', () => {
    const page = parseListPage({ success: true, posts: [1, 2], has_more: true, next_offset: 2 }, 'u', 0, 2);
    expect(page).toEqual({
      dialect: 'offset',
      items: [1, 2],
      hasMore: true,
      nextOffset: 2,
      nextCursor: null,
    });
  });

  it('reads the production cursor dialect, and its last page', () => {
    expect(
      parseListPage({ success: true, posts: [1], has_more: true, next_cursor: 'abc' }, 'u', 0, 1),
    ).toEqual({
      dialect: 'cursor',
      items: [1],
      hasMore: true,
      nextOffset: null,
      nextCursor: 'abc',
    });
    const last = parseListPage({ success: true, posts: [], has_more: false, next_cursor: null }, 'u', 0, 1);
    expect(last).toMatchObject({ dialect: 'cursor', hasMore: false, nextCursor: null });
  });

  it('reads the open-source dialect', () => {
    const body = { data: [1, 2, 3], pagination: { count: 3, limit: 3, offset: 6, hasMore: true } };
    expect(parseListPage(body, 'u', 6, 3)).toEqual({
      dialect: 'open-source',
      items: [1, 2, 3],
      hasMore: true,
      nextOffset: 9,
      nextCursor: null,
    });
  });

  it('infers has_more from a full page when the forum does not say, and reads it as text', () => {
    expect(parseListPage({ posts: [1, 2] }, 'u', 0, 2).hasMore).toBe(true);
    expect(parseListPage({ posts: [1] }, 'u', 0, 2).hasMore).toBe(false);
    expect(parseListPage({ data: [1, 2] }, 'u', 0, 2).hasMore).toBe(true);
    expect(parseListPage({ posts: [1, 2], has_more: 'false' }, 'u', 0, 2).hasMore).toBe(false);
  });

  it('ignores a next_offset that does not advance', () => {
    expect(parseListPage({ posts: [1, 2], has_more: true, next_offset: '0' }, 'u', 10, 2).nextOffset).toBe(
      12,
    );
    expect(parseListPage({ posts: [1, 2], has_more: true, next_offset: '50' }, 'u', 10, 2).nextOffset).toBe(
      50,
    );
  });

  it.each([
    [{ success: false, error: 'nope', posts: [] }, /success: false/],
    [{ success: true, items: [] }, /keys success, items/],
    ['<html>', /got string/],
  ])('refuses %j', (body, message) => {
    expect(() => parseListPage(body, 'http://h/api/v1/posts?sort=new', 0, 10)).toThrow(message);
    expect(() => parseListPage(body, 'u', 0, 10)).toThrow(ForumError);
  });
});
