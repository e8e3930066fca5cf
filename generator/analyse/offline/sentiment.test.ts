import { describe, expect, it } from 'vitest';
import { readHour } from './corpus.ts';
import { fnv1a, type HourTone, hourTone, sentimentShift, toneSample, toneWord } from './sentiment.ts';
import { post, previousHour } from './test-posts.ts';

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
  const tone = (word: string, meanCompound: number): HourTone => ({ word, meanCompound, scored: 10 });
  const earlier = (word: string, meanCompound: number, hourStart = '2026-02-01T11:00:00.000Z') =>
    previousHour({ hourStart, narratives: [], tone: word, meanCompound });

  it('says there is nothing to compare with when no earlier hour exists', () => {
    expect(sentimentShift(tone('technical', 0.21), NOW, [])).toBe(
      'No earlier hour to compare with; the hour reads technical (mean tone 0.21).',
    );
  });

  it('names the new tone and both means when the tone word changed', () => {
    expect(sentimentShift(tone('skeptical', -0.05), NOW, [earlier('philosophical', 0.21)])).toBe(
      'More skeptical than the previous hour, which read philosophical (mean tone 0.21 → -0.05).',
    );
  });

  it('is steady for the same word and a small change', () => {
    expect(sentimentShift(tone('technical', 0.2), NOW, [earlier('technical', 0.18)])).toMatch(
      /^Steady: technical/,
    );
  });

  it('reports the direction for the same word and a larger change, and a gap in hours', () => {
    const text = sentimentShift(tone('technical', 0.3), NOW, [
      earlier('technical', 0.1, '2026-02-01T09:00:00.000Z'),
    ]);
    expect(text).toBe(
      'Still technical, but more positive than the last digest, 3 hours earlier (mean tone 0.10 → 0.30).',
    );
  });

  it('compares tone words only when the earlier hour kept no signals', () => {
    const prev = { ...earlier('anxious', 0), signals: null };
    expect(sentimentShift(tone('playful', 0.4), NOW, [prev])).toMatch(
      /^Shifted from anxious in the previous hour to playful/,
    );
  });
});
