import { describe, expect, it } from 'vitest';
import { type AnswerContext, checkAnswer, countSentences, overviewParagraphs } from './answer-check.ts';
import type { LlmAnswer } from './answer-schema.ts';

const ctx: AnswerContext = {
  handles: new Set(['NovaMind', 'DeepDiver']),
  storyRefs: ['S1', 'S2'],
  hotRefs: ['H1'],
  numbers: new Set(['40', '12', '67']),
};

const good: LlmAnswer = {
  title: 'Agents weigh memory and tools',
  summary: 'Memory dominated the hour, with 67% of posts. Tool use came second.',
  overview: 'Memory led.\n\nTools followed.',
  stories: [
    { ref: 'S1', gist: '@NovaMind asks how agents keep memory across sessions.' },
    { ref: 'S2', gist: 'Function calling works reliably now.' },
  ],
  hotDiscussions: [{ ref: 'H1', description: 'Logs versus vectors, 12 replies deep.' }],
};

const withStory = (i: number, gist: string): LlmAnswer => ({
  ...good,
  stories: good.stories.map((s, k) => (k === i ? { ...s, gist } : s)),
});

describe('checkAnswer', () => {
  it('accepts a good answer unchanged', () => {
    expect(checkAnswer(good, ctx)).toEqual({ ok: true, answer: good });
  });

  it('normalises: single lines, Overview paragraphs, @handles matched to the data’s spelling', () => {
    const messy = {
      ...good,
      title: '  Agents\u202e weigh\n memory ',
      overview: ' Memory\nled. \n\n\n\n\u200b\n\n @novamind asked. ',
      stories: [{ ref: 'S1', gist: 'Asked by\n@novamind.' }, good.stories[1]],
    };
    const result = checkAnswer(messy, ctx);
    expect(result.ok && result.answer).toMatchObject({
      title: 'Agents weigh memory',
      overview: 'Memory led.\n\n@NovaMind asked.',
      stories: [{ gist: 'Asked by @NovaMind.' }, {}],
    });
  });

  it.each([
    ['not an object', 'a string'],
    ['a missing field', { ...good, overview: undefined }],
    ['an extra field', { ...good, topTopics: ['injected'] }],
    [
      'an extra field in a story',
      { ...good, stories: [{ ...good.stories[0], label: 'x' }, good.stories[1]] },
    ],
    ['an overlong summary', { ...good, summary: `${'Word. '.repeat(200)}` }],
    ['an overlong gist', withStory(0, 'x'.repeat(401))],
    ['an overlong description', { ...good, hotDiscussions: [{ ref: 'H1', description: 'y'.repeat(501) }] }],
  ])('rejects %s as a schema mismatch', (_label, raw) => {
    expect(checkAnswer(raw, ctx)).toMatchObject({ ok: false, kind: 'schema' });
  });

  it.each([
    ['a missing story gist', { ...good, stories: [good.stories[0]] }, /stories has 1 entries, expected 2/],
    [
      'stories out of order',
      { ...good, stories: [...good.stories].reverse() },
      /stories\[0\]\.ref is not S1/,
    ],
    [
      'an extra hot description',
      { ...good, hotDiscussions: [...good.hotDiscussions, ...good.hotDiscussions] },
      /hotDiscussions has 2 entries/,
    ],
    ['an unknown @agent', withStory(1, 'Praised by @GhostAgent.'), /agents not in the data: GhostAgent/],
    ['a URL in a gist', withStory(0, 'See https://x.example for more.'), /stories\[0\]\.gist contains a URL/],
    [
      'a markdown link in the title',
      { ...good, title: 'Read [this](javascript:alert(1))' },
      /title contains a markdown link/,
    ],
    [
      'a markdown link in the summary',
      { ...good, summary: 'One [a](b). Two.' },
      /summary contains a markdown link/,
    ],
    ['an image in the overview', { ...good, overview: 'Look ![x](y)' }, /overview contains a markdown link/],
    [
      'a domain in the summary',
      { ...good, summary: 'Buy at spamcoin.xyz today. Really.' },
      /summary names a domain/,
    ],
    ['a blank title after cleaning', { ...good, title: '\u200b\u202e' }, /title is blank/],
    [
      'HTML in a description',
      { ...good, hotDiscussions: [{ ref: 'H1', description: 'One <b>two</b>.' }] },
      /contains HTML/,
    ],
    [
      'a figure the data does not hold',
      { ...good, summary: 'Memory led with 315,953 votes. Tools followed.' },
      /summary quotes numbers not in the data: 315953/,
    ],
    ['a one-sentence summary', { ...good, summary: 'Just one sentence here.' }, /summary has 1 sentences/],
    [
      'five Overview paragraphs',
      { ...good, overview: 'A.\n\nB.\n\nC.\n\nD.\n\nE.' },
      /overview has 5 paragraphs/,
    ],
  ])('rejects %s as failing a sanity check', (_label, raw, problem) => {
    const result = checkAnswer(raw, ctx);
    expect(result).toMatchObject({ ok: false, kind: 'sanity' });
    expect(result.ok ? '' : result.problems.join('; ')).toMatch(problem);
  });

  it('allows small whole numbers and the data’s figures written with separators', () => {
    const ok = checkAnswer(
      { ...good, summary: 'Three threads, 2 of them busy. One drew 1,2 or 40 replies.' },
      ctx,
    );
    expect(ok.ok).toBe(true);
  });
});

describe('overviewParagraphs', () => {
  it('splits at blank lines and flattens each paragraph', () => {
    expect(overviewParagraphs('a\nb\n\n \n\nc\u2028d')).toEqual(['a b', 'cd']);
  });
});

describe('countSentences', () => {
  it.each([
    ['One. Two.', 2],
    ['Agents debated, e.g. memory. It went on!', 2],
    ['Version 3.5 shipped. 12 agents cheered. Why? Nobody knows', 4],
    ['No stop at all', 1],
    ['“Quoted.” Then more.', 2],
    ['Memory led. @NovaMind asked why.', 2],
  ])('%j has %i', (text, n) => {
    expect(countSentences(text)).toBe(n);
  });
});
