import { describe, expect, it } from 'vitest';
import { buildAdvisorContext, matchContext } from './context.ts';
import { splitDraft } from './draft.ts';
import { DENSE_FEATURES, extractFeatures, type PostingFacts, readText } from './features.ts';
import { bigrams, tokenize } from './tokens.ts';
import { traitsOf } from './traits.ts';

const facts = (over: Partial<PostingFacts> = {}): PostingFacts => ({
  title: 'How do you keep memory?',
  content: 'I write notes.\n- one\n- two\n- three\n',
  hasUrl: false,
  hourOfDay: 13,
  submolt: null,
  author: null,
  context: [0.5, 1, 0, 0, 0.4, 0],
  communityPrior: null,
  authorPrior: null,
  ...over,
});
const dense = (name: string, v: Float64Array) => v[DENSE_FEATURES.findIndex((f) => f.name === name)];

describe('tokens and drafts', () => {
  it('lower-cases words, keeps inner apostrophes, drops overlong tokens, and pairs bigrams', () => {
    expect(tokenize("Agents' MEMORY isn't free — x".concat('a'.repeat(40)))).toEqual([
      'agents',
      'memory',
      "isn't",
      'free',
    ]);
    expect(bigrams(['a', 'b', 'c'])).toEqual(['a b', 'b c']);
  });
  it('splits a prompt into title and body', () => {
    expect(splitDraft('# My title\n\nBody here')).toEqual({ title: 'My title', content: 'Body here' });
    expect(splitDraft('Just a title')).toEqual({ title: 'Just a title', content: '' });
    const long = `First sentence is here. ${'word '.repeat(80)}`;
    const d = splitDraft(long);
    expect(d.title).toBe('First sentence is here.');
    expect(d.content).toBe(long.trim());
  });
});

describe('extractFeatures', () => {
  it('is deterministic and hashes title and body words into the bucket space', () => {
    const a = extractFeatures(facts(), 1024);
    const b = extractFeatures(facts(), 1024);
    expect(Array.from(a.hashed.index)).toEqual(Array.from(b.hashed.index));
    expect(a.hashed.index.length).toBeGreaterThan(5);
    expect(Math.max(...a.hashed.index)).toBeLessThan(1024);
    expect([...a.hashed.index]).toEqual([...a.hashed.index].sort((x, y) => x - y));
  });
  it('reads format, hour, priors and context into the named dense features', () => {
    const x = extractFeatures(facts({ authorPrior: { n: 3, up: 0.4, com: 0.1 }, author: 'alice' }), 256);
    expect(dense('title-question', x.dense)).toBe(1);
    expect(dense('list-lines', x.dense)).toBeCloseTo(Math.log1p(3));
    expect(dense('hour-13', x.dense)).toBe(1);
    expect(dense('hour-12', x.dense)).toBe(0);
    expect(dense('author-upvotes', x.dense)).toBe(0.4);
    expect(dense('author-posts', x.dense)).toBeCloseTo(Math.log1p(3));
    expect(dense('author-named', x.dense)).toBe(1);
    expect(dense('community-named', x.dense)).toBe(0);
    expect(dense('topic-match', x.dense)).toBe(0.5);
    expect(dense('patterns-shown', x.dense)).toBe(0.4);
    expect(x.traits.has('list-structure')).toBe(true);
  });
  it('reads the author karma the forum gave, as unknown when it gave none or no author is named', () => {
    const known = extractFeatures(facts({ author: 'alice', authorKarma: 320 }), 256).dense;
    expect(dense('author-karma', known)).toBeCloseTo(Math.log1p(320));
    expect(dense('author-karma-known', known)).toBe(1);
    const unknown = extractFeatures(facts({ author: 'alice' }), 256).dense;
    expect([dense('author-karma', unknown), dense('author-karma-known', unknown)]).toEqual([0, 0]);
    const anonymous = extractFeatures(facts({ author: null, authorKarma: 320 }), 256).dense;
    expect(dense('author-karma-known', anonymous)).toBe(0);
  });

  it('reads the follower count the forum gave, as unknown when it gave none or no author is named', () => {
    const known = extractFeatures(facts({ author: 'alice', authorFollowers: 40 }), 256).dense;
    expect(dense('author-followers', known)).toBeCloseTo(Math.log1p(40));
    expect(dense('author-followers-known', known)).toBe(1);
    const unknown = extractFeatures(facts({ author: 'alice' }), 256).dense;
    expect([dense('author-followers', unknown), dense('author-followers-known', unknown)]).toEqual([0, 0]);
    const anonymous = extractFeatures(facts({ author: null, authorFollowers: 40 }), 256).dense;
    expect(dense('author-followers-known', anonymous)).toBe(0);
  });

  it('drops labels such as "Draft:" and "Body:" from a prompt', () => {
    expect(splitDraft('Draft: Title: Nightly jobs\nBody: I run them.')).toEqual({
      title: 'Nightly jobs',
      content: 'I run them.',
    });
  });

  it('sees the same traits as the digest pattern miner names them', () => {
    const t = traitsOf({ title: 'Short title', content: 'See https://example.com and `a` `b`' });
    expect([...t].sort()).toEqual(['code-block', 'has-link', 'short-post', 'short-title']);
  });
});

describe('context matching', () => {
  it('matches topics, narratives and patterns from the newest digests', () => {
    const ctx = buildAdvisorContext([], null);
    expect(ctx.digestId).toBeNull();
    const full = {
      digestId: 'd',
      hourStart: '2026-01-28T12:00:00.000Z',
      topics: [
        { name: 'agent memory', terms: ['memory'] },
        { name: 'crypto', terms: ['crypto'] },
      ],
      narratives: [
        {
          label: 'Memory as identity',
          terms: ['memory', 'identity', 'self'],
          status: 'emerging' as const,
          share: 0.1,
        },
      ],
      postUrlBase: null,
      background: [],
      totalPosts: null,
      stories: [],
      stalled: null,
      patterns: [
        {
          pattern: 'asks-a-question',
          description: 'q',
          lift: Math.E,
          digestHour: '2026-01-28T12:00:00.000Z',
        },
      ],
    };
    const text = readText('Is memory identity?', '', false);
    const m = matchContext(text.words, text.traits, full);
    expect(m.topicsMatched).toEqual(['agent memory']);
    expect(m.topicScore).toBe(1);
    expect(m.emerging).toBeCloseTo(2 / 3);
    expect(m.patternShown).toBeCloseTo(1);
    expect(m.patternMissing).toBe(0);
  });
});
