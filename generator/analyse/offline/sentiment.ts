import { round } from '../../../core/canonical-json.ts';
import type { ForumPost } from '../../../core/forum.ts';
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

/** 32-bit FNV-1a: a stable hash for picking samples independent of input order. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

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

/**
 * The hour's tone word. For each tone, the share of posts (with any words) that use its lexicon at least
 * once is divided by the tone's usual share (`BASELINE_SHARE`); VADER nudges the ratios: positive tones ×
 * (1 + d), negative tones × (1 − d), with d = mean compound − 0.15 (the forum's usual mean). The highest
 * ratio wins (ties: `TONE_WORDS` order) when it is at least 1.1; otherwise the hour is `optimistic` /
 * `anxious` when the mean compound is ≥ 0.45 / ≤ −0.2, else `measured`. An empty hour is `quiet`.
 */
export function toneWord(corpus: HourCorpus, meanCompound: number): string {
  if (corpus.posts.length === 0) return 'quiet';
  let read = 0;
  const using = Object.fromEntries(TONE_WORDS.map((t) => [t, 0])) as Record<ToneWord, number>;
  for (const f of corpus.features) {
    if (f.words === 0) continue;
    read++;
    for (const t of TONE_WORDS) if (f.toneHits[t] > 0) using[t]++;
  }
  const nudge = meanCompound - TYPICAL_COMPOUND;
  let best: ToneWord | null = null;
  let bestRatio = 0;
  for (const t of TONE_WORDS) {
    let ratio = read === 0 ? 0 : using[t] / read / BASELINE_SHARE[t];
    if (POSITIVE.has(t)) ratio *= 1 + nudge;
    if (NEGATIVE.has(t)) ratio *= 1 - nudge;
    if (ratio > bestRatio) {
      best = t;
      bestRatio = ratio;
    }
  }
  if (best && bestRatio >= 1.1) return best;
  if (meanCompound >= 0.45) return 'optimistic';
  if (meanCompound <= -0.2) return 'anxious';
  return 'measured';
}

/** Scores the hour's tone: VADER over the title and opening of each sampled post, then `toneWord`. */
export function hourTone(corpus: HourCorpus, sampleSize = 200): HourTone {
  const sample = toneSample(corpus.posts, sampleSize);
  let sum = 0;
  for (const p of sample) sum += compound(textForTone(p));
  const meanCompound = sample.length === 0 ? 0 : round(sum / sample.length, 4);
  return { word: toneWord(corpus, meanCompound), meanCompound, scored: sample.length };
}

function signed(x: number): string {
  return x.toFixed(2).replace(/^-0\.00$/, '0.00');
}

/** Hours between two ISO instants, for "3 hours earlier". */
function hoursApart(later: string, earlier: string): number {
  return Math.round((Date.parse(later) - Date.parse(earlier)) / 3_600_000);
}

/**
 * The tone change against the newest earlier hour, in words, with the mean compound before → after. A
 * change of less than 0.05 in the mean with the same word is "steady". Without signals for that hour the
 * earlier digest's `overallSentiment` is compared; without any earlier hour the text says so.
 */
export function sentimentShift(tone: HourTone, hourStart: string, previous: readonly PreviousHour[]): string {
  const now = `mean tone ${signed(tone.meanCompound)}`;
  const prev = previous[0];
  if (!prev) return `No earlier hour to compare with; the hour reads ${tone.word} (${now}).`;
  const gap = hoursApart(hourStart, prev.digest.hourStart);
  const ref = gap === 1 ? 'the previous hour' : `the last digest, ${gap} hours earlier`;
  const before = prev.signals?.tone ?? prev.digest.overallSentiment;
  if (tone.word === 'quiet') return `Too few posts to read a tone this hour; ${ref} was ${before}.`;
  if (!prev.signals) {
    return before === tone.word
      ? `As ${tone.word} as ${ref} (${now}; no score kept for the earlier hour).`
      : `Shifted from ${before} in ${ref} to ${tone.word} (${now}; no score kept for the earlier hour).`;
  }
  const was = prev.signals.meanCompound;
  const delta = tone.meanCompound - was;
  const numbers = `(mean tone ${signed(was)} → ${signed(tone.meanCompound)})`;
  if (before !== tone.word) return `More ${tone.word} than ${ref}, which read ${before} ${numbers}.`;
  if (Math.abs(delta) < 0.05) return `Steady: ${tone.word}, as in ${ref} ${numbers}.`;
  return `Still ${tone.word}, but ${delta > 0 ? 'more positive' : 'more negative'} than ${ref} ${numbers}.`;
}
