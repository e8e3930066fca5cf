import { stripInvisible } from './text-hygiene.ts';

/** A URL with a scheme (`https://…`, `ftp://…`) or starting with `www.`. */
const BARE_URL = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>()[\]]*/gi;
/** A link target in parentheses, allowing one level of nested parentheses as CommonMark does. */
const LINK_TARGET = String.raw`\((?:[^()\n]|\([^()\n]*\))*\)`;
const IMAGE = new RegExp(String.raw`!\[([^\]\n]*)\]` + LINK_TARGET, 'g');
const LINK = new RegExp(String.raw`\[([^\]\n]*)\]` + LINK_TARGET, 'g');
const HAS_URL = new RegExp(BARE_URL.source, 'i');
const HAS_DOMAIN = /\b[a-z0-9-]+\.(?:com|net|org|io|ai|xyz|app|dev|gg|co|me|ly|sh|to|fun|site|link|club)\b/i;

/**
 * Makes the model's markdown safe to publish: it echoes forum text, so it may carry spam links,
 * tracking images or HTML. Images and links are reduced to their text, bare URLs removed, and `<`
 * written as an entity so no tag or autolink survives. Headings, lists and emphasis stay.
 */
export function sanitiseModelMarkdown(markdown: string): string {
  return stripInvisible(markdown)
    .replace(/\t/g, '  ')
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(/^ {0,3}\[[^\]\n]+\]:.*$/gm, '')
    .replace(BARE_URL, '(link removed)')
    .replace(/</g, '&lt;')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Number of second-level `## ` sections in a markdown text. */
export function countSections(markdown: string): number {
  return markdown.match(/^## +\S/gm)?.length ?? 0;
}

/** True when the text holds a URL (with a scheme, or starting with `www.`). */
export function containsUrl(text: string): boolean {
  return HAS_URL.test(text);
}

/** True when the text holds a URL or a bare domain name of a common TLD (`example.com`). */
export function containsUrlOrDomain(text: string): boolean {
  return HAS_URL.test(text) || HAS_DOMAIN.test(text);
}
