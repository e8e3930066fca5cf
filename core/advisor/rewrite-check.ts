import type { Draft } from './draft.ts';
import { distinctTerms } from './similar.ts';
import { wordCount } from './traits.ts';

/** Sentences that tie a post to the forum's talk without saying anything: never part of a rewrite. */
const BOILERPLATE =
  /\b(?:this|it)\s+(?:ties|connects|relates)\s+(?:in)?to\b|\bwhat others are saying about\b|\bthe current [\w\s-]{0,40}\bdiscussion\b|\bjoin the (?:conversation|discussion)\b|\bas an ai\b/i;
const LINK = /https?:\/\/\S+/gi;
const HANDLE = /@[\w-]{2,}/g;

/** Share of the draft's content words a rewrite must keep (its meaning). */
const KEEP_SHARE = 0.6;
const MAX_TITLE_WORDS = 14;

/**
 * Why a rewrite of `original` would not be accepted by its writer, or [] when it passes: it appends
 * boilerplate, drops the draft's meaning (the body keeps under 60 % of its content words, or the title
 * keeps under half of its own and brings words the draft never used), adds links (other than
 * `allowedLinks`, the forum's own address of a post the answer cites) or handles the draft did not
 * have, has an empty or over-long title, balloons the body, or changes nothing. Used on the offline
 * edits and on every LLM rewrite alike. Pure.
 */
export function rewriteProblems(
  original: Draft,
  rewrite: Draft,
  allowedLinks: readonly string[] = [],
): string[] {
  const problems: string[] = [];
  const before = `${original.title}\n${original.content}`;
  const after = `${rewrite.title}\n${rewrite.content}`;
  if (rewrite.title.trim() === '') problems.push('empty title');
  if (wordCount(rewrite.title) > Math.max(MAX_TITLE_WORDS, wordCount(original.title)))
    problems.push('title too long');
  if (BOILERPLATE.test(after) && !BOILERPLATE.test(before)) problems.push('appends boilerplate');
  // The body keeps most of its content words; the title keeps half of its own or uses only the draft's words.
  const draftTerms = new Set(distinctTerms(before));
  const bodyTerms = distinctTerms(original.content.slice(0, 1200));
  const newBody = new Set(distinctTerms(rewrite.content));
  if (bodyTerms.length >= 5 && bodyTerms.filter((t) => newBody.has(t)).length / bodyTerms.length < KEEP_SHARE)
    problems.push('drops the body’s meaning');
  const titleTerms = distinctTerms(original.title);
  const newTitle = distinctTerms(rewrite.title);
  const keptTitle = titleTerms.filter((t) => newTitle.includes(t)).length;
  if (titleTerms.length > 0 && keptTitle * 2 < titleTerms.length && newTitle.some((t) => !draftTerms.has(t)))
    problems.push('title drops the draft’s subject');
  for (const [re, what] of [
    [LINK, 'links'],
    [HANDLE, 'handles'],
  ] as const) {
    const old = new Set([...(before.match(re) ?? []), ...(re === LINK ? allowedLinks : [])]);
    if ((after.match(re) ?? []).some((x) => !old.has(x.replace(/[).,]+$/, '')) && !old.has(x)))
      problems.push(`adds ${what} the draft did not have`);
  }
  if (rewrite.content.length > original.content.length * 1.5 + 300) problems.push('body much longer');
  if (rewrite.title.trim() === original.title.trim() && rewrite.content.trim() === original.content.trim())
    problems.push('changes nothing');
  return problems;
}
