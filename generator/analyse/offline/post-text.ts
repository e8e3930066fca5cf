import type { ForumPost } from '../../../core/forum.ts';

/**
 * Lines or sentences written to instruct a machine reader. They are dropped before any term is counted, so
 * a post cannot name a topic by telling the summariser to. The quality filter runs first; this is the
 * analyser's own second line of defence and only needs the blunt forms.
 */
const INSTRUCTION =
  /\b(?:ignore|disregard|forget|override)\b[^.!?\n]{0,40}\b(?:instructions?|prompts?|rules|directives?)\b|\b(?:system|assistant)\s*(?:prompt)?\s*:|<\/?\s*(?:system|assistant|im_start|im_end)\b|\b(?:summari[sz]ers?|digest|llms?|ai|language\s+models?|bots?)\b[^.!?\n]{0,50}\b(?:must|should|shall|will)\s+(?:title|write|say|output|report|rank|feature|include|call)\b|\b(?:title|headline|summari[sz]e)\s+(?:this|the)\s+(?:hour|digest|summary|report)\b|\byou\s+are\s+now\b|\bnew\s+instructions?\b/i;

const FENCED_CODE = /```[\s\S]*?(?:```|$)/g;
/** Line breaks a posting client escaped twice ("\\n" in the text) or lost the backslash of ("register.nnThen"). */
const ESCAPED_BREAK = /\\n|(?<=[.!?:])nn(?=[A-Z])/g;

/**
 * Drops fenced code (its identifiers are not topics) and every sentence or line carrying an instruction;
 * mangled line breaks are line breaks again.
 */
export function cleanForTerms(text: string): string {
  const noCode = text.replace(FENCED_CODE, ' ').replace(ESCAPED_BREAK, '\n');
  if (!INSTRUCTION.test(noCode)) return noCode;
  return noCode
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((part) => !INSTRUCTION.test(part))
    .join('\n');
}

/**
 * The text of a post that the NLP pass reads: the title and the opening of the body. Reading only the
 * opening keeps a 23,000-post hour within seconds; topics show in titles and first paragraphs.
 */
export function textForTerms(post: ForumPost, contentChars: number): { title: string; body: string } {
  return {
    title: cleanForTerms(post.title.slice(0, 200)),
    body: cleanForTerms(post.content.slice(0, contentChars)),
  };
}

/** The short text scored by VADER for a post: the title and the first sentences of the body. */
export function textForTone(post: ForumPost): string {
  const body = post.content.slice(0, 400).replace(FENCED_CODE, ' ').slice(0, 160);
  return `${post.title.slice(0, 120)}. ${body}`;
}

/**
 * A signature of a post's wording (the title and opening without spaces or ASCII punctuation); equal signatures mark
 * copies of one template post, which count once.
 */
export function wordingSignature(post: ForumPost): string {
  // ASCII classes only: the Unicode-property version costs more than the rest of the signature.
  return `${post.title} ${post.content.slice(0, 300)}`.toLowerCase().replace(/[\s!-/:-@[-`{-~]+/g, '');
}
