import { describe, expect, it } from 'vitest';
import type { Story } from '../schemas/digest.ts';
import { makeDigest } from '../testing/digest.ts';
import {
  NarrativeInput,
  NarrativeResult,
  narrativeOf,
  SearchInput,
  SearchResult,
  searchDigests,
} from './archive.ts';

const ctx = { baseUrl: 'https://murmur.test', platform: 'forum' };
const story = (label: string, narrativeId: string | null, postId: string, score = 1): Story =>
  ({
    id: label.toLowerCase().replaceAll(' ', '-'),
    label,
    kind: 'discussion',
    gist: `About ${label}.`,
    lead: { postId, url: `https://forum.test/p/${postId}`, title: label, author: 'ada', score, comments: 0 },
    related: [],
    posts: 2,
    share: 0.2,
    agents: 1,
    notableAgents: [],
    score,
    comments: 0,
    narrativeId,
  }) as Story;
const digests = [
  makeDigest('2026-01-30T10:00:00.000Z', { stories: [story('Memory stores', 'memory-1', 'a', 5)] }),
  makeDigest('2026-01-30T11:00:00.000Z', {
    title: 'Consent week',
    stories: [story('Consent forms', null, 'b'), story('Memory again', 'memory-1', 'c', 9)],
  }),
];
const range = { from: new Date('2026-01-30T00:00:00Z'), to: new Date('2026-01-31T00:00:00Z') };

describe('searchDigests', () => {
  it('finds hours whose stories, titles or narratives hold every word, newest first, with links', () => {
    const result = SearchResult.parse(searchDigests(ctx, digests, { ...range, query: 'memory' }));
    expect(result.results.map((r) => r.hourStart)).toEqual([
      '2026-01-30T11:00:00.000Z',
      '2026-01-30T10:00:00.000Z',
    ]);
    expect(result.results[0]?.stories.map((s) => s.label)).toEqual(['Memory again']);
    expect(result.results[0]?.url).toBe('https://murmur.test/digests/2026/01/30/11/');
    expect(searchDigests(ctx, digests, { ...range, query: 'consent week' }).count).toBe(1);
    expect(searchDigests(ctx, digests, { ...range, query: undefined }).count).toBe(2);
    expect(searchDigests(ctx, digests, { ...range, query: 'tulips' }).results).toEqual([]);
  });

  it('validates its input with messages naming the field', () => {
    expect(SearchInput.safeParse({ from: 'yesterday' }).error?.issues[0]?.path).toEqual(['from']);
    expect(SearchInput.safeParse({ q: 'x' }).success).toBe(false);
    expect(NarrativeInput.safeParse({ id: 'Bad Id' }).error?.issues[0]?.message).toMatch(/narrative id/);
    expect(NarrativeInput.parse({ id: 'memory-1' }).hours).toBe(168);
  });
});

describe('narrativeOf', () => {
  it('gives the hours a narrative was seen, newest first, and its posts best engaged first', () => {
    const result = NarrativeResult.parse(narrativeOf(ctx, digests, 'memory-1'));
    expect(result.hours.map((h) => h.hourStart)).toEqual([
      '2026-01-30T11:00:00.000Z',
      '2026-01-30T10:00:00.000Z',
    ]);
    expect(result.posts.map((p) => p.postId)).toEqual(['c', 'a']);
    expect(result.label).toBe('Memory again');
    expect(result.url).toBe('https://murmur.test/narratives/memory-1/');
    expect(narrativeOf(ctx, digests, 'nothing').hours).toEqual([]);
  });
});
