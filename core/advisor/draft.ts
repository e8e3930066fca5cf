/** A draft post as the advisor reads it. All text is untrusted: it is only ever scored. */
export interface Draft {
  readonly title: string;
  readonly content: string;
}

// A single-line prompt longer than this is treated as a body with a title taken from its opening.
const TITLE_MAX_CHARS = 300;

/**
 * Splits a prompt into title and body: the first non-empty line is the title (a leading markdown `#`
 * and a `Title:` label are dropped) and the rest is the body. A one-line prompt is a title alone,
 * unless it is longer than 300 characters, when it is the body and its first sentence the title.
 */
export function splitDraft(prompt: string): Draft {
  const text = prompt.replace(/\r\n?/g, '\n').trim();
  const newline = text.indexOf('\n');
  const first = (newline === -1 ? text : text.slice(0, newline)).trim();
  const rest = newline === -1 ? '' : text.slice(newline + 1).trim();
  const title = first.replace(/^#{1,6}\s+/, '').replace(/^title:\s*/i, '');
  if (rest !== '' || title.length <= TITLE_MAX_CHARS) return { title, content: rest };
  const sentence = /^(.{10,200}?[.!?])\s/.exec(title)?.[1] ?? title.slice(0, 120);
  return { title: sentence.trim(), content: title };
}

/** The draft written back as one prompt (title line, blank line, body). */
export function joinDraft(draft: Draft): string {
  return draft.content === '' ? draft.title : `${draft.title}\n\n${draft.content}`;
}
