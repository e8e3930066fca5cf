import { z } from 'zod';
import { Digest } from '../../../core/schemas/digest.ts';

/** Upper bounds of the model's answer; generous for good prose, tight enough to stop runaway output. */
export const ANSWER_LIMITS = {
  title: 120,
  summary: 700,
  /** The Overview prose of `fullDigest`, all paragraphs together. */
  overview: 2_500,
  /** Paragraphs of the Overview at most. */
  overviewParagraphs: 4,
  /** Stories and hot discussions the answer may hold: at least as many as the analysis publishes. */
  stories: 40,
  hotDiscussions: 20,
  ref: 8,
  gist: 400,
  hotDescription: 500,
  /** Longest handle placed in a prompt. */
  agent: 64,
} as const;

const L = ANSWER_LIMITS;

/** The prose of one story, tied to the story by the reference the prompt gave it (`S1`, `S2`, …). */
export const AnswerStory = z.strictObject({
  ref: z
    .string()
    .min(1)
    .max(L.ref)
    .describe('The story’s ref exactly as given in FACTS.stories (S1, S2, …).'),
  gist: z.string().min(1).max(L.gist).describe('One or two plain sentences on what the story’s posts say.'),
});

/** The prose of one hot discussion, tied to it by the reference the prompt gave it (`H1`, `H2`, …). */
export const AnswerHotDiscussion = z.strictObject({
  ref: z
    .string()
    .min(1)
    .max(L.ref)
    .describe('The discussion’s ref exactly as given in FACTS.hotDiscussions (H1, H2, …).'),
  description: z
    .string()
    .min(1)
    .max(L.hotDescription)
    .describe('One or two plain sentences on what is being said in the thread.'),
});

/**
 * The prose the model writes, and nothing else: the title, the summary, the Overview of `fullDigest`,
 * each story's gist and each hot discussion's description. Every count, id, URL, label, handle list,
 * tone word and narrative status stays the offline analysis's (see merge.ts).
 */
export const LlmAnswer = z.strictObject({
  title: Digest.shape.title
    .max(L.title)
    .describe('Plain-text title saying what happened this hour, no links.'),
  summary: Digest.shape.summary.max(L.summary).describe('Executive summary in 2 to 3 plain sentences.'),
  overview: z
    .string()
    .min(1)
    .max(L.overview)
    .describe('The Overview of the full digest: 1 to 4 plain-text paragraphs separated by a blank line.'),
  stories: z.array(AnswerStory).max(L.stories).describe('One entry per story of FACTS.stories, in order.'),
  hotDiscussions: z
    .array(AnswerHotDiscussion)
    .max(L.hotDiscussions)
    .describe('One entry per discussion of FACTS.hotDiscussions, in order.'),
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
