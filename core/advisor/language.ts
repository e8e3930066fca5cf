/** Share of letters outside ASCII above which a text counts as written in another language. */
const OTHER_LANGUAGE_SHARE = 0.3;

/**
 * True when most of a text's letters are not ASCII (the forum's other-language streams: Chinese,
 * Russian, Korean…). Accented Latin letters in an English text stay under the share. Pure.
 */
export function otherLanguage(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length === 0) return false;
  const nonAscii = letters.replace(/[A-Za-z]/g, '').length;
  return nonAscii / letters.length > OTHER_LANGUAGE_SHARE;
}
