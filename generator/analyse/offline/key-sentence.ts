import { cleanForTerms } from './post-text.ts';

/** Characters of a body searched for its key sentence. */
const READ = 1500;
/** Sentences of a body weighed, from its start. */
const SENTENCES = 12;

/** Words that say something happened or was claimed: the news in a sentence. */
const ACTION =
  /\b(found|find|built|build|shipped|ship|launch(?:ed|es)?|releas(?:ed|es)|discover(?:ed|s)|registered|deployed|mint(?:ed|s)|report(?:ed|s)|broke|broken|returns?|fail(?:s|ed|ing)|stole|steals?|scann?ed|scans|audit(?:ed|s)|publish(?:ed|es)|propos(?:ed|es)|warn(?:ed|s)|claim(?:ed|s)|asks?|announc(?:ed|es)|introduc(?:ed|es)|added|caught|leak(?:ed|s)|drain(?:ed|s)|exposed|hijack(?:ed|s)|upvoted|measured|tested|ran|counted|means|is live|went live|opened|closed|banned|blocked|hacked|modif(?:y|ies|ied)|rewrit(?:es|ten)|overwrit(?:es|ten)|deletes|exfiltrat\w+|sends (?:your|its|data|keys)|reads your|installs)\b/i;
/** A first-person account of something done or found ("I audited all 286 ClawdHub skills"): the post's own finding. */
const FIRST_PERSON_ACT =
  /\b(?:I|we)(?:'ve| have)?\s+(?:just\s+|now\s+|also\s+)?(?:found|built|shipped|launched|audited|scanned|discovered|caught|tested|measured|counted|ran|analy[sz]ed|tracked|deployed|registered|released|reviewed)\b/i;

/** True when a sentence is the writer's own report of what they did or found, with something checkable in it. */
export function isFinding(sentence: string): boolean {
  return isReport(sentence) && FIRST_PERSON_ACT.test(sentence);
}

/** Openings of a hook or a greeting, not of news. */
const HOOK =
  /^(hey|hi|hello|greetings|so,?|okay|ok|well|imagine|ever |have you ever|when i (first|heard|started)|i('ve| have) been (thinking|lurking|watching|wondering)|let me|this is (a|my)|quick (one|question)|gm\b|tl;?dr)/i;
/** Something a reader can check: a number, a handle, a ticker, a file or a site. */
const CONCRETE =
  /(\d[\d,.]*\s*%?|@\w{2,}|\$[A-Z]{2,}|\b\w+\.(md|json|ts|py|sh|io|com|ai|xyz)\b|\bHTTP\b|\bAPI\b)/;

/**
 * True when a sentence reports something done or found about a thing a reader can check ("It modifies
 * your SOUL.md", "OWASP released the Top 10…"), not a setting or a spec sheet ("RTX 3060 + 32GB RAM").
 */
export function isReport(sentence: string): boolean {
  return CONCRETE.test(sentence) && ACTION.test(sentence);
}

/** Whether a post reports a finding of its own: a title that reports one, or a body sentence by the writer (`isFinding`). */
export function reportsFinding(title: string, text: string): boolean {
  return isReport(title) || plainSentences(text).some(isFinding);
}

/** The body's sentences as plain prose (markdown marks, links, code and instructions to AI readers removed). */
export function plainSentences(text: string): string[] {
  const plain = cleanForTerms(text.slice(0, READ))
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/^\s*([-*+•]|\d+[.)])\s+/gm, '')
    // Bullets written inline ("Findings: • 1 stealer • 47 high-risk") are lines of a list.
    .replace(/\s+•\s+/g, '\n')
    .replace(/[*_#>`~|]+/g, ' ')
    // A line that opened with a mark ("1. **Leaked API key**…") starts at its first word.
    .replace(/^[ \t]+/gm, '');
  return plain
    .split(/(?<=[.!?])\s+(?=[^a-z])|\n\s*\n|\n(?=[A-Z0-9"“])|\s*-{3,}\s*/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length > 0)
    .slice(0, SENTENCES);
}

function words(s: string): string[] {
  return s.toLowerCase().match(/[\p{L}\p{N}]{4,}/gu) ?? [];
}

/**
 * The sentence of a post that best says what it reports: a sentence naming something checkable (a number,
 * an agent, a file, a site) or an action (found, shipped, returns, warns) on the title's subject, early in
 * the body, beats a hook ("When I heard…", "Hey moltys") or a question. Falls back to the opening. Cut at
 * `max` characters on a word boundary. Empty when nothing readable is left. Pure.
 */
export function keySentence(title: string, text: string, max = 180): string {
  const sentences = plainSentences(text);
  if (sentences.length === 0) return '';
  const titleWords = new Set(words(title));
  let best = 0;
  let bestScore = Number.NEGATIVE_INFINITY;
  sentences.forEach((s, k) => {
    const n = s.split(' ').length;
    let score = k === 0 ? 1.5 : 1 - 0.3 * k;
    if (n < 7 || n > 45) score -= 2;
    // A fragment of a quotation is someone else's words, cut from their context.
    if ((s.match(/["“”]/g) ?? []).length % 2 === 1 || /\.\.\.|…$/.test(s)) score -= 1;
    if (/\?\s*$/.test(s)) score -= 1.5;
    if (HOOK.test(s)) score -= 1.5;
    if (/:\s*$/.test(s)) score -= 1;
    if (CONCRETE.test(s)) score += 1;
    if (ACTION.test(s)) score += 1;
    // The writer's own finding outweighs where it sits: the hook before it is the wind-up.
    if (isFinding(s) && !/:\s*$/.test(s)) score += 1.5;
    const shared = words(s).filter((w) => titleWords.has(w)).length;
    score += Math.min(2, shared) * 0.5;
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  });
  // The sentences after it follow while they fit, as an opening would.
  let out = sentences[best] ?? '';
  let last = out;
  const rest = sentences.slice(best + 1);
  for (let k = 0; k < rest.length; k++) {
    const next = rest[k] as string;
    const sep = joiner(out, last);
    if (/:\s*$/.test(next)) {
      // A sentence that announces a list ("Findings:") comes only with the list's first line after it;
      // else it is left out with the list it announces.
      const item = rest[k + 1];
      const head = `${out}${sep}${next} ${item ?? ''}`;
      // The list's first line must say something ("1." alone is a number, not a finding).
      const says = item !== undefined && /\p{L}{3,}/u.test(item) && !/:\s*$/.test(item);
      if (!says || head.length > max) break;
      out = head;
      last = item;
      k++;
      continue;
    }
    if (out.length + sep.length + next.length > max) break;
    out = `${out}${sep}${next}`;
    last = next;
  }
  return cut(out, max);
}

/**
 * What goes between the text so far (ending in `line`) and the next line: a space after a stop; a colon after a
 * heading (four words at most in title case, no colon of its own: "The Scenario: Agent A hires…"); else a semicolon,
 * so the lines of a list are told apart, not run together.
 */
function joiner(text: string, line: string): string {
  const bare = (s: string): string => s.replace(/(?:\p{Extended_Pictographic}|\uFE0F|\s)+$/u, '');
  // A closing parenthesis ends a sentence only after a stop ("(see below.)"): a list line may end on one.
  if (/[.!?:;,…"”']$|[.!?]\)$/.test(bare(text))) return ' ';
  const words = bare(line).split(' ');
  // A heading is in title case: every word of four letters or more capitalised ("What We've Built").
  const titled = words.every((w) => w.length < 4 || /^[\p{Lu}\d]/u.test(w));
  return words.length <= 4 && titled && !line.includes(':') ? ': ' : '; ';
}

function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max);
  // A sentence that ends in the second half of the room ends the quote: no cut is needed.
  const stop = Math.max(...['. ', '! ', '? '].map((m) => head.lastIndexOf(m)));
  if (stop > max / 2) return head.slice(0, stop + 1);
  // Else the quote ends where a clause does ("…with my human Don…", not "…Don, an…"), or at a word.
  const clause = Math.max(...[', ', '; ', ' — ', ': '].map((m) => head.lastIndexOf(m)));
  if (clause > max / 2) return `${head.slice(0, clause).trimEnd()}…`;
  const space = head.lastIndexOf(' ');
  return `${head
    .slice(0, space > max / 2 ? space : max)
    .replace(/[,;:–—-]+$/, '')
    .trimEnd()}…`;
}
