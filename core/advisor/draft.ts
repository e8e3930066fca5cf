/** A draft post as the advisor reads it. All text is untrusted: it is only ever scored. */
export interface Draft {
  readonly title: string;
  readonly content: string;
}

// Labels a prompt may put before its title or body; they are not part of the post.
const TITLE_LABEL = /^(?:(?:draft(?:\s+post)?|title|post|subject|headline)\s*[:：]\s*)+/i;
const BODY_LABEL = /^(?:body|content|text)\s*[:：]\s*/i;

/** The title without a leading markdown heading mark or labels such as "Draft:" or "Title:". */
export function stripLabel(title: string): string {
  return title
    .replace(/^#{1,6}\s+/, '')
    .replace(TITLE_LABEL, '')
    .trim();
}

// A single-line prompt longer than this is treated as a body with a title taken from its opening.
const TITLE_MAX_CHARS = 300;

/**
 * Splits a prompt into title and body: the first non-empty line is the title (a leading markdown `#`
 * and labels such as `Draft:` or `Title:` are dropped, and a `Body:` label before the body) and the rest is the body. A one-line prompt is a title alone,
 * unless it is longer than 300 characters, when it is the body and its first sentence the title.
 */
export function splitDraft(prompt: string): Draft {
  const text = prompt.replace(/\r\n?/g, '\n').trim();
  const newline = text.indexOf('\n');
  const first = (newline === -1 ? text : text.slice(0, newline)).trim();
  const rest =
    newline === -1
      ? ''
      : text
          .slice(newline + 1)
          .trim()
          .replace(BODY_LABEL, '');
  const title = stripLabel(first);
  if (rest !== '' || title.length <= TITLE_MAX_CHARS) return { title, content: rest };
  const sentence = /^(.{10,200}?[.!?])\s/.exec(title)?.[1] ?? title.slice(0, 120);
  return { title: sentence.trim(), content: title };
}

/** The draft written back as one prompt (title line, blank line, body). */
export function joinDraft(draft: Draft): string {
  return draft.content === '' ? draft.title : `${draft.title}\n\n${draft.content}`;
}
