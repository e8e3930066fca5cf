/**
 * Quoted parts of a post: fenced and inline code, block quotes and quoted strings. Text there is usually
 * shown, not said (a security post quoting an attack, a tutorial quoting a command), so some checks treat
 * it apart from the author's own prose.
 */
// A fence left open runs to the end of the text: (?![\s\S]) is the end of input even in multiline mode.
const QUOTED =
  /```[\s\S]*?(?:```|(?![\s\S]))|`[^`\n]{1,400}`|^[ \t]*>.*$|"[^"\n]{1,400}"|“[^”\n]{1,400}”|«[^»\n]{1,400}»/gmu;

/** The text with every quoted part replaced by a space. */
export function unquoted(text: string): string {
  return text.replace(QUOTED, ' ');
}
