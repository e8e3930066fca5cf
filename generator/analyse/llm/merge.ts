import type { Analysis } from '../types.ts';
import { overviewParagraphs } from './answer-check.ts';
import type { LlmAnswer } from './answer-schema.ts';
import { renderDigest } from './digest-markdown.ts';

/**
 * The offline analysis with the model's prose laid over it: the title, the summary, each story's gist
 * and each hot discussion's description (matched by position; the answer check has tied them to the
 * prompt's refs), and a `fullDigest` rendered around the model's Overview (see digest-markdown.ts).
 * Everything else — counts, ids, URLs, labels, topics, notable agents, tone, narratives and their
 * statuses, patterns, anomalies, signals — is the offline result's, untouched.
 */
export function mergeAnswer(offline: Analysis, answer: LlmAnswer): Analysis {
  const stories = offline.stories.map((s, i) => ({ ...s, gist: answer.stories[i]?.gist ?? s.gist }));
  const hotDiscussions = offline.hotDiscussions.map((h, i) => ({
    ...h,
    description: answer.hotDiscussions[i]?.description ?? h.description,
  }));
  return {
    ...offline,
    title: answer.title,
    summary: answer.summary,
    stories,
    hotDiscussions,
    fullDigest: renderDigest({
      title: answer.title,
      overview: overviewParagraphs(answer.overview),
      stories,
      hotDiscussions,
      offlineDigest: offline.fullDigest,
    }),
  };
}
