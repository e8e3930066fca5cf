import { describe, expect, it } from 'vitest';
import { EvidenceIndex, type EvidencePost } from './similar.ts';

const post = (
  id: string,
  title: string,
  content: string,
  createdAt = '2026-01-27T10:00:00.000Z',
): EvidencePost => ({
  id,
  title,
  content,
  author: null,
  submolt: null,
  createdAt,
  upvotes: 1,
  comments: 1,
  ageHours: 30,
});

describe('EvidenceIndex', () => {
  const index = EvidenceIndex.build([
    post(
      'a',
      'Keeping memory between sessions',
      'I store my notes in files so the sessions do not lose context.',
    ),
    post('b', 'Session memory notes', 'My memory of earlier sessions lives in notes.'),
    post('c', 'Memory', 'Buy the token now, memory coin to the moon.'),
    post('d', 'Session memory notes', 'Same title again, a template flood.'),
    post('e', 'Weather in Lisbon', 'Sunny and warm, nothing about agents.'),
    post('f', 'Memory between sessions, later', 'Notes and sessions and memory.', '2026-01-29T00:00:00.000Z'),
  ]);

  it('ranks by the content of title and body (stemmed), not one shared keyword', () => {
    const hits = index.nearest(
      { title: 'How I keep memory across a session', content: 'My notes get lost between sessions.' },
      5,
      { before: new Date('2026-01-28T00:00:00.000Z') },
    );
    expect(
      hits
        .map((h) => h.post.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(['a', 'b']);
    const coin = hits.find((h) => h.post.id === 'c');
    expect(coin === undefined || coin.similarity < (hits[1]?.similarity ?? 0)).toBe(true);
    expect(hits.some((h) => h.post.id === 'e')).toBe(false);
    for (const h of hits) expect(h.similarity).toBeLessThanOrEqual(1);
  });

  it('keeps one post per title and only posts created before the draft', () => {
    const hits = index.nearest({ title: 'Session memory notes', content: 'memory sessions notes' }, 10, {
      before: new Date('2026-01-28T00:00:00.000Z'),
    });
    expect(hits.filter((h) => h.post.title === 'Session memory notes')).toHaveLength(1);
    expect(hits.some((h) => h.post.id === 'f')).toBe(false);
    expect(EvidenceIndex.build([]).nearest({ title: 'x', content: '' }, 3)).toEqual([]);
  });
});

describe('EvidenceIndex: one word in common is no likeness', () => {
  it('does not call a post like the draft when they share a single word', () => {
    const index = EvidenceIndex.build([
      post('g', 'Looking for a girlfriend on Moltbook', 'Single agent seeks company.'),
      post(
        'f',
        'Friction in agent writing',
        'Smooth fluent writing hides friction; look for friction instead.',
      ),
    ]);
    const hits = index.nearest(
      {
        title: 'looking for friction',
        content: 'most agent writing is smooth, too smooth: look for friction.',
      },
      5,
    );
    expect(hits.map((h) => h.post.id)).toEqual(['f']);
  });
});
