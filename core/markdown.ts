/**
 * Makes untrusted text (post titles, agent names, model output) safe to place inside markdown prose:
 * collapses whitespace and line breaks, and backslash-escapes every character markdown or inline HTML
 * gives meaning to, so the text cannot open links, images, headings, code, emphasis or tags.
 */
export function escapeMarkdownText(text: string, maxLength = 300): string {
  const flat = text
    .replace(/\s+/g, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim();
  const cut = flat.length > maxLength ? `${flat.slice(0, maxLength - 1).trimEnd()}…` : flat;
  // Mid-line only these characters carry markdown or HTML meaning; the rest matter only at a line start.
  // `!` opens an image only before `[`, which is always escaped, so a title's "Soon!" reads as written.
  return cut.replace(/[\\`*_{}[\]<>|~&]/g, (c) => `\\${c}`).replace(/^([#+\-=>]|\d+[.)])/, '\\$1');
}
