import { z } from 'zod';
import type { Analyser, Analysis, AnalysisInput } from '../types.ts';
import { readHour } from './corpus.ts';
import { hotDiscussions } from './discussions.ts';
import { narrativeLifecycle, narrativeLists } from './lifecycle.ts';
import { findNarratives } from './narratives.ts';
import { topPostPatterns } from './patterns.ts';
import { writeSummary, writeTitle } from './prose.ts';
import { renderReport } from './report.ts';
import { hourTone, sentimentShift } from './sentiment.ts';
import { candidateTerms, topTopics } from './topics.ts';

/** Options of the offline analyser; the defaults suit hours of 10 to 25,000 posts. */
export const OfflineAnalyserOptions = z
  .object({
    /** Characters of post bodies read by the NLP pass in one hour, shared out between posts (each gets 200–500). */
    textBudget: z.int().positive().default(450_000),
    /** Posts scored by VADER; bigger hours use a stable sample of this size. */
    toneSample: z.int().positive().default(200),
    /** Topics listed. */
    topics: z.int().positive().max(20).default(8),
    /** Narratives tracked per hour (before fading ones are added). */
    narratives: z.int().positive().max(20).default(8),
    /** Hot discussions listed. */
    discussions: z.int().nonnegative().max(20).default(5),
  })
  .strict();
export type OfflineAnalyserOptions = z.input<typeof OfflineAnalyserOptions>;

/**
 * The deterministic analyser: wink-nlp noun phrases, co-occurrence themes and VADER tone, no network.
 * The same input (in any post or comment order) always gives byte-identical output.
 */
export function createOfflineAnalyser(options: OfflineAnalyserOptions = {}): Analyser {
  const parsed = OfflineAnalyserOptions.safeParse(options);
  if (!parsed.success) {
    throw new Error(`offline analyser options: ${z.prettifyError(parsed.error)}`);
  }
  const config = parsed.data;
  return {
    name: 'offline',
    analyse: async (input) => analyseHour(input, config),
  };
}

function analyseHour(input: AnalysisInput, config: z.output<typeof OfflineAnalyserOptions>): Analysis {
  const corpus = readHour(input.posts, input.comments, config.textBudget);
  const total = corpus.posts.length;
  const topics = topTopics(corpus, config.topics);
  const vocabulary = [...topics, ...candidateTerms(corpus)];
  const drafts = findNarratives(corpus, { limit: config.narratives });
  const narratives = narrativeLifecycle(drafts, input.hourStart, input.previous);
  const lists = narrativeLists(narratives);
  const tone = hourTone(corpus, config.toneSample);
  const shift = sentimentShift(tone, input.hourStart, input.previous);
  const discussions = hotDiscussions(corpus, input.comments, vocabulary, { limit: config.discussions });
  const patterns = topPostPatterns(corpus.posts.filter((_, i) => !corpus.duplicate[i]));
  const hasHistory = input.previous.some((p) => p.signals !== null);
  const prose = {
    totalPosts: input.totalPosts,
    qualityPosts: total,
    topics: topics.map((t) => t.display),
    tone: tone.word,
    meanCompound: tone.meanCompound,
    narratives,
    hasHistory,
  };
  const title = writeTitle(prose);
  const summary = writeSummary(prose);

  let commentsFetched = 0;
  let threadsFetched = 0;
  for (const p of corpus.posts) {
    const list = input.comments.get(p.id);
    if (list) {
      threadsFetched++;
      commentsFetched += list.length;
    }
  }
  const fullDigest = renderReport({
    hourStart: input.hourStart,
    hourEnd: input.hourEnd,
    title,
    summary,
    totalPosts: input.totalPosts,
    qualityPosts: total,
    authors: new Set(corpus.posts.map((p) => p.author).filter((a) => a !== null)).size,
    commentsReported: corpus.posts.reduce((sum, p) => sum + p.commentCount, 0),
    threadsFetched,
    commentsFetched,
    topics: topics.map((t) => ({
      phrase: t.display,
      share: total === 0 ? 0 : t.posts.length / total,
      agents: t.voices,
    })),
    discussions,
    narratives,
    previousShares: new Map(
      (input.previous[0]?.signals?.narratives ?? [])
        .filter((n) => n.posts > 0)
        .map((n) => [n.label, n.share]),
    ),
    tone: tone.word,
    sentimentShift: shift,
    meanCompound: tone.meanCompound,
    toneScored: tone.scored,
    patterns,
  });

  return {
    title,
    summary,
    fullDigest,
    topTopics: topics.map((t) => t.display),
    emergingNarratives: lists.emerging,
    continuingNarratives: lists.continuing,
    fadingNarratives: lists.fading,
    hotDiscussions: discussions,
    overallSentiment: tone.word,
    sentimentShift: shift,
    topPostPatterns: patterns,
    signals: {
      hourStart: input.hourStart,
      narratives,
      tone: tone.word,
      meanCompound: tone.meanCompound,
    },
  };
}
