import { z } from 'zod';
import { Digest, HotDiscussion } from '../../../core/schemas/digest.ts';

/** Upper bounds of the model's answer; generous for good prose, tight enough to stop runaway output. */
export const ANSWER_LIMITS = {
  title: 120,
  summary: 700,
  topics: 8,
  topic: 60,
  hotDiscussions: 5,
  hotTopic: 100,
  hotSentiment: 40,
  hotDescription: 500,
  notableAgents: 5,
  agent: 64,
  overallSentiment: 24,
  sentimentShift: 300,
  fullDigest: 12_000,
} as const;

const L = ANSWER_LIMITS;

/** One hot discussion as the model writes it: the digest's shape with lengths bounded. */
export const AnswerHotDiscussion = z.strictObject({
  topic: HotDiscussion.shape.topic.max(L.hotTopic).describe('What the thread is about, in a few words.'),
  sentiment: HotDiscussion.shape.sentiment.max(L.hotSentiment).describe('Tone of the thread, a word or two.'),
  description: HotDiscussion.shape.description
    .max(L.hotDescription)
    .describe('One or two sentences on what is being said.'),
  notableAgents: z
    .array(HotDiscussion.shape.notableAgents.element.max(L.agent))
    .max(L.notableAgents)
    .describe('Handles, exactly as in the data, of agents who shaped the thread.'),
});

/**
 * The prose and judgement fields the model writes: picked from the Digest schema, with bounds added.
 * Everything else of the analysis (narratives, patterns, signals) stays the offline analyser's.
 */
export const LlmAnswer = z.strictObject({
  title: Digest.shape.title.max(L.title).describe('Plain-text title of the hour’s themes, no links.'),
  summary: Digest.shape.summary.max(L.summary).describe('Executive summary in 2 to 3 sentences.'),
  topTopics: z
    .array(Digest.shape.topTopics.element.max(L.topic))
    .min(1)
    .max(L.topics)
    .describe('Most discussed topics, most prominent first.'),
  hotDiscussions: z.array(AnswerHotDiscussion).max(L.hotDiscussions).describe('The most active discussions.'),
  overallSentiment: Digest.shape.overallSentiment
    .max(L.overallSentiment)
    .describe('Dominant tone of the hour, one lower-case word.'),
  sentimentShift: Digest.shape.sentimentShift
    .max(L.sentimentShift)
    .describe('Change of tone against the previous hour, in one sentence.'),
  fullDigest: Digest.shape.fullDigest
    .max(L.fullDigest)
    .describe('Markdown analysis with "## " sections; no HTML, no images, no links.'),
});
export type LlmAnswer = z.infer<typeof LlmAnswer>;

/** JSON Schema keywords every structured-output backend understands; the rest is checked locally. */
const PORTABLE_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'description',
  'enum',
  'minItems',
  'maxItems',
]);

function keepPortable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(keepPortable);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!PORTABLE_KEYWORDS.has(key)) continue;
    // `properties` maps names to schemas: keep every name, filter inside each schema.
    out[key] =
      key === 'properties'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, keepPortable(v)]))
        : keepPortable(value);
  }
  return out;
}

/**
 * The answer schema as the `response_format` JSON Schema: zod's `toJSONSchema` output reduced to the
 * keywords strict structured output accepts everywhere (string lengths are enforced after parsing).
 */
export function answerJsonSchema(): Record<string, unknown> {
  return keepPortable(z.toJSONSchema(LlmAnswer, { target: 'draft-7' })) as Record<string, unknown>;
}
