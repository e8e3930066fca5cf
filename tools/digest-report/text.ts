/**
 * Digest text is untrusted: it is printed as plain text, never interpreted. These helpers remove control
 * and format characters (terminal escapes, bidi overrides), flatten it to one line and cut it short.
 */

/** Untrusted text as one plain line of at most `max` characters. */
export function plain(text: string, max = 80): string {
  const flat = text
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Untrusted text as a quoted plain line (JSON string syntax, so quotes inside stay visible). */
export function quote(text: string, max = 80): string {
  return JSON.stringify(plain(text, max));
}
