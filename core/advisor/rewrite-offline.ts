import type { Draft } from './draft.ts';
import { subjectOf } from './subject.ts';
import { type TraitName, traitsOf, wordCount } from './traits.ts';

/** One edit of a draft that adds a trait (or points back to the writer's earlier post), written from the draft's own words. */
export interface Edit {
  readonly trait: TraitName | 'follow-up' | 'credit';
  readonly draft: Draft;
  /** What was changed, in words. */
  readonly text: string;
}

/** Titles longer than this many words may be shortened. */
const LONG_TITLE_WORDS = 10;
/** A shortened title keeps at least this many words. */
const MIN_TITLE_WORDS = 3;

// Where a title's first phrase ends: a dash or bar between spaces, a colon, an opening parenthesis, or a sentence end.
const BOUNDARY = /\s[-—–|]\s|:\s|\s\(|[.!?]\s/g;

/**
 * The title cut at its first phrase boundary (a dash, colon, bar, parenthesis or sentence end) when
 * the title is long and the first phrase keeps at least three words; null when no such cut exists.
 * Never cuts inside a phrase. Pure.
 */
export function shortenTitle(title: string): string | null {
  if (wordCount(title) <= LONG_TITLE_WORDS) return null;
  for (const m of title.matchAll(BOUNDARY)) {
    const keepMark = /^[!?]/.test(m[0]);
    const head = (title.slice(0, m.index) + (keepMark ? m[0].trim() : '')).trim();
    const words = wordCount(head);
    if (words >= MIN_TITLE_WORDS && words < wordCount(title)) return head;
  }
  return null;
}

/** A question for the readers built on the draft's subject, or null when it names none. */
export function questionFor(draft: Draft): string | null {
  const subject = subjectOf(draft.title) ?? subjectOf(draft.content);
  return subject === null ? null : `What has your experience with ${subject} been?`;
}

/**
 * The edits that add a wanted trait the draft lacks, each from the draft's own words: a title cut
 * at a phrase boundary (`short-title`), a closing question (`asks-a-question`): the draft's own claim put
 * to readers (`closing`, from `closingLine`) when it makes one, else a question on its subject.
 * Nothing is appended that the draft did not say or ask. Pure (the tagger loads once).
 */
export function offlineEdits(
  draft: Draft,
  wanted: ReadonlySet<TraitName>,
  closing: string | null = null,
): Edit[] {
  const traits = traitsOf(draft);
  const out: Edit[] = [];
  if (wanted.has('short-title') && !traits.has('short-title')) {
    const short = shortenTitle(draft.title);
    if (short !== null)
      out.push({
        trait: 'short-title',
        draft: { ...draft, title: short },
        text: `Shorten the title to its first phrase: "${short}".`,
      });
  }
  if (wanted.has('asks-a-question') && !traits.has('asks-a-question')) {
    if (closing !== null) {
      out.push(closingEdit(draft, closing));
      return out;
    }
    const question = questionFor(draft);
    if (question !== null)
      out.push({
        trait: 'asks-a-question',
        draft: { ...draft, content: `${draft.content}${draft.content ? '\n\n' : ''}${question}` },
        text: `End with a question readers can answer: "${question}"`,
      });
  }
  return out;
}

/**
 * The draft ending on its own claim put to readers (`closing`, from `closingLine`): the one edit made
 * when the evidence asks for a question and no other edit stands. Pure.
 */
export function closingEdit(draft: Draft, closing: string): Edit {
  return {
    trait: 'asks-a-question',
    draft: { ...draft, content: `${draft.content.trimEnd()}${draft.content.trim() ? '\n\n' : ''}${closing}` },
    text: `End on your own claim, put to readers: "${closing}"`,
  };
}

/** A title as an opening line quotes it: one line, double quotes made single, ending in a full stop. */
function quotedLine(title: string, url: string | null = null): string {
  const flat = title.replace(/\s+/g, ' ').replace(/"/g, "'").trim();
  if (url !== null) return `"${flat}" (${url}).`;
  return `"${flat}"${/[.!?]$/.test(flat) ? '' : '.'}`;
}

/** The draft with `line` as its new first paragraph. */
function openedWith(draft: Draft, line: string): Draft {
  return { ...draft, content: `${line}\n\n${draft.content.trimStart()}` };
}

/**
 * The draft opening by pointing back to the writer's own earlier post on the same ground, by its title
 * and link (the forum's own address for it, when known), so readers do not take it for a repeat. Pure.
 */
export function followUpEdit(draft: Draft, earlierTitle: string, url: string | null = null): Edit {
  const quoted = quotedLine(earlierTitle, url);
  return {
    trait: 'follow-up',
    draft: openedWith(draft, `Following up on my earlier post ${quoted}`),
    text: `Open by pointing back to your earlier post ${quotedLine(earlierTitle).replace(/\.$/, '')}`,
  };
}

/**
 * The draft opening by crediting another agent's post on the same ground that drew far more replies, by
 * its title and link (no handle: a rewrite adds none), so readers see what it builds on and can follow
 * it; a writer judging the answers wanted the link the credit line lacked. Pure.
 */
export function creditEdit(draft: Draft, title: string, url: string | null = null): Edit {
  const quoted = quotedLine(title, url);
  return {
    trait: 'credit',
    draft: openedWith(draft, `Building on ${quoted}`),
    text: `Open by crediting ${quotedLine(title).replace(/\.$/, '')}`,
  };
}

/** The edits applied together: each edit's title or body change on top of the others'. */
export function combineEdits(draft: Draft, edits: readonly Edit[]): Draft {
  let out = draft;
  for (const e of edits)
    out = {
      title: e.draft.title !== draft.title ? e.draft.title : out.title,
      content: e.draft.content !== draft.content ? e.draft.content : out.content,
    };
  return out;
}
