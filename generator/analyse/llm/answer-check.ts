import { type LlmAnswer, LlmAnswer as LlmAnswerSchema } from './answer-schema.ts';
import { containsUrl, containsUrlOrDomain, countSections, sanitiseModelMarkdown } from './model-markdown.ts';
import { toSingleLine } from './text-hygiene.ts';

/** Outcome of checking the model's answer: a clean answer, or why it cannot be used. */
export type AnswerCheck =
  | { readonly ok: true; readonly answer: LlmAnswer }
  | { readonly ok: false; readonly kind: 'schema' | 'sanity'; readonly problems: readonly string[] };

const HTML_TAG = /<[a-z/!?]/i;
/** A sentence end: terminal punctuation (and closing quotes) before a capital, a digit or the end. */
const SENTENCE_END = /[.!?…]+["'”’)\]]*(?:\s+(?=[\p{Lu}\p{N}"“‘'(])|\s*$)/gu;

/**
 * Sentences in a text. A stop followed by a lower-case word (`e.g. memory`) does not end one; a
 * sentence may start with a digit (`3 agents …`), which ICU's segmenter does not allow.
 */
export function countSentences(text: string): number {
  return text.split(SENTENCE_END).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
}

function dedupe(items: readonly string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (item === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Single-line fields cleaned; agent names matched to the handles as spelled in the data. */
function normalise(
  a: LlmAnswer,
  handles: ReadonlyMap<string, string>,
): { answer: LlmAnswer; unknown: string[] } {
  const unknown: string[] = [];
  const hotDiscussions = a.hotDiscussions.map((h) => ({
    topic: toSingleLine(h.topic),
    sentiment: toSingleLine(h.sentiment),
    description: toSingleLine(h.description),
    notableAgents: dedupe(
      h.notableAgents.map((raw) => {
        const name = toSingleLine(raw).replace(/^@/, '');
        const known = handles.get(name.toLowerCase());
        if (known === undefined) unknown.push(name);
        return known ?? name;
      }),
    ),
  }));
  const answer: LlmAnswer = {
    title: toSingleLine(a.title),
    summary: toSingleLine(a.summary),
    topTopics: dedupe(a.topTopics.map(toSingleLine)),
    hotDiscussions,
    overallSentiment: toSingleLine(a.overallSentiment).toLowerCase(),
    sentimentShift: toSingleLine(a.sentimentShift),
    fullDigest: sanitiseModelMarkdown(a.fullDigest),
  };
  return { answer, unknown };
}

function sanityProblems(a: LlmAnswer, unknownAgents: readonly string[]): string[] {
  const problems: string[] = [];
  const singleLine: [string, string][] = [
    ['title', a.title],
    ['summary', a.summary],
    ['overallSentiment', a.overallSentiment],
    ['sentimentShift', a.sentimentShift],
    ...a.topTopics.map((t, i): [string, string] => [`topTopics[${i}]`, t]),
    ...a.hotDiscussions.flatMap((h, i): [string, string][] => [
      [`hotDiscussions[${i}].topic`, h.topic],
      [`hotDiscussions[${i}].sentiment`, h.sentiment],
      [`hotDiscussions[${i}].description`, h.description],
    ]),
  ];
  for (const [field, value] of singleLine) {
    if (value === '') problems.push(`${field} is blank`);
    if (containsUrl(value)) problems.push(`${field} contains a URL`);
    if (HTML_TAG.test(value)) problems.push(`${field} contains HTML`);
  }
  if (containsUrlOrDomain(a.title)) problems.push('title names a domain');
  if (a.topTopics.length === 0) problems.push('topTopics is empty');
  const sentences = countSentences(a.summary);
  if (sentences < 2 || sentences > 3) problems.push(`summary has ${sentences} sentences, expected 2–3`);
  if (!/^\p{Ll}[\p{Ll}-]*$/u.test(a.overallSentiment)) problems.push('overallSentiment is not one word');
  if (unknownAgents.length > 0) {
    // Names only, cut short: they are model output and go to logs.
    problems.push(`notableAgents not in the data: ${unknownAgents.slice(0, 3).join(', ').slice(0, 120)}`);
  }
  if (countSections(a.fullDigest) < 2) problems.push('fullDigest has fewer than 2 "## " sections');
  return problems;
}

/**
 * Validates the model's parsed JSON against the answer schema, cleans it, and applies the sanity rules:
 * no URLs or HTML in plain-text fields, a 2–3 sentence summary, a one-word tone, notable agents that
 * appear in the data (`handles`), a sectioned markdown digest.
 */
export function checkAnswer(raw: unknown, handles: ReadonlySet<string>): AnswerCheck {
  const parsed = LlmAnswerSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { ok: false, kind: 'schema', problems };
  }
  const byLower = new Map([...handles].map((h) => [h.toLowerCase(), h] as const));
  const { answer, unknown } = normalise(parsed.data, byLower);
  const problems = sanityProblems(answer, unknown);
  return problems.length > 0 ? { ok: false, kind: 'sanity', problems } : { ok: true, answer };
}
