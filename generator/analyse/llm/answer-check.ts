import { ANSWER_LIMITS, type LlmAnswer, LlmAnswer as LlmAnswerSchema } from './answer-schema.ts';
import { containsUrl, containsUrlOrDomain } from './model-markdown.ts';
import { unsupportedNumbers } from './prose-numbers.ts';
import { stripInvisible, toSingleLine } from './text-hygiene.ts';

/** Outcome of checking the model's answer: a clean answer, or why it cannot be used. */
export type AnswerCheck =
  | { readonly ok: true; readonly answer: LlmAnswer }
  | { readonly ok: false; readonly kind: 'schema' | 'sanity'; readonly problems: readonly string[] };

/** What the answer is checked against: the data the prompt gave. */
export interface AnswerContext {
  /** Every handle in the hour's data; `@name` in prose must be one of them. */
  readonly handles: ReadonlySet<string>;
  /** Refs of the stories (`S1`, …) and hot discussions (`H1`, …), in the order the answer must follow. */
  readonly storyRefs: readonly string[];
  readonly hotRefs: readonly string[];
  /** Figures the prompt's data holds (canonical, see prose-numbers.ts); prose may quote no others. */
  readonly numbers: ReadonlySet<string>;
}

const HTML_TAG = /<[a-z/!?]/i;
/** A markdown link or image (`[text](target)`, `![alt](src)`) or a reference definition (`[ref]: x`). */
const MARKDOWN_LINK = /!?\[[^\]\n]*\]\s*[([]|^\s*\[[^\]\n]+\]:/m;
/** A mention: `@` not preceded by a word character (so e-mail-like text is not one). */
const MENTION = /(?<![\p{L}\p{N}_@])@([\p{L}\p{N}_-]+)/gu;
/** A sentence end: terminal punctuation (and closing quotes) before a capital, a digit or the end. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?:\s+(?=[\p{Lu}\p{N}"“‘'(@])|\s*$)/gu;

/**
 * Sentences in a text. A stop followed by a lower-case word (`e.g. memory`) does not end one; a
 * sentence may start with a digit (`3 agents …`) or a handle, which ICU's segmenter does not allow.
 */
export function countSentences(text: string): number {
  return text.split(SENTENCE_END).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
}

/** The Overview as paragraphs: invisible characters gone, each paragraph on one line, blank ones dropped. */
export function overviewParagraphs(text: string): string[] {
  return stripInvisible(text)
    .split(/\n\s*\n/)
    .map(toSingleLine)
    .filter((p) => p !== '');
}

/** `@name` mentions rewritten to the data's spelling; the names not in the data collected in `unknown`. */
function fixMentions(text: string, byLower: ReadonlyMap<string, string>, unknown: Set<string>): string {
  return text.replace(MENTION, (whole, name: string) => {
    const known = byLower.get(name.toLowerCase());
    if (known === undefined) unknown.add(name);
    return known === undefined ? whole : `@${known}`;
  });
}

/** Every field cleaned to plain single lines (the Overview to paragraphs), mentions matched to the data. */
function normalise(
  a: LlmAnswer,
  byLower: ReadonlyMap<string, string>,
): { answer: LlmAnswer; unknown: string[] } {
  const unknown = new Set<string>();
  const line = (s: string) => fixMentions(toSingleLine(s), byLower, unknown);
  const answer: LlmAnswer = {
    title: line(a.title),
    summary: line(a.summary),
    overview: overviewParagraphs(a.overview)
      .map((p) => fixMentions(p, byLower, unknown))
      .join('\n\n'),
    stories: a.stories.map((s) => ({ ref: toSingleLine(s.ref), gist: line(s.gist) })),
    hotDiscussions: a.hotDiscussions.map((h) => ({
      ref: toSingleLine(h.ref),
      description: line(h.description),
    })),
  };
  return { answer, unknown: [...unknown] };
}

/** Short, single-line excerpt of model output for a problem message (it goes to logs). */
const excerpt = (items: readonly string[]) => items.slice(0, 3).join(', ').slice(0, 120);

function refProblems(field: string, got: readonly string[], expected: readonly string[]): string[] {
  if (got.length !== expected.length) {
    return [`${field} has ${got.length} entries, expected ${expected.length}`];
  }
  const wrong = got.findIndex((ref, i) => ref !== expected[i]);
  return wrong === -1 ? [] : [`${field}[${wrong}].ref is not ${expected[wrong]}`];
}

function proseFields(a: LlmAnswer): [string, string][] {
  return [
    ['title', a.title],
    ['summary', a.summary],
    ['overview', a.overview],
    ...a.stories.map((s, i): [string, string] => [`stories[${i}].gist`, s.gist]),
    ...a.hotDiscussions.map((h, i): [string, string] => [`hotDiscussions[${i}].description`, h.description]),
  ];
}

function sanityProblems(a: LlmAnswer, unknownAgents: readonly string[], ctx: AnswerContext): string[] {
  const problems: string[] = [
    ...refProblems(
      'stories',
      a.stories.map((s) => s.ref),
      ctx.storyRefs,
    ),
    ...refProblems(
      'hotDiscussions',
      a.hotDiscussions.map((h) => h.ref),
      ctx.hotRefs,
    ),
  ];
  for (const [field, value] of proseFields(a)) {
    if (value === '') problems.push(`${field} is blank`);
    if (containsUrl(value)) problems.push(`${field} contains a URL`);
    if (HTML_TAG.test(value)) problems.push(`${field} contains HTML`);
    if (MARKDOWN_LINK.test(value)) problems.push(`${field} contains a markdown link`);
    const numbers = unsupportedNumbers(value, ctx.numbers);
    if (numbers.length > 0) problems.push(`${field} quotes numbers not in the data: ${excerpt(numbers)}`);
  }
  if (containsUrlOrDomain(a.title)) problems.push('title names a domain');
  if (containsUrlOrDomain(a.summary)) problems.push('summary names a domain');
  const sentences = countSentences(a.summary);
  if (sentences < 2 || sentences > 3) problems.push(`summary has ${sentences} sentences, expected 2–3`);
  const paragraphs = a.overview === '' ? 0 : a.overview.split('\n\n').length;
  if (paragraphs > ANSWER_LIMITS.overviewParagraphs) {
    problems.push(`overview has ${paragraphs} paragraphs, at most ${ANSWER_LIMITS.overviewParagraphs}`);
  }
  // Names only, cut short: they are model output and go to logs.
  if (unknownAgents.length > 0) problems.push(`agents not in the data: ${excerpt(unknownAgents)}`);
  return problems;
}

/**
 * Validates the model's parsed JSON against the answer schema, cleans it, and applies the sanity rules:
 * one gist per story and one description per hot discussion, with the refs in the prompt's order; no
 * URLs, HTML or markdown links in any prose; no domain in the title or summary; a 2–3
 * sentence summary; at most four Overview paragraphs; `@handles` that appear in the data; and no figure
 * the data does not hold (small whole numbers aside).
 */
export function checkAnswer(raw: unknown, ctx: AnswerContext): AnswerCheck {
  const parsed = LlmAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, kind: 'schema', problems };
  }
  const byLower = new Map([...ctx.handles].map((h) => [h.toLowerCase(), h] as const));
  const { answer, unknown } = normalise(parsed.data, byLower);
  const problems = sanityProblems(answer, unknown, ctx);
  return problems.length > 0 ? { ok: false, kind: 'sanity', problems } : { ok: true, answer };
}
