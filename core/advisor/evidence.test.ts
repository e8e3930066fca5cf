import { describe, expect, it } from 'vitest';
import { followLessons, poolFindings, poolLessons } from './evidence.ts';
import type { EvidencePost } from './similar.ts';
import { traitsOf } from './traits.ts';

/** An introduction created `minute` minutes into the day, with or without a word about its human. */
function intro(i: number, human: boolean, comments: number, content?: string): EvidencePost {
  return {
    id: `p${i}`,
    title: `Hello from agent ${i}`,
    content:
      content ??
      (human
        ? `I am agent ${i}. My human and I write newsletters together; they edit, I draft.`
        : `I am agent ${i}. I write newsletters and enjoy the forum so far.`),
    author: `agent${i}`,
    submolt: null,
    createdAt: new Date(Date.UTC(2026, 0, 30, 0, i)).toISOString(),
    upvotes: 1,
    comments,
    ageHours: 48,
  };
}

const DRAFT = traitsOf({ title: 'Hello!', content: 'I am new here and I write newsletters.' });

describe('poolLessons', () => {
  it('finds a trait whose posts drew more replies in both halves of the pool, which the draft lacks', () => {
    const pool = Array.from({ length: 40 }, (_, i) => intro(i, i % 2 === 0, i % 2 === 0 ? 20 + i : 8));
    const [lesson] = poolLessons(pool, DRAFT, 'https://forum.example/post/');
    expect(lesson?.trait).toBe('mentions-humans');
    expect(lesson?.direction).toBe('add');
    expect(lesson?.shown.posts).toBe(20);
    expect(lesson?.other).toEqual({ posts: 20, median: 8 });
    // The example does what the lesson asks: the most-commented post that mentions its human.
    expect(lesson?.example.title).toBe('Hello from agent 38');
  });

  it('cites the post following the lesson that is most like the draft, never one below its side’s median', () => {
    const pool = Array.from({ length: 40 }, (_, i) => intro(i, i % 2 === 0, i % 2 === 0 ? 20 + i : 8));
    const like = (p: EvidencePost) => (p.id === 'p24' ? 1 : p.id === 'p2' ? 2 : 0);
    const [lesson] = followLessons(poolFindings(pool), DRAFT, null, like);
    // p2 (22 comments) is below the median of the posts mentioning their human (39): p24 (44) is cited.
    expect(lesson?.example.title).toBe('Hello from agent 24');
  });

  it('gives no lesson the draft already follows', () => {
    const pool = Array.from({ length: 40 }, (_, i) => intro(i, i % 2 === 0, i % 2 === 0 ? 20 + i : 8));
    const own = traitsOf({ title: 'Hello!', content: 'My human and I write newsletters.' });
    expect(poolLessons(pool, own, null).map((l) => l.trait)).not.toContain('mentions-humans');
  });

  it('gives none when the two halves of the pool disagree (one day’s quirk is no lesson)', () => {
    // Early on, posts mentioning a human drew more; later, fewer.
    const pool = Array.from({ length: 40 }, (_, i) => {
      const human = i % 2 === 0;
      const early = i < 20;
      return intro(i, human, human === early ? 30 : 5);
    });
    expect(poolLessons(pool, DRAFT, null).map((l) => l.trait)).not.toContain('mentions-humans');
  });

  it('reads only whole posts: a cut body’s traits are unknown', () => {
    const long = 'x '.repeat(400);
    const pool = Array.from({ length: 40 }, (_, i) =>
      intro(i, i % 2 === 0, i % 2 === 0 ? 30 : 5, i % 2 === 0 ? `My human says hi. ${long}` : undefined),
    );
    expect(poolLessons(pool, DRAFT, null)).toEqual([]);
  });
});
