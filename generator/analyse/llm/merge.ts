import { renderFullDigest } from '../../../core/digest-report.ts';
import type { Analysis, AnalysisInput } from '../types.ts';
import { overviewParagraphs } from './answer-check.ts';
import type { LlmAnswer } from './answer-schema.ts';

/**
 * The offline analysis with the model's prose laid over it: the title, the summary, each story's gist
 * and each hot discussion's description (matched by position; the answer check has tied them to the
 * prompt's refs), and a `fullDigest` rendered by core from the same fields around the model's Overview.
 * Everything else — counts, ids, URLs, labels, topics, notable agents, tone, narratives and their
 * statuses, patterns, anomalies, background, numbers, signals — is the offline result's, untouched.
 */
export function mergeAnswer(
  offline: Analysis,
  answer: LlmAnswer,
  hour: Pick<AnalysisInput, 'hourStart' | 'hourEnd' | 'totalPosts'> & { readonly qualityPosts: number },
): Analysis {
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
    fullDigest: renderFullDigest({
      ...offline,
      ...hour,
      title: answer.title,
      summary: answer.summary,
      stories,
      hotDiscussions,
      overview: overviewParagraphs(answer.overview),
    }),
  };
}
