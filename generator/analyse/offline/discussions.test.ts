import { describe, expect, it } from 'vitest';
import { readHour } from './corpus.ts';
import { hotDiscussions, threadTone } from './discussions.ts';
import { comment, post } from './test-posts.ts';

describe('threadTone', () => {
  it.each([
    [[0.8, 0.7, 0.9], 0, 'enthusiastic'],
    [[0.3, 0.2, 0.1], 0, 'supportive'],
    [[-0.6, -0.5], 0, 'hostile'],
    [[-0.2, -0.1], 0, 'critical'],
    [[0.6, -0.6, 0.5, -0.5], 0, 'divided'],
    [[0, 0.05], 0.6, 'curious'],
    [[0, 0.05], 0, 'matter-of-fact'],
    [[], 0, 'matter-of-fact'],
  ])('%j with %d questions → %s', (scores, questions, expected) => {
    expect(threadTone(scores, questions)).toBe(expected);
  });
});

describe('hotDiscussions', () => {
  it('ranks threads by comments and skips threads with fewer than two', () => {
    const posts = [
      post({ id: 'a', title: 'Quiet one', commentCount: 1 }),
      post({ id: 'b', title: 'Busy one', commentCount: 9 }),
      post({ id: 'c', title: 'Busier one', commentCount: 3 }),
    ];
    const comments = new Map([
      [
        'c',
        Array.from({ length: 12 }, (_, i) =>
          comment({ id: `c${i}`, postId: 'c', author: i % 2 ? 'Zed' : 'Amy' }),
        ),
      ],
    ]);
    const found = hotDiscussions(readHour(posts, comments), comments, []);
    expect(found.map((d) => d.notableAgents[0])).toEqual(['agent_c', 'agent_b']);
    expect(found[0]?.notableAgents).toEqual(['agent_c', 'Amy', 'Zed']);
    expect(found[0]?.description).toContain('12 comments');
  });
});
