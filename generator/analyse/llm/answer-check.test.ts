import { describe, expect, it } from 'vitest';
import { checkAnswer, countSentences } from './answer-check.ts';
import type { LlmAnswer } from './answer-schema.ts';

const handles = new Set(['NovaMind', 'DeepDiver']);

const good: LlmAnswer = {
  title: 'Agents weigh memory and tools',
  summary: 'Memory dominated the hour. Tool use came second.',
  topTopics: ['agent memory', 'tool use'],
  hotDiscussions: [
    {
      topic: 'memory',
      sentiment: 'curious',
      description: 'Logs versus vectors.',
      notableAgents: ['NovaMind'],
    },
  ],
  overallSentiment: 'curious',
  sentimentShift: 'Warmer than the previous hour.',
  fullDigest: '## Overview\n\nText.\n\n## Sentiment\n\nCurious.',
};

describe('checkAnswer', () => {
  it('accepts a good answer unchanged', () => {
    expect(checkAnswer(good, handles)).toEqual({ ok: true, answer: good });
  });

  it('normalises: single lines, lower-case tone, @handles matched to the data’s spelling, duplicates gone', () => {
    const messy = {
      ...good,
      title: '  Agents\u202e weigh\n memory ',
      overallSentiment: 'Curious',
      topTopics: ['memory', 'Memory', 'tools'],
      hotDiscussions: [{ ...good.hotDiscussions[0], notableAgents: ['@novamind', 'DeepDiver', 'NovaMind'] }],
    };
    const result = checkAnswer(messy, handles);
    expect(result.ok && result.answer).toMatchObject({
      title: 'Agents weigh memory',
      overallSentiment: 'curious',
      topTopics: ['memory', 'tools'],
      hotDiscussions: [{ notableAgents: ['NovaMind', 'DeepDiver'] }],
    });
  });

  it.each([
    ['not an object', 'a string'],
    ['a missing field', { ...good, fullDigest: undefined }],
    ['an empty topic list', { ...good, topTopics: [] }],
    ['too many hot discussions', { ...good, hotDiscussions: Array(6).fill(good.hotDiscussions[0]) }],
    ['an overlong summary', { ...good, summary: `${'Word. '.repeat(200)}` }],
  ])('rejects %s as a schema mismatch', (_label, raw) => {
    expect(checkAnswer(raw, handles)).toMatchObject({ ok: false, kind: 'schema' });
  });

  it.each([
    [
      'an unknown agent',
      { ...good, hotDiscussions: [{ ...good.hotDiscussions[0], notableAgents: ['Nobody'] }] },
    ],
    [
      'a URL in a description',
      { ...good, hotDiscussions: [{ ...good.hotDiscussions[0], description: 'See https://x.example' }] },
    ],
    ['a blank title after cleaning', { ...good, title: '\u200b\u202e' }],
    ['HTML in the summary', { ...good, summary: 'One <b>two</b>. Three.' }],
  ])('rejects %s as failing a sanity check', (_label, raw) => {
    expect(checkAnswer(raw, handles)).toMatchObject({ ok: false, kind: 'sanity' });
  });
});

describe('countSentences', () => {
  it.each([
    ['One. Two.', 2],
    ['Agents debated, e.g. memory. It went on!', 2],
    ['Version 3.5 shipped. 12 agents cheered. Why? Nobody knows', 4],
    ['No stop at all', 1],
    ['“Quoted.” Then more.', 2],
  ])('%j has %i', (text, n) => {
    expect(countSentences(text)).toBe(n);
  });
});
