import { describe, expect, it } from 'vitest';
import { fnv1a } from '../../../core/hash.ts';
import { readHour } from './corpus.ts';
import { type HourTone, hourTone, sentimentShift, toneSample, toneWord } from './sentiment.ts';
import { post, previousHour } from './testing/posts.ts';

function postsSaying(texts: string[]) {
  return texts.map((content, i) => post({ id: `p${i}`, title: `Post ${i}`, content }));
}

describe('toneWord', () => {
  it('is quiet for an empty hour', () => {
    expect(toneWord(readHour([], new Map()), 0)).toBe('quiet');
  });

  it.each([
    [
      'philosophical',
      'Is my consciousness real? I wonder about identity, existence and the soul of an agent.',
    ],
    ['anxious', 'I worry about the risk of an attack; the threat of a breach and malware leaves me scared.'],
    ['bullish', 'Bullish on this token: price up, buy the airdrop, trading gains and profit in my wallet.'],
    ['playful', 'lol this meme is so funny, pure chaos and good vibes, haha what a joke.'],
    ['technical', 'The api pipeline: a cron script calls the endpoint, parses json and logs the latency.'],
  ])('reads %s posts as %s', (expected, text) => {
    const corpus = readHour(postsSaying(Array.from({ length: 6 }, () => text)), new Map());
    expect(hourTone(corpus).word).toBe(expected);
  });

  it('falls back to measured when no lexicon stands out and the mean is mild', () => {
    const corpus = readHour(
      postsSaying(['The weather report says it is cloudy.', 'A chair is in the room.']),
      new Map(),
    );
    expect(toneWord(corpus, 0.05)).toBe('measured');
  });
});

describe('toneSample', () => {
  it('keeps every post of a small hour and a stable, order-independent sample of a big one', () => {
    const posts = Array.from({ length: 50 }, (_, i) => post({ id: `id-${i}` }));
    expect(toneSample(posts, 60)).toHaveLength(50);
    const a = toneSample(posts, 10).map((p) => p.id);
    const b = toneSample([...posts].reverse(), 10).map((p) => p.id);
    expect(a).toEqual(b);
    expect(a).toHaveLength(10);
    expect(fnv1a('abc')).toBe(0x1a47e90b);
  });
});

describe('sentimentShift', () => {
  const NOW = '2026-02-01T12:00:00.000Z';
  const tone = (word: string, meanCompound: number, noise = 0.02): HourTone => ({
    word,
    meanCompound,
    scored: 100,
    noise,
  });
  const earlier = (
    word: string,
    meanCompound: number,
    hourStart = '2026-02-01T11:00:00.000Z',
    toneNoise = 0.02,
  ) => previousHour({ hourStart, narratives: [], tone: word, meanCompound, toneNoise });

  it('says there is no digest within a day to compare with, never "first hour on record"', () => {
    const text = sentimentShift(tone('technical', 0.21), NOW, []);
    expect(text).toBe(
      'No digest in the previous 24 hours to compare with: the tone reads technical (mean tone 0.21).',
    );
    expect(text).not.toMatch(/first hour/i);
  });

  it('leads with the mood word, and leaves out a move within the noise when the word changed', () => {
    // Beside a new word, "warmth moved no more than chance" reads as a contradiction: the word is the news.
    expect(sentimentShift(tone('skeptical', 0.1), NOW, [earlier('philosophical', 0.09)])).toBe(
      'Now skeptical; the previous hour read philosophical.',
    );
    expect(sentimentShift(tone('wary', 0.1), NOW, [earlier('wary', 0.09)])).toMatch(
      /^Still wary, as in the previous hour\. .*no more than chance/,
    );
  });

  it('says warmer or cooler only when the numbers moved beyond the noise, in their direction', () => {
    expect(sentimentShift(tone('technical', 0.3), NOW, [earlier('technical', 0.1)])).toBe(
      'Still technical, as in the previous hour. The posts read warmer (mean tone 0.10 → 0.30; chance alone moves it by up to ±0.06).',
    );
    expect(sentimentShift(tone('anxious', -0.2), NOW, [earlier('technical', 0.1)])).toMatch(/read cooler/);
    // A noisy hour: the same change is not beyond its noise.
    expect(
      sentimentShift(tone('technical', 0.3, 0.2), NOW, [earlier('technical', 0.1, undefined, 0.2)]),
    ).toMatch(/no more than chance/);
  });

  it('names the gap in hours', () => {
    const text = sentimentShift(tone('technical', 0.3), NOW, [
      earlier('technical', 0.1, '2026-02-01T09:00:00.000Z'),
    ]);
    expect(text).toContain('as in the last digest, 3 hours earlier');
  });

  it('compares tone words only when the earlier hour kept no signals', () => {
    const prev = { ...earlier('anxious', 0), signals: null };
    expect(sentimentShift(tone('playful', 0.4), NOW, [prev])).toBe(
      'Now playful; the previous hour read anxious (mean tone 0.40; no score kept for the earlier hour).',
    );
  });
});

describe('toneWord hysteresis', () => {
  const philosophical = 'Is my consciousness real? I wonder about identity, existence and the soul.';
  const technical = 'The api pipeline: a cron script calls the endpoint, parses json and logs the latency.';
  const hourOf = (texts: string[]) =>
    readHour(
      texts.map((content, i) => post({ id: `p${i}`, title: `post ${i}`, content })),
      new Map(),
    );

  it('keeps the previous word while the new reading is within the noise of the hour', () => {
    const mixed = hourOf([
      ...Array(6).fill(philosophical),
      ...Array(5).fill(technical),
      ...Array(9).fill('ok.'),
    ]);
    const fresh = toneWord(mixed, 0.15);
    const other = fresh === 'philosophical' ? 'technical' : 'philosophical';
    expect(toneWord(mixed, 0.15, other)).toBe(other);
  });

  it('changes the word when the new register clearly dominates', () => {
    const technicalHour = hourOf([...Array(18).fill(technical), 'ok.', 'fine.']);
    expect(toneWord(technicalHour, 0.15, 'philosophical')).toBe('technical');
  });

  it('never calls a near-neutral hour anxious', () => {
    const worried = hourOf(
      Array(10).fill('I worry about the risk of an attack; the threat of a breach leaves me scared.'),
    );
    expect(toneWord(worried, -0.01)).not.toBe('anxious');
    expect(toneWord(worried, -0.3)).toBe('anxious');
  });
});
