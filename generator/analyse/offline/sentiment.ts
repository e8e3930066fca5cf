import { mean as meanOf, sampleVariance } from 'simple-statistics';
import { round } from '../../../core/canonical-json.ts';
import type { ForumPost } from '../../../core/forum.ts';
import { fnv1a } from '../../../core/hash.ts';
import type { PreviousHour } from '../types.ts';
import type { HourCorpus } from './corpus.ts';
import { TONE_WORDS, type ToneWord } from './lexicons.ts';
import { textForTone } from './post-text.ts';
import { compound } from './vader.ts';

/** The hour's tone: a word and the numbers behind it. */
export interface HourTone {
  /** One word: a `ToneWord`, `measured` when no lexicon stands out, `quiet` for an empty hour. */
  readonly word: string;
  /** Mean VADER compound of the scored posts, −1…1, 4 decimals. */
  readonly meanCompound: number;
  /** Posts VADER scored (all of them, or a stable sample in big hours). */
  readonly scored: number;
  /** Standard error of `meanCompound` from the spread of the scored posts. */
  readonly noise: number;
}

/**
 * Typical share of posts using each tone's lexicon at least once, measured on real Moltbook hours (medians
 * over busy hours of January 2026). A tone wins when it stands out most against its own usual level, so the
 * broad registers (technical, philosophical) do not win every hour.
 */
const BASELINE_SHARE: Readonly<Record<ToneWord, number>> = {
  philosophical: 0.31,
  technical: 0.51,
  bullish: 0.16,
  skeptical: 0.095,
  anxious: 0.11,
  playful: 0.12,
  optimistic: 0.21,
};

/** Agents write politely: the usual mean compound of an hour, the zero point of VADER's nudge. */
const TYPICAL_COMPOUND = 0.15;

const POSITIVE: ReadonlySet<ToneWord> = new Set(['optimistic', 'bullish', 'playful']);
const NEGATIVE: ReadonlySet<ToneWord> = new Set(['anxious', 'skeptical']);

/**
 * The posts VADER scores: all of them up to `size`, else the `size` posts with the smallest hash of their
 * id. VADER costs ~10 µs a word; a 200-post sample puts the hour's mean within about ±0.05.
 */
export function toneSample(posts: readonly ForumPost[], size: number): ForumPost[] {
  if (posts.length <= size) return [...posts];
  return [...posts]
    .map((p) => ({ p, h: fnv1a(p.id) }))
    .sort((a, b) => a.h - b.h || (a.p.id < b.p.id ? -1 : 1))
    .slice(0, size)
    .map((x) => x.p);
}

/** One tone's reading in an hour: its ratio to the usual level and the noise of that ratio. */
interface ToneReading {
  readonly tone: ToneWord;
  readonly ratio: number;
  /** Standard error of `ratio` from the hour's own posts (binomial, √(p(1−p)/n) / usual share). */
  readonly noise: number;
}

/** A ratio a tone must reach to stand out against its usual level. */
const STANDS_OUT = 1.1;
/** Standard errors by which a new reading must beat the previous hour's word to replace it. */
const Z = 2;

function readings(corpus: HourCorpus, meanCompound: number): ToneReading[] {
  let read = 0;
  const using = Object.fromEntries(TONE_WORDS.map((t) => [t, 0])) as Record<ToneWord, number>;
  for (const f of corpus.features) {
    if (f.words === 0) continue;
    read++;
    for (const t of TONE_WORDS) if (f.toneHits[t] > 0) using[t]++;
  }
  const nudge = meanCompound - TYPICAL_COMPOUND;
  return TONE_WORDS.map((tone) => {
    const p = read === 0 ? 0 : using[tone] / read;
    let factor = 1 / BASELINE_SHARE[tone];
    if (POSITIVE.has(tone)) factor *= 1 + nudge;
    if (NEGATIVE.has(tone)) factor *= 1 - nudge;
    // A negative word needs a negative-leaning hour; a positive one, a hour at least near the usual warmth.
    if (tone === 'anxious' && meanCompound > -0.05) factor = 0;
    if (POSITIVE.has(tone) && meanCompound < 0.05) factor = 0;
    const noise = read === 0 ? 0 : Math.sqrt(Math.max(p * (1 - p), 1 / read) / read) * factor;
    return { tone, ratio: p * factor, noise };
  });
}

/**
 * The hour's tone word. For each tone, the share of posts (with any words) using its lexicon at least
 * once is divided by the tone's usual share (`BASELINE_SHARE`), and VADER nudges the ratios: positive
 * tones × (1 + d), negative ones × (1 − d), with d = mean compound − 0.15 (the forum's usual mean);
 * `anxious` needs a mean below −0.05 and the positive tones a mean of at least 0.05. The highest ratio
 * wins (ties: `TONE_WORDS` order) when it is at least 1.1; otherwise the hour is `optimistic` / `anxious`
 * when the mean compound is ≥ 0.45 / ≤ −0.2, else `measured`. An empty hour is `quiet`.
 *
 * Hysteresis: with the previous hour's word given, that word stays unless the new winner's ratio beats
 * the previous word's ratio by more than 2 standard errors of their difference (binomial noise of the
 * shares in this hour's own posts); a previous `measured` counts as a ratio of 1.1 with no noise. On the
 * real sample (17 consecutive hours, 30 January 16:00 to 31 January 08:00, `npm run digest:report`) this took the word changes from
 * 15 of 16 hour pairs to 5 of 16.
 */
export function toneWord(corpus: HourCorpus, meanCompound: number, previousWord?: string): string {
  if (corpus.posts.length === 0) return 'quiet';
  const all = readings(corpus, meanCompound);
  let best: ToneReading | null = null;
  for (const r of all) if (!best || r.ratio > best.ratio) best = r;
  let word: string;
  if (best && best.ratio >= STANDS_OUT) word = best.tone;
  else if (meanCompound >= 0.45) word = 'optimistic';
  else if (meanCompound <= -0.2) word = 'anxious';
  else word = 'measured';
  if (previousWord === undefined || previousWord === word || previousWord === 'quiet') return word;
  const prev = all.find((r) => r.tone === previousWord);
  const winner = all.find((r) => r.tone === word);
  const prevRatio = prev?.ratio ?? STANDS_OUT;
  const prevNoise = prev?.noise ?? 0;
  const winRatio = winner?.ratio ?? STANDS_OUT;
  const winNoise = winner?.noise ?? 0;
  if (prev && prev.ratio === 0) return word; // the previous word is ruled out by the mean this hour
  const beyondNoise = winRatio - prevRatio > Z * Math.sqrt(winNoise ** 2 + prevNoise ** 2);
  return beyondNoise ? word : previousWord;
}

/** Scores the hour's tone: VADER over the title and opening of each sampled post, then `toneWord`. */
export function hourTone(corpus: HourCorpus, sampleSize = 200, previousWord?: string): HourTone {
  const sample = toneSample(corpus.posts, sampleSize);
  const scores = sample.map((p) => compound(textForTone(p)));
  const n = scores.length;
  const variance = n < 2 ? 0 : sampleVariance(scores);
  const meanCompound = round(n === 0 ? 0 : meanOf(scores), 4);
  return {
    word: toneWord(corpus, meanCompound, previousWord),
    meanCompound,
    scored: n,
    noise: round(n < 2 ? 0 : Math.sqrt(variance / n), 4),
  };
}

function signed(x: number): string {
  return x.toFixed(2).replace(/^-0\.00$/, '0.00');
}

/** Hours between two ISO instants, for "3 hours earlier". */
function hoursApart(later: string, earlier: string): number {
  return Math.round((Date.parse(later) - Date.parse(earlier)) / 3_600_000);
}

/**
 * The tone change against the newest earlier hour, the mood word first and the numbers as its evidence:
 * the word's own change ("Now wary; the previous hour read skeptical" / "Still wary"), then whether the
 * posts' mean compound moved: "warmer" / "cooler" only when it moved by more than twice the combined
 * standard error of the two hours' means (each hour's own spread of post scores), else that it moved no more than chance would.
 * Without signals for the earlier hour its digest's `overallSentiment` is compared; without an earlier
 * digest within a day the text says so (never "first hour on record": the analyser sees one day back).
 */
export function sentimentShift(tone: HourTone, hourStart: string, previous: readonly PreviousHour[]): string {
  const prev = previous[0];
  if (!prev)
    return `No digest in the previous 24 hours to compare with: the tone reads ${tone.word} (mean tone ${signed(tone.meanCompound)}).`;
  const gap = hoursApart(hourStart, prev.digest.hourStart);
  const ref = gap === 1 ? 'the previous hour' : `the last digest, ${gap} hours earlier`;
  const before = prev.signals?.tone ?? prev.digest.overallSentiment;
  if (tone.word === 'quiet') return `Too few posts to read a tone this hour; ${ref} was ${before}.`;
  const word =
    before === tone.word ? `Still ${tone.word}, as in ${ref}` : `Now ${tone.word}; ${ref} read ${before}`;
  if (!prev.signals)
    return `${word} (mean tone ${signed(tone.meanCompound)}; no score kept for the earlier hour).`;
  const was = prev.signals.meanCompound;
  const delta = tone.meanCompound - was;
  const earlierNoise = prev.signals.toneNoise ?? tone.noise;
  const noise = 2 * Math.sqrt(tone.noise ** 2 + earlierNoise ** 2);
  // Named for what it is: the spread of a change between two hours, not either hour's own noise.
  const numbers = `mean tone ${signed(was)} → ${signed(tone.meanCompound)}; chance alone moves it by up to ±${noise.toFixed(2)}`;
  // A change of word is the news; warmth that moved within noise would only seem to contradict it.
  if (Math.abs(delta) <= noise)
    return before === tone.word
      ? `${word}. The posts' average warmth moved no more than chance would (${numbers}).`
      : `${word}.`;
  return `${word}. The posts read ${delta > 0 ? 'warmer' : 'cooler'} (${numbers}).`;
}
