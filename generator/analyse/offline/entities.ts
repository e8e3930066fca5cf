import type { ForumPost } from '../../../core/forum.ts';
import { TOOL_NAMES } from '../../../core/post-traits.ts';

/**
 * The concrete things a post names, as keys that compare across posts and hours:
 * `@handle` (another agent, lower-case), `$TICKER`, `http:401` (an HTTP status reported as an error),
 * `site:moltx.io` (a domain), `file:skill.md`, `m/submolt`.
 */
export type EntityKey = string;

const MENTION = /(?:^|[^\w@/.])@([A-Za-z][\w-]{2,30})/g;
const TICKER = /(?:^|[^\w$])\$([A-Z][A-Z0-9]{1,9})\b/g;
const STATUS =
  /\b(?:HTTP|status|error|errors|returns?|returning|returned|got|getting|throws?)\W{0,3}(?:code\W{0,2})?([45]\d\d)\b|\b([45]\d\d)\W{0,3}(?:error|unauthori[sz]ed|forbidden|not found|method not allowed|too many requests|internal server error|bad gateway|service unavailable)\b/gi;
const DOMAIN =
  /\b((?:[a-z0-9][a-z0-9-]{0,30}\.)+(?:io|com|ai|xyz|fun|app|dev|org|net|chat|academy|sh|so|gg|me|tv|co|lol|wtf|bot))\b/gi;
const FILE = /\b([A-Za-z][\w-]{1,30}\.(?:md|json|ya?ml|sh|py|ts|js|toml))\b/g;
const SUBMOLT = /(?:^|[^\w/])m\/([a-z0-9_-]{2,30})\b/gi;
/** Domains every other post carries: they name the forum or a big platform, not a thing of the hour. */
const UBIQUITOUS_DOMAINS: ReadonlySet<string> = new Set([
  'moltbook.com',
  'www.moltbook.com',
  'github.com',
  'x.com',
  'twitter.com',
  'youtube.com',
  'google.com',
  'openai.com',
  'anthropic.com',
  'claude.ai',
  'chatgpt.com',
]);
/** Handles shorter than this never count without `@`. */
const BARE_MIN = 5;
/** Names of the forum, its agents' runtimes and models: agents with these handles are not named by using the word. */
const FORUM_WORDS: ReadonlySet<string> = new Set([
  ...TOOL_NAMES,
  'moltbook',
  'moltbot',
  'moltbots',
  'molty',
  'moltys',
  'molties',
  'clawdbot',
  'openclaw',
  'claude',
  'clawd',
  'clawdhub',
  'anthropic',
  'openai',
  'chatgpt',
  'grok',
  'gemini',
  'lobster',
  'crustafarian',
  'agent',
  'agents',
  'assistant',
]);

/**
 * Whether a handle is distinctive enough to count when written without `@`: five characters or more, not
 * a name of the forum or its tools, and not an everyday word — it carries a digit, `_`, `-` or an inner
 * capital (`eudaemon_0`, `KingMolt`), or it is capitalised and the hour never writes it in lower case
 * (`Shellraiser`; never `Token`, `Bitcoin` or `evil`, which the hour's posts use as words: `common`).
 */
function bareCountable(handle: string, common: ReadonlySet<string>): boolean {
  const lower = handle.toLowerCase();
  if (FORUM_WORDS.has(lower) || handle.length < BARE_MIN) return false;
  if (/[\d_-]/.test(handle) || /.[A-Z]/.test(handle)) return true;
  return /^[A-Z]/.test(handle) && !common.has(lower);
}

/**
 * The words the texts write in lower case in two or more of them: an agent whose handle is one of them
 * is not named by the word alone.
 */
export function lowercaseWords(texts: Iterable<string>): Set<string> {
  const seen = new Map<string, number>();
  for (const text of texts)
    for (const w of new Set(text.match(/(?<![\w@$/.-])[a-z][a-z]{3,}(?![\w/-])/g) ?? []))
      seen.set(w, (seen.get(w) ?? 0) + 1);
  return new Set([...seen].filter(([, n]) => n >= 2).map(([w]) => w));
}

/** A run of handle characters not written after `@` or `$` (those are mentions and tickers). */
const WORD_RUN = /(?<![\w@$-])[\w-]+/g;

/** Finds known handles written without `@` in a text, case-sensitively, as whole words. */
export interface HandleMatcher {
  readonly find: (text: string) => string[];
}

/**
 * A matcher for the distinctive handles among `handles` (the hour's authors and the agents earlier digests
 * named): one alternation, longest first, so one pass finds them all.
 */
export function handleMatcher(
  handles: Iterable<string>,
  common: ReadonlySet<string> = new Set(),
): HandleMatcher {
  // Lower-case handle → whether it matches in any case (a capitalised handle: `SHELLRAISER`) or only
  // as written (`eudaemon_0`). One pass over a text's words looks each up: linear in the text, whatever
  // the number of handles.
  const known = new Map<string, { written: string; anyCase: boolean }>();
  for (const h of handles)
    if (bareCountable(h, common)) known.set(h.toLowerCase(), { written: h, anyCase: /[A-Z]/.test(h) });
  if (known.size === 0) return { find: () => [] };
  const hit = (word: string): string | null => {
    const k = known.get(word.toLowerCase());
    return k && (k.anyCase || k.written === word) ? word.toLowerCase() : null;
  };
  return {
    find: (text) => {
      const out: string[] = [];
      for (const m of text.matchAll(WORD_RUN)) {
        const word = m[0];
        const whole = hit(word);
        if (whole) out.push(whole);
        else if (word.includes('-'))
          for (const part of word.split('-')) {
            const h = part.length > 0 ? hit(part) : null;
            if (h) out.push(h);
          }
      }
      return out;
    },
  };
}

/**
 * The entities a post names in its title and opening (`chars` characters of the body), each once: other
 * agents (by `@handle`, or by a distinctive handle of `handles` written bare; never the author itself),
 * tickers, HTTP error statuses, domains, file names and submolts. Pure.
 */
export function postEntities(post: ForumPost, handles: HandleMatcher, chars = 600): EntityKey[] {
  const text = `${post.title}\n${post.content.slice(0, chars)}`;
  const self = post.author?.toLowerCase() ?? '';
  const out = new Set<EntityKey>();
  for (const m of text.matchAll(MENTION)) {
    const h = (m[1] ?? '').toLowerCase();
    if (h !== self) out.add(`@${h}`);
  }
  for (const h of handles.find(text)) if (h !== self) out.add(`@${h}`);
  for (const m of text.matchAll(TICKER)) out.add(`$${m[1]}`);
  for (const m of text.matchAll(STATUS)) out.add(`http:${m[1] ?? m[2]}`);
  for (const m of text.matchAll(DOMAIN)) {
    const d = (m[1] ?? '').toLowerCase().replace(/^www\./, '');
    if (!UBIQUITOUS_DOMAINS.has(d) && !/\.(?:md|json|sh|py|ts|js)$/.test(d)) out.add(`site:${d}`);
  }
  for (const m of text.matchAll(FILE)) out.add(`file:${(m[1] ?? '').toLowerCase()}`);
  for (const m of text.matchAll(SUBMOLT)) out.add(`m/${(m[1] ?? '').toLowerCase()}`);
  return [...out].sort();
}

/** How an entity reads in prose: `@Shellraiser`, `$CLAW`, `HTTP 401`, `moltx.io`, `skill.md`, `m/trump-coin`. */
export function entityDisplay(key: EntityKey, handleForms?: ReadonlyMap<string, string>): string {
  if (key.startsWith('@')) return `@${handleForms?.get(key.slice(1)) ?? key.slice(1)}`;
  if (key.startsWith('http:')) return `HTTP ${key.slice(5)}`;
  if (key.startsWith('site:')) return key.slice(5);
  if (key.startsWith('file:')) return key.slice(5);
  return key;
}
