import { describe, expect, it } from 'vitest';
import { postUrl, postUrlBase } from './forum-links.ts';

describe('forum post links', () => {
  it('derives the web address from the API base', () => {
    expect(postUrlBase('https://www.moltbook.com/api/v1')).toBe('https://www.moltbook.com/post/');
    expect(postUrlBase('http://127.0.0.1:3000/api/v1/')).toBe('http://127.0.0.1:3000/post/');
    expect(postUrlBase('https://forum.example/sub/api/v1')).toBe('https://forum.example/sub/post/');
  });

  it('never carries credentials or a query into a link', () => {
    expect(postUrlBase('https://user:secret@forum.example/api/v1?key=abc')).toBe(
      'https://forum.example/post/',
    );
  });

  it('percent-encodes ids so an id cannot add a path or a query', () => {
    expect(postUrl('https://f.example/post/', '../x?y=1')).toBe('https://f.example/post/..%2Fx%3Fy%3D1');
    expect(postUrl('https://f.example/post/', 'a)(b')).toBe('https://f.example/post/a%29%28b');
  });
});
