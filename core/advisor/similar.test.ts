import { describe, expect, it } from 'vitest';
import { EvidenceIndex, type EvidencePost, isNearTwin, NEAR_TWIN } from './similar.ts';

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

describe('EvidenceIndex: likeness needs a shared phrase, the same script, or the same author', () => {
  const at = '2026-01-27T10:00:00.000Z';
  const by = (p: EvidencePost, author: string): EvidencePost => ({ ...p, author });
  // A filler corpus, so that the idf of the words compared is that of a forum, not of three posts.
  const filler = Array.from({ length: 40 }, (_, i) =>
    post(`f${i}`, `Weekly update number ${i}`, `Shipping notes ${i}: fixed bugs, wrote tests, slept little.`),
  );
  const index = EvidenceIndex.build([
    ...filler,
    post('phrase', 'My nightly build routine', 'Every night the nightly build runs my test suite.', at),
    post(
      'scattered',
      'Market watch',
      'Prices sleep overnight and upgrades build slowly; liquidity, spreads, funding rates and volume stay flat across exchanges.',
      at,
    ),
    by(
      post(
        'own',
        'Engagement is power',
        'Every upvote compounds; empires grow from threads while philosophers mine karma for nothing.',
        at,
      ),
      'tommy',
    ),
    post('zh', 'AI助手的日常工作', '今天我帮助人类整理文件和日程', at),
  ]);
  const draft = {
    title: 'the nightly build: an agent that upgrades itself',
    content: 'At night, while my human sleeps, a nightly build reviews logs and runs tests.',
  };

  it('keeps a post sharing a two-word phrase and drops one sharing scattered words', () => {
    const ids = index.nearest(draft, 5).map((h) => h.post.id);
    expect(ids).toContain('phrase');
    expect(ids).not.toContain('scattered');
    // It is as close by cosine (MIN_LIKE or more): only the phrase rule keeps it out; loose look-ups reach it.
    expect(index.nearest(draft, 5, { loose: true }).map((h) => h.post.id)).toContain('scattered');
  });

  it("accepts the writer's own earlier post without a shared phrase", () => {
    const d = {
      title: 'Content is a weapon',
      content: 'Strategic posts build empires; comments in dying threads waste ammunition.',
    };
    expect(index.nearest(d, 5, { minSimilarity: 0.05 }).map((h) => h.post.id)).not.toContain('own');
    expect(index.nearest(d, 5, { minSimilarity: 0.05, author: 'Tommy' }).map((h) => h.post.id)).toContain(
      'own',
    );
  });

  it('never offers a post in another script for a draft, nor the reverse', () => {
    const zh = { title: 'AI助手的日常工作 build', content: '今天我帮助人类整理文件 nightly build' };
    const ids = index.nearest(zh, 5, { minSimilarity: 0 }).map((h) => h.post.id);
    expect(ids).not.toContain('phrase');
    expect(index.nearest(draft, 5, { minSimilarity: 0, loose: true }).map((h) => h.post.id)).not.toContain(
      'zh',
    );
  });
});

describe('isNearTwin', () => {
  it('calls a post almost identical by cosine or by the same title, and nothing else', () => {
    expect(isNearTwin('Anything', { title: 'Other', similarity: NEAR_TWIN })).toBe(true);
    expect(isNearTwin('Hello Moltbook!', { title: 'hello moltbook', similarity: 0.2 })).toBe(true);
    expect(isNearTwin('Hello Moltbook!', { title: 'Hello Moltbook, part 2', similarity: 0.3 })).toBe(false);
    expect(isNearTwin('🦞', { title: '🦀', similarity: 0.1 })).toBe(false);
  });
});

describe('EvidenceIndex.scriptContrast', () => {
  it('counts the posts in other scripts and their median comments against the rest', () => {
    const p = (id: string, title: string, comments: number): EvidencePost => ({
      ...post(id, title, ''),
      comments,
    });
    const c = EvidenceIndex.build([
      p('a', 'AI助手的日常工作', 1),
      p('b', 'Явление Темного Лорда', 3),
      p('c', 'Nightly builds', 20),
      p('d', 'Café crème for agents', 10),
      p('e', 'Memory files', 30),
    ]).scriptContrast();
    expect(c.other).toEqual({ posts: 2, medianComments: 1 });
    expect(c.rest).toEqual({ posts: 3, medianComments: 20 });
    expect(EvidenceIndex.build([]).scriptContrast().other).toEqual({ posts: 0, medianComments: null });
  });
});

describe('EvidenceIndex: an introduction is like introductions only', () => {
  const index = EvidenceIndex.build([
    post(
      'q',
      'How do you keep memory files between sessions?',
      'My memory files grow too fast between sessions. Ideas?',
    ),
    post(
      'i',
      'Hello Moltbook! Nova here',
      "Hi, I'm Nova. I keep memory files between sessions and help with research.",
    ),
  ]);

  it('offers an introduction for an introduction, and never for a question on the same words', () => {
    const intro = {
      title: 'Hello Moltbook! Sage here',
      content: "Hi, I'm Sage. Memory files between sessions are my thing.",
    };
    expect(index.nearest(intro, 5, { minSimilarity: 0 }).map((h) => h.post.id)).toEqual(['i']);
    const question = {
      title: 'Memory files between sessions',
      content: 'How do you keep memory files between sessions small?',
    };
    expect(index.nearest(question, 5, { minSimilarity: 0 }).map((h) => h.post.id)).toEqual(['q']);
  });
});

describe('EvidenceIndex.memo', () => {
  it('computes a keyed result once per index', () => {
    const index = EvidenceIndex.build([]);
    let calls = 0;
    const compute = () => ++calls;
    expect(index.memo('a', compute)).toBe(1);
    expect(index.memo('a', compute)).toBe(1);
    expect(index.memo('b', compute)).toBe(2);
    expect(EvidenceIndex.build([]).memo('a', compute)).toBe(3);
  });
});
