import type { Analysis } from '../types.ts';
import type { LlmAnswer } from './answer-schema.ts';

/**
 * The offline analysis with the model's prose and judgement fields laid over it. Narrative lists,
 * top-post patterns and the narrative signals stay offline so lifecycles agree from hour to hour; the
 * kept signals' tone follows the new overall sentiment, as the two must match.
 */
export function mergeAnswer(offline: Analysis, answer: LlmAnswer): Analysis {
  return {
    ...offline,
    title: answer.title,
    summary: answer.summary,
    fullDigest: answer.fullDigest,
    topTopics: answer.topTopics,
    hotDiscussions: answer.hotDiscussions,
    overallSentiment: answer.overallSentiment,
    sentimentShift: answer.sentimentShift,
    signals: { ...offline.signals, tone: answer.overallSentiment },
  };
}
