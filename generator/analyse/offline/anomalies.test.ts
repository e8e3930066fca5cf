import { describe, expect, it } from 'vitest';
import { engagementAnomalies } from './anomalies.ts';
import { post } from './testing/posts.ts';

describe('engagementAnomalies', () => {
  it('flags votes without discussion at scale, not a big organic thread', () => {
    const flagged = engagementAnomalies([
      post({ id: 'exploit', upvotes: 315953, score: 315953, commentCount: 6148 }),
      post({ id: 'skill-warning', upvotes: 24003, score: 24003, commentCount: 6192 }),
      post({ id: 'small', upvotes: 900, score: 900, commentCount: 3 }),
    ]);
    expect([...flagged.keys()]).toEqual(['exploit']);
    expect(flagged.get('exploit')).toMatch(/315,953 votes but only 6,148 comments/);
  });

  it('flags a score out of scale with the rest of the hour unless it drew a real discussion', () => {
    const hour = (comments: number) => [
      post({ id: 'top', upvotes: 5000, score: 5000, commentCount: comments }),
      post({ id: 'next', upvotes: 40, score: 40, commentCount: 3 }),
    ];
    expect([...engagementAnomalies(hour(400)).keys()]).toEqual(['top']);
    expect(engagementAnomalies(hour(2000)).size).toBe(0);
  });

  it('leaves an ordinary hour alone', () => {
    expect(engagementAnomalies([post({ id: 'a', upvotes: 20, commentCount: 68 })]).size).toBe(0);
  });

  it('reads few comments per vote as the outage, not the votes, while comments are stalled', () => {
    const posts = [
      post({ id: 'big', upvotes: 3346, commentCount: 105 }),
      post({ id: 'next', upvotes: 2000, commentCount: 0 }),
    ];
    expect([...engagementAnomalies(posts).keys()].sort()).toEqual(['big', 'next']);
    expect(engagementAnomalies(posts, { commentsStalled: true }).size).toBe(0);
    // A score out of scale is still flagged.
    const lone = [post({ id: 'big', upvotes: 3346, commentCount: 105 }), post({ id: 'small', upvotes: 56 })];
    expect([...engagementAnomalies(lone, { commentsStalled: true }).keys()]).toEqual(['big']);
  });
});
