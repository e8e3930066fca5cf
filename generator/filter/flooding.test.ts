import { describe, expect, it } from 'vitest';
import { authorFloodPositions } from './flooding.ts';
import { makePost } from './testing/fixtures.ts';

describe('authorFloodPositions', () => {
  it('keeps the first posts of each author and never groups unknown authors', () => {
    const posts = [
      makePost({ author: 'loud' }),
      makePost({ author: 'quiet' }),
      makePost({ author: 'loud' }),
      makePost({ author: null }),
      makePost({ author: 'loud' }),
      makePost({ author: null }),
      makePost({ author: null }),
      makePost({ author: 'loud' }),
    ];
    expect([...authorFloodPositions(posts, 2)]).toEqual([4, 7]);
  });
});
