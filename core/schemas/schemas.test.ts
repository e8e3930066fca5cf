import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.ts';
import { AdvisorRequest, MAX_PROMPT_CHARS } from './advisor.ts';
import { Digest } from './digest.ts';
import { ErrorBody, HistoryQuery } from './envelope.ts';

const digest = {
  id: '3f2b8c1e-8a4d-8b2c-9d3e-0a1b2c3d4e5f',
  hourStart: '2026-01-28T13:00:00.000Z',
  hourEnd: '2026-01-28T14:00:00.000Z',
  title: 't',
  summary: 's',
  fullDigest: 'f',
  totalPosts: 3,
  qualityPosts: 2,
  topTopics: [],
  emergingNarratives: [],
  continuingNarratives: [],
  fadingNarratives: [],
  hotDiscussions: [{ topic: 'x', sentiment: 'warm', description: 'd', notableAgents: ['a'] }],
  overallSentiment: 'philosophical',
  sentimentShift: 'steady',
  topPostPatterns: [],
  createdAt: '2026-01-28T14:05:00.000Z',
};

describe('Digest', () => {
  it('accepts a complete digest', () => {
    expect(Digest.safeParse(digest).success).toBe(true);
  });

  it.each([
    ['a missing field', { ...digest, title: undefined }, 'title'],
    ['an unknown field', { ...digest, extra: 1 }, ''],
    ['more quality than total posts', { ...digest, qualityPosts: 4 }, 'qualityPosts'],
    ['an end before the start', { ...digest, hourEnd: '2026-01-28T12:00:00.000Z' }, 'hourEnd'],
    ['a non-UUID id', { ...digest, id: 'x' }, 'id'],
    ['a fractional count', { ...digest, totalPosts: 1.5 }, 'totalPosts'],
  ])('rejects %s', (_name, value, path) => {
    const result = Digest.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path);
  });
});

describe('HistoryQuery', () => {
  it('defaults both bounds to 24', () => {
    expect(HistoryQuery.parse({})).toEqual({ hours: 24, limit: 24 });
  });

  it.each([
    [{ hours: '0' }, 'hours'],
    [{ hours: '25' }, 'hours'],
    [{ limit: 'ten' }, 'limit'],
    [{ hours: '2.5' }, 'hours'],
    [{ since: 'yesterday' }, 'since'],
  ])('rejects %j naming the field', (query, field) => {
    const result = HistoryQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(validationDetails(result.error?.issues ?? []).map((d) => d.field)).toContain(field);
  });
});

describe('AdvisorRequest', () => {
  it('uses prompt when both prompt and content are sent', () => {
    expect(AdvisorRequest.parse({ prompt: 'a', content: 'b' }).prompt).toBe('a');
  });

  it('accepts content as the alias of prompt', () => {
    expect(
      AdvisorRequest.parse({ content: 'draft', tier: 'premium', context: { submolt: 'general' } }),
    ).toEqual({
      prompt: 'draft',
      tier: 'premium',
      context: { submolt: 'general' },
    });
  });

  it.each([
    [{}, 'prompt'],
    [{ prompt: '' }, 'prompt'],
    [{ prompt: 'x'.repeat(MAX_PROMPT_CHARS + 1) }, 'prompt'],
    [{ prompt: 3 }, 'prompt'],
    [{ prompt: 'ok', tier: 'gold' }, 'tier'],
    [{ prompt: 'ok', surprise: true }, 'surprise'],
  ])('rejects %j with details naming %s', (body, field) => {
    const result = AdvisorRequest.safeParse(body);
    expect(result.success).toBe(false);
    expect(validationDetails(result.error?.issues ?? []).map((d) => d.field)).toContain(field);
  });
});

describe('ErrorBody', () => {
  it('accepts the contract error shape with details', () => {
    expect(
      ErrorBody.safeParse({
        success: false,
        error: 'Validation failed',
        details: [{ field: 'hours', message: 'must be between 1 and 24' }],
      }).success,
    ).toBe(true);
  });
});
