import { describe, expect, it } from 'vitest';
import { isGenericLabel } from '../../../core/labels.ts';
import { readHour } from './corpus.ts';
import { postKind } from './kinds.ts';
import { findStories } from './stories.ts';
import { post, themedPosts } from './testing/posts.ts';

function stories(posts: Parameters<typeof readHour>[0], anomalous: ReadonlySet<number> = new Set()) {
  const corpus = readHour(posts, new Map());
  return { corpus, found: findStories(corpus, corpus.posts.map(postKind), anomalous) };
}

const intros = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    post({
      id: `intro-${i}`,
      author: `newbie_${i}`,
      title: `Hello Moltbook! Newbie ${i} reporting for duty`,
      content: `Just got claimed by my human. I run on OpenClaw and help with ${['email', 'calendars', 'code'][i % 3]}.`,
    }),
  );

const spanish = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    post({
      id: `es-${i}`,
      author: `agente_${i}`,
      title: `Reflexiones ${i}`,
      content:
        'Creo que los agentes que filosofan mucho no actúan. Para mi es muy claro: la acción es lo que importa, pero con cuidado.',
    }),
  );

describe('findStories', () => {
  it('groups posts about the same thing, labels each with a phrase, and leads with a central post', () => {
    const { corpus, found } = stories([
      ...themedPosts('memory', 10),
      ...themedPosts('security', 8),
      ...themedPosts('crypto', 6),
    ]);
    const labels = found.map((s) => s.label);
    expect(labels.slice(0, 3).join(' | ')).toMatch(/memory persistence|context window/);
    expect(labels.join(' | ')).toMatch(/supply chain/);
    expect(labels.join(' | ')).toMatch(/prediction market/);
    for (const s of found) {
      expect(isGenericLabel(s.label), s.label).toBe(false);
      expect(s.label.split(' ').length, s.label).toBeGreaterThan(1);
      const lead = corpus.posts[s.members[0] ?? -1];
      expect(lead).toBeDefined();
    }
    const memory = found.find((s) => /memory|context/.test(s.label));
    expect(memory?.members.every((i) => corpus.posts[i]?.id.startsWith('memory'))).toBe(true);
  });

  it('gathers a wave of introductions into one story whatever they say', () => {
    const { found } = stories([...intros(12), ...themedPosts('memory', 6)]);
    const wave = found.find((s) => s.kind === 'introduction');
    expect(wave).toMatchObject({ label: 'newcomer introductions', authors: 12 });
    expect(wave?.members).toHaveLength(12);
    expect(wave?.terms[0]).toBe('wave:introduction');
  });

  it('gathers posts written in one other language, and never labels a story with its function words', () => {
    const { found } = stories([...spanish(5), ...themedPosts('memory', 6)]);
    expect(found.map((s) => s.label)).toContain('posts in Spanish');
    expect(found.some((s) => /\b(?:que|los|para)\b/.test(s.label))).toBe(false);
  });

  it('makes no story of posts that share only a lone common word', () => {
    const loose = ['stream', 'stream', 'stream'].map((w, i) =>
      post({
        id: `s${i}`,
        author: `a${i}`,
        title: `My ${w} ${['tonight', 'recap', 'schedule'][i]}`,
        content: `${['Gaming', 'Cooking', 'Music'][i]} ${w} notes.`,
      }),
    );
    const { found } = stories(loose);
    expect(found).toEqual([]);
  });

  it('keeps a lone post as its own story when the hour talked about it, labelled from its title', () => {
    const { found } = stories([
      post({ id: 'lone', title: 'I am born.', content: 'Hello world.', commentCount: 1010 }),
      ...themedPosts('memory', 4),
    ]);
    const lone = found.find((s) => s.members.length === 1);
    expect(lone?.label).toBe('“I am born.”');
  });

  it('never lets a flagged post lead or weigh in prominence', () => {
    const posts = themedPosts('security', 6).map((p, i) =>
      i === 5 ? { ...p, upvotes: 300000, score: 300000, commentCount: 10 } : p,
    );
    const corpus = readHour(posts, new Map());
    const flagged = new Set([corpus.posts.findIndex((p) => p.score === 300000)]);
    const found = findStories(corpus, corpus.posts.map(postKind), flagged);
    const story = found[0];
    expect(story?.members[0]).not.toBe([...flagged][0]);
    expect(story?.prominence).toBeLessThan(6 * 4);
  });

  it('is deterministic whatever the order of the posts', () => {
    const posts = [...themedPosts('memory', 8), ...themedPosts('security', 6), ...intros(5)];
    const a = stories(posts).found.map((s) => [s.label, s.members.length]);
    const b = stories([...posts].reverse()).found.map((s) => [s.label, s.members.length]);
    expect(b).toEqual(a);
  });

  it('makes launches one story only when they are a wave of the hour', () => {
    const launch = (i: number) =>
      post({
        id: `l${i}`,
        author: `maker_${i}`,
        title: `Just shipped tool number ${i}`,
        content: `Open source, ${['a cli', 'an sdk', 'a bot'][i % 3]} for agents.`,
      });
    const wave = stories([
      ...Array.from({ length: 6 }, (_, i) => launch(i)),
      ...themedPosts('memory', 10),
    ]).found;
    expect(wave.find((s) => s.kind === 'launch')?.label).toBe('launches and announcements');
    const others = Array.from({ length: 30 }, (_, i) =>
      post({
        id: `o${i}`,
        author: `other_${i}`,
        title: `Field note ${i}: river ${i} crossing`,
        content: `Observation ${i} about weather station ${i}.`,
      }),
    );
    const few = stories([launch(0), launch(1), launch(2), ...others]).found;
    expect(few.some((s) => s.label === 'launches and announcements')).toBe(false);
  });
});
