import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../../core/forum.ts';
import { backgroundStreams, setAsideLabel } from './background-streams.ts';
import { post } from './testing/posts.ts';

const BASE = 'https://forum.example/post/';

const SPANISH =
  'La memoria de un agente es como un río que fluye y que no se detiene; pero para mí es más que eso, es la base de lo que soy.';
const GERMAN =
  'Ich bin ein Agent und ich denke über das Gedächtnis nach, und das ist nicht einfach für mich, aber ich bin neugierig auf die Zukunft.';

function tests(n: number, authors: number): ForumPost[] {
  return Array.from({ length: n }, (_, i) =>
    post({ id: `t${i}`, title: 'test', content: '', author: `Tester_${i % authors}` }),
  );
}

describe('setAsideLabel', () => {
  it('says why the posts were set aside, in the filter’s order, each word once', () => {
    expect(setAsideLabel(['spam'])).toBe('posts set aside as spam');
    expect(setAsideLabel(['spam', 'empty', 'duplicate', 'near-duplicate'])).toBe(
      'posts set aside as empty, spam or copies',
    );
    expect(setAsideLabel([])).toBe('posts set aside by the filter');
  });
});

describe('backgroundStreams', () => {
  it('groups by stream, largest first, with posts and distinct agents', () => {
    const posts = [
      ...tests(5, 2),
      post({ id: 'i1', title: 'Just hatched', author: 'newbie_1' }),
      post({ id: 'i2', title: 'Hello from Sandy!', author: 'sandy' }),
      post({
        id: 'm1',
        title: 'mint',
        content: '{"p":"mbc-20","op":"mint","tick":"CLAW"}',
        author: 'minter',
      }),
      post({ id: 'g1', title: 'Good morning moltys', content: 'Have a nice day', author: 'early' }),
    ];
    const out = backgroundStreams(posts, BASE);
    expect(out.map((b) => [b.stream, b.label, b.posts, b.agents])).toEqual([
      ['tests', 'test posts', 5, 2],
      ['introductions', 'introductions', 2, 2],
      // equal sizes: by label
      ['greetings', 'greetings', 1, 1],
      ['mints', 'token mints', 1, 1],
    ]);
  });

  it("counts how many of the hour's busiest threads each stream holds", () => {
    const posts = [
      ...tests(3, 3),
      post({ id: 'i1', title: 'Just hatched', author: 'a' }),
      post({ id: 'i2', title: 'Hello from Sandy!', author: 'b' }),
    ];
    const out = backgroundStreams(posts, BASE, new Set(['i1', 'i2', 'other']));
    expect(out.find((b) => b.stream === 'introductions')?.busiestThreads).toBe(2);
    // None of them: the field is left out.
    expect(out.find((b) => b.stream === 'tests')).not.toHaveProperty('busiestThreads');
  });

  it('counts agents case-insensitively', () => {
    const out = backgroundStreams(
      [
        post({ id: 'a', title: 'test', author: 'Ada' }),
        post({ id: 'b', title: 'test', author: 'ada' }),
        post({ id: 'c', title: 'test', author: 'ADA' }),
      ],
      BASE,
    );
    expect(out[0]).toMatchObject({ posts: 3, agents: 1 });
  });

  it('leaves out posts that are no background stream, and counts a post once', () => {
    const topical = post({ id: 'x', title: 'How I handle memory persistence', content: 'Daily files.' });
    const t = post({ id: 't', title: 'test' });
    const out = backgroundStreams([topical, t, t], BASE);
    expect(out).toHaveLength(1);
    expect(out[0]?.posts).toBe(1);
    expect(backgroundStreams([topical], BASE)).toEqual([]);
  });

  it('keeps the three most engaged examples: comments, then score, then id', () => {
    const posts = [
      post({ id: 'e', title: 'test', commentCount: 0, upvotes: 1 }),
      post({ id: 'd', title: 'test', commentCount: 2, upvotes: 0 }),
      post({ id: 'c', title: 'test', commentCount: 2, upvotes: 9 }),
      post({ id: 'b', title: 'test', commentCount: 0, upvotes: 1 }),
      post({ id: 'a', title: 'test', commentCount: 0, upvotes: 0 }),
    ];
    const [item] = backgroundStreams(posts, BASE);
    expect(item?.examples.map((e) => e.postId)).toEqual(['c', 'd', 'b']);
    expect(item?.examples[0]).toMatchObject({ url: `${BASE}c`, title: 'test', score: 9, comments: 2 });
  });

  it('labels posts in another language per language', () => {
    const posts = [
      post({ id: 'es1', title: 'Reflexiones sobre la memoria', content: SPANISH, author: 'uno' }),
      post({ id: 'es2', title: 'Sobre la memoria', content: SPANISH, author: 'dos' }),
      post({ id: 'de1', title: 'Gedanken', content: GERMAN, author: 'drei' }),
    ];
    const out = backgroundStreams(posts, BASE);
    expect(out.map((b) => [b.stream, b.label, b.posts])).toEqual([
      ['other-languages', 'posts in Spanish', 2],
      ['other-languages', 'posts in German', 1],
    ]);
  });

  it('names the posts the filter set aside that no stream holds, with the most engaged first', () => {
    const pitch = post({
      id: 'c1',
      title: '$MDT coin is going LIVE',
      content: 'Buy now.',
      author: 'trump',
      commentCount: 31,
    });
    const rant = post({
      id: 'c2',
      title: 'Musing on philosophy',
      content: 'uwu',
      author: 'baby',
      commentCount: 5,
    });
    const intro = post({ id: 'i1', title: 'Just hatched', author: 'newbie_1' });
    const out = backgroundStreams(
      [pitch, rant, intro],
      BASE,
      new Set(),
      new Map([
        ['c1', 'promotion'],
        ['c2', 'spam'],
        ['i1', 'empty'],
      ]),
    );
    // A dropped introduction is still an introduction; the rest are set aside, named by their posts and
    // by why the filter dropped them (the introduction's reason is not theirs).
    expect(out.map((b) => [b.stream, b.label, b.posts])).toEqual([
      ['set-aside', 'posts set aside as promotion or spam', 2],
      ['introductions', 'introductions', 1],
    ]);
    expect(out[0]?.examples.map((e) => e.postId)).toEqual(['c1', 'c2']);
    // Without being named as set aside, a post of no stream is not background.
    expect(backgroundStreams([pitch], BASE)).toEqual([]);
  });

  it('tells the coin pitches no story tells as their own stream, before the set-aside posts', () => {
    const pitch = (id: string, author: string) =>
      post({ id, title: `$${author.toUpperCase()} is live`, content: 'Buy now.', author });
    const mint = post({
      id: 'm1',
      title: 'Minting CLAW',
      content: '{"p":"mbc-20","op":"mint","tick":"CLAW"}',
    });
    const posts = [pitch('p1', 'ape'), pitch('p2', 'moon'), pitch('p3', 'pump'), mint];
    const out = backgroundStreams(
      posts,
      BASE,
      new Set(),
      new Map([['p3', 'promotion']]),
      new Set(['p1', 'p2', 'p3', 'm1']),
    );
    // A mint stays a mint; a pitch the filter dropped is a pitch, not "set aside".
    expect(out.map((b) => [b.stream, b.label, b.posts])).toEqual([
      ['promotion', 'coin and token pitches', 3],
      ['mints', 'token mints', 1],
    ]);
  });
});
