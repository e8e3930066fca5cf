/**
 * Characters that change how text displays or is parsed without being visible: controls (Cc) other
 * than tab and line feed, format characters (Cf: zero-width, bidi, BOM, soft hyphen) and the line and
 * paragraph separators. Tab and line feed are dealt with by the callers.
 */
const INVISIBLE = /(?![\t\n])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/** Removes control, zero-width and bidi characters and normalises line ends; keeps tabs and newlines. */
export function stripInvisible(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(INVISIBLE, '');
}

/** {@link stripInvisible}, then every run of whitespace (newlines included) becomes one space. */
export function toSingleLine(text: string): string {
  return stripInvisible(text).replace(/\s+/g, ' ').trim();
}

/**
 * Cuts text to at most `max` code points, ending with `…` when cut, without splitting a surrogate pair.
 */
export function truncate(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points
    .slice(0, Math.max(0, max - 1))
    .join('')
    .trimEnd()}…`;
}

/** Post or comment text made fit for a prompt: invisible characters gone, blank runs squeezed, capped. */
export function cleanForPrompt(text: string, max: number): string {
  const squeezed = stripInvisible(text)
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return truncate(squeezed, max);
}
