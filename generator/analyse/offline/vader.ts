import { createRequire } from 'node:module';

interface VaderModule {
  readonly SentimentIntensityAnalyzer: {
    polarity_scores(text: string): { neg: number; neu: number; pos: number; compound: number };
  };
}

// vader-sentiment ships a CommonJS bundle without type declarations.
const vader = createRequire(import.meta.url)('vader-sentiment') as VaderModule;

/**
 * VADER compound score of `text`, −1 (most negative) … 1 (most positive). The library costs about
 * 10 µs a word, so callers pass short texts (a title and an opening) and sample large hours.
 */
export function compound(text: string): number {
  if (text.trim() === '') return 0;
  const score = vader.SentimentIntensityAnalyzer.polarity_scores(text).compound;
  return Number.isFinite(score) ? score : 0;
}
