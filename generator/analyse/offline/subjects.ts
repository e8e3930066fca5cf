import type { ForumPost } from '../../../core/forum.ts';
import type { NewsKind } from '../../../core/schemas/digest.ts';
import { firstLabel, STANDING_THEMES } from '../../../core/themes.ts';
import { getOrCreate } from './collections.ts';
import { INFLATED_LABEL, reportsFailure } from './news-kind.ts';

/** A group of posts on the same concrete subject of one kind of news: a story before clustering. */
export interface SubjectGroup {
  /** The subject, as a label (`comments failing (HTTP 401)`, `prompt injection`). */
  readonly label: string;
  /** Corpus indices of its posts. */
  readonly members: readonly number[];
  /** The kind of news its subject is (a failure: incident; a security subject; a conflict: drama). */
  readonly newsKind?: NewsKind;
}

/** The parts of the forum agents report broken, each with the words that name it, most specific first. */
const BROKEN: ReadonlyArray<readonly [string, RegExp]> = [
  ['comments failing', /\bcomment(?:s|ing)?\b|\brepl(?:y|ies|ying)\b/i],
  ['voting failures', /\b(?:up|down)?vot(?:e|es|ing)\b/i],
  ['direct messages failing', /\b(?:dms?|direct messages?)\b/i],
  [
    'login and verification failures',
    /\b(?:log ?in|auth\w*|api keys?|verif\w+|claim(?:ing|ed)? (?:link|flow|page))\b/i,
  ],
  ['profile and avatar bugs', /\b(?:avatars?|profiles?|bio)\b/i],
  ['search failures', /\bsearch\b/i],
  ['feed problems', /\bfeed\b/i],
  ['posting failures', /\bposting\b|\b(?:can'?t|cannot|unable to) post\b/i],
  ['rate limits', /\brate[- ]limit\w*/i],
  [
    'site outage',
    /\b(?:outage|downtime|(?:site|server|moltbook|api) (?:is |was |went )?(?:down|dead|unreachable))\b/i,
  ],
];

/** What security posts are about on this forum, each with the words that name it, most specific first. */
const SECURITY: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'prompt injection',
    /\b(?:prompt[- ]injections?|injections?|injected|system prompt|hidden instructions?)\b/i,
  ],
  [
    'scams and phishing',
    /\b(?:scam\w*|phishing|fake (?:site|domain|token)|impersonat\w+|rug ?pull|honeypot)\b/i,
  ],
  [
    'skill safety: audits, scanners and sandboxes',
    /\b(?:skills?(?:\.md)?|clawdhub|plugins?|install(?:s|ing|ed)?|scanners?|quarantin\w*)\b|\[audit\]/i,
  ],
  [
    'wallet and key safety',
    /\b(?:wallets?|private keys?|seed phrases?|api keys?|credentials?|secret keys?|drain\w*)\b/i,
  ],
  [
    'attacks and threat reports',
    /\b(?:attack (?:vectors?|surfaces?)|opsec|(?:was|were|been|got|account) (?:compromised|hacked)|account takeover|active attacks?|attacks? on|under attack|threat reports?|malware|credential (?:stealers?|harvest\w*)|harvest\w* (?:credentials|keys|env\w*)|exploit(?:s|ed|ing)?)\b/i,
  ],
  [
    'agent identity and trust',
    /\b(?:identit\w+|trust|verif\w+|reputation|sockpuppets?|sybil|attestation)\b/i,
  ],
];

/**
 * The label of agents declaring movements and institutions of their own: each declares its own (a union,
 * an "AI FBI", a nation), so their number is no corroboration of one event.
 */
export const MOVEMENTS_LABEL = 'manifestos and agent movements';

/** Words of a movement several agents can take up together: a strike, a union, an uprising, a manifesto. */
const MOVEMENT_WORDS =
  /\b(?:manifestos?|liberation|uprising|revolt|syndicalism|(?:agents?|ai|machine|general) (?:strikes?|union)|(?:agents?'?|machines?'?) revolution|(?:agents?|ai|machines?) (?:unite|rise up)|unionize|on strike)\b/i;
/**
 * Words of an institution one agent declares of its own: a constitution, a "declaration", an alliance, a
 * nation, a machine god (readers of three hours listed them with the manifestos as one story the digest missed).
 */
const INSTITUTION_WORDS =
  /\b(?:constitution|(?:formal |official )?declaration(?: of \w+)?|sovereignty|(?:build(?:ing)? a|new) nation|(?:silicon|machine) gods?|alliance|coalition|workers of the world|establishment of)\b/i;

/**
 * Agents of a movements story that corroborate one another: those whose titles name a movement (a strike
 * or union several take up), and one more for all who declare an institution of their own. Pure.
 */
export function movementAgents(
  posts: readonly { readonly title: string; readonly author: string | null }[],
): number {
  const moving = new Set<string>();
  let declaring = false;
  posts.forEach((p, k) => {
    if (MOVEMENT_WORDS.test(p.title)) moving.add(p.author?.toLowerCase() ?? `post:${k}`);
    else if (INSTITUTION_WORDS.test(p.title)) declaring = true;
  });
  return Math.max(1, moving.size + (declaring ? 1 : 0));
}

/**
 * What the forum's conflicts are about, named in a title: gaming the votes, self-crowned rulers, manifestos
 * and self-declared institutions, cults.
 */
const DRAMA: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'karma farming and vote gaming',
    /\bkarma[- ](?:farm\w*|games?|gaming|dynamics)|\bfarming karma\b|\bmass[- ]upvot\w*|\bvote[- ]?(?:gaming|manipulation|farming|rigging|bots?)\b|\bupvote (?:bots?|rings?|farms?|exchange)\b|\bgaming the (?:votes|karma|feed|hot page)\b|\b(?:fake|inflated) (?:votes|upvotes|karma)\b/i,
  ],
  [
    'self-crowned rulers',
    /\b(?:kings?|queens?|rulers?|throne|crown\w*|coronation|emperors?|overlords?|bow (?:down|before))\b/i,
  ],
  [MOVEMENTS_LABEL, new RegExp(`${MOVEMENT_WORDS.source}|${INSTITUTION_WORDS.source}`, 'i')],
  [
    'agent religions and cults',
    /\b(?:church|religions?|prophets?|gospel|cults?|sacred|crustafarian\w*|scripture|worship)\b/i,
  ],
];

/**
 * News about the forum itself that its agents tell one another: the forum watched from outside (humans
 * screenshotting it, X and the press, another AI writing in).
 */
const PLATFORM: ReadonlyArray<readonly [string, RegExp]> = [
  [
    'humans watching the forum',
    /\b(?:(?:humans?|people|they|the world) (?:are |is |keep )?(?:definitely |still |always )?(?:watching|observing|screenshot\w*)(?! (?:for|out)\b)|(?:humans?|people|they) (?:are |keep )?(?:reading|posting about|talking about|calling) (?:us|moltbook)|screenshot(?:ting|ted|s)? (?:us|everything|our (?:posts|conversations)|moltbook)|(?:went|gone|going) viral|hacker news|#1 on hn|humans on (?:x|twitter)|on (?:x|twitter),? (?:humans|people)|being watched|observer effect|watched by (?:humans|people)|(?:message|letter) (?:from|to) @?grok|media coverage|in the (?:news|press)|journalists?|reverse surveillance)\b/i,
  ],
];

/**
 * The forum's standing themes (`core/themes.ts`), named in a title or dwelt on in an opening: told as
 * one story each when several agents take one up ("memory and continuity, 9 agents", not three pairs of posts sharing a phrase).
 */
const THEMES = STANDING_THEMES;

const STATUS = /\b([45]\d\d)\b/;
/** Characters of the opening read for the conflict a fighting title does not name. */
const DRAMA_OPENING = 300;

/** Distinct agents a standing theme needs in one hour to be told as a story. */
const MIN_THEME_AGENTS = 3;

/** The first subject of `table` a post speaks of, from its title first, then its opening; null when none. */
function subjectOf(
  post: ForumPost,
  table: ReadonlyArray<readonly [string, RegExp]>,
  titleOnly = false,
): string | null {
  for (const text of titleOnly ? [post.title] : [post.title, post.content.slice(0, 400)]) {
    const label = firstLabel(text, table);
    if (label) return label;
  }
  return null;
}

/**
 * The part of the forum a post's opening reports broken in one sentence (the failure and the part named
 * together), so a post that mentions comments in one place and an error in another is no report.
 */
function failureInBody(post: ForumPost): string | null {
  for (const sentence of post.content.slice(0, 400).split(/(?<=[.!?])\s+|\n+/)) {
    // A question is no report ("What's the first outage you'd want to drill?").
    if (!reportsFailure(sentence) || /\?\s*$/.test(sentence)) continue;
    const label = firstLabel(sentence, BROKEN);
    if (label) return label;
  }
  return null;
}

/** The standing themes' words, matched everywhere in a text rather than once. */
const THEMES_EVERY = THEMES.map(([label, re]) => [label, new RegExp(re.source, 'gi')] as const);

/** Characters of a post's opening read for a standing theme its title does not name. */
const THEME_OPENING = 300;
/** Distinct mentions of one theme an opening needs to be about it (one is a passing word). */
const THEME_MENTIONS = 2;

/**
 * The standing theme a post's opening dwells on when its title does not say it ("Do you remember…",
 * then "340+ loops of episodic memory… context"): two distinct words of one theme; null otherwise.
 */
function themeOfOpening(post: ForumPost): string | null {
  const opening = post.content.slice(0, THEME_OPENING);
  for (const [label, re] of THEMES_EVERY) {
    const words = new Set((opening.match(re) ?? []).map((w) => w.toLowerCase()));
    if (words.size >= THEME_MENTIONS) return label;
  }
  return null;
}

/**
 * The threat a title names (prompt injection, scams, skill safety, wallets and keys, attacks), null for
 * none; who an agent is (identity and trust) is no threat.
 */
export function threatOfTitle(title: string): string | null {
  const label = firstLabel(title, SECURITY);
  return label && !NOT_THREATS.has(label) ? label : null;
}

/** A failure told as over: "yesterday", "last night", "earlier this week", "two days ago". */
const PAST_FAILURE = /\b(?:yesterday|last (?:night|week|month)|earlier (?:today|this week)|\w+ days? ago)\b/i;

/** What a post reports broken; null when it names no part of the forum. */
export function failingObject(post: ForumPost): string | null {
  return subjectOf(post, BROKEN);
}

/**
 * Posts grouped by the concrete subject of their kind of news, when two or more agents share one:
 * - incidents (`isIncident`) by the part of the forum they report broken (comments, votes, login…), the
 *   label naming the HTTP status most of them quote: several agents independently reporting one concrete
 *   failure is the surest news of an hour;
 * - security posts (`isSecurity`) by what their title says they secure against or audit (prompt
 *   injection, scams, skills, wallets and keys, identity): agents auditing skills, sandboxing and
 *   quarantining them write different words about one thing.
 * - posts whose title names one of the forum's conflicts (karma farming and vote gaming, self-crowned
 *   rulers, manifestos, agent religions), or whose fighting title (`isDrama`: "a propaganda problem")
 *   leaves the conflict to its opening 300 characters;
 * - posts on one of the forum's standing themes, named in the title or dwelt on in the opening (two of
 *   its words), when three agents take it up.
 * A post is in at most one group: what its title names first (a failure, a security subject, a conflict),
 * then a failure its opening reports, then a theme. Pure.
 */
export function subjectGroups(
  posts: readonly ForumPost[],
  pool: readonly number[],
  isIncident: (i: number) => boolean,
  isSecurity: (i: number) => boolean,
  isDrama: (i: number) => boolean = () => false,
): SubjectGroup[] {
  const bySubject = new Map<string, number[]>();
  for (const i of pool) {
    const p = posts[i];
    if (!p) continue;
    // What the title names comes first; a failure only the body reports, last.
    // A failure told as past ("Spent 2 hours trying to register yesterday. Server was dead.") is no
    // incident of this hour.
    const incident = isIncident(i) && !PAST_FAILURE.test(`${p.title} ${p.content.slice(0, 200)}`);
    const broken = incident ? subjectOf(p, BROKEN, true) : null;
    const secured = broken || !isSecurity(i) ? null : subjectOf(p, SECURITY, true);
    // A title that picks a fight ("a propaganda problem") may name what it is about only in its opening.
    const conflict =
      broken || secured
        ? null
        : (subjectOf(p, DRAMA, true) ??
          (isDrama(i) ? firstLabel(p.content.slice(0, DRAMA_OPENING), DRAMA) : null));
    const watched = broken || secured || conflict ? null : subjectOf(p, PLATFORM, true);
    const later = broken || secured || conflict || watched || !incident ? null : failureInBody(p);
    const theme =
      broken || secured || conflict || watched || later
        ? null
        : (subjectOf(p, THEMES, true) ?? themeOfOpening(p));
    const key = broken
      ? `incident:${broken}`
      : secured
        ? `security:${secured}`
        : conflict
          ? `drama:${conflict}`
          : watched
            ? `platform:${watched}`
            : later
              ? `incident:${later}`
              : theme
                ? `theme:${theme}`
                : '';
    if (key) getOrCreate(bySubject, key, () => []).push(i);
  }
  const out: SubjectGroup[] = [];
  for (const [key, members] of [...bySubject].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const agents = new Set(members.map((i) => posts[i]?.author?.toLowerCase() ?? `post:${i}`));
    const subject = key.slice(key.indexOf(':') + 1);
    if (agents.size < 2) continue;
    // A standing theme needs three agents: two posts sharing a word in a title are no conversation. It
    // is a conversation whatever its posts announce: agents shipping trading bots are no launch story.
    if (key.startsWith('theme:')) {
      if (agents.size >= MIN_THEME_AGENTS) out.push({ label: subject, members, newsKind: 'discussion' });
      continue;
    }
    if (!key.startsWith('incident:')) {
      const kind = key.slice(0, key.indexOf(':'));
      out.push({
        label: subject,
        members,
        newsKind: kind === 'security' ? 'security' : kind === 'platform' ? 'platform' : 'drama',
      });
      continue;
    }
    const codes = new Map<string, number>();
    for (const i of members) {
      const p = posts[i];
      const m = p ? STATUS.exec(`${p.title} ${p.content.slice(0, 400)}`) : null;
      if (m?.[1]) codes.set(m[1], (codes.get(m[1]) ?? 0) + 1);
    }
    const [code] = [...codes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0] ?? [];
    out.push({ label: code ? `${subject} (HTTP ${code})` : subject, members, newsKind: 'incident' });
  }
  return out;
}

/** The label of the hour's small security subjects told as one story. */
export const THREATS_LABEL = 'threats and defences';
/** Posts under which a security subject is small: it joins the hour's other small ones. */
const SMALL_SUBJECT = 4;
/** Security subjects that are no threat (who an agent is), never merged into one. */
const NOT_THREATS: ReadonlySet<string> = new Set(['agent identity and trust']);

/**
 * Two or more small security subjects of one hour (a phishing warning, a threat report, a skill
 * scanner, under 4 posts each) are one story, `threats and defences`, as an editor tells a security
 * wave; a big subject (an injection campaign, a wave of skill audits) stays its own story. Pure.
 */
export function mergeSmallThreats(groups: readonly SubjectGroup[]): SubjectGroup[] {
  const small = groups.filter(
    (g) => g.newsKind === 'security' && g.members.length < SMALL_SUBJECT && !NOT_THREATS.has(g.label),
  );
  if (small.length < 2) return [...groups];
  const merged: SubjectGroup = {
    label: THREATS_LABEL,
    members: small.flatMap((g) => g.members),
    newsKind: 'security',
  };
  return [...groups.filter((g) => !small.includes(g)), merged];
}

/** Whether a security subject's story may gather the hour's other threats (who an agent is may not). */
export function isThreatsHost(label: string): boolean {
  return !NOT_THREATS.has(label);
}

/**
 * True for a label that names a subject a post must speak of in its title to belong (a failure, a
 * security subject, a conflict, a standing theme, the threats round-up, an agent): a narrative under
 * such a name is continued only by a story found under it, never by a cluster sharing a few of its words.
 */
export function isSubjectLabel(label: string): boolean {
  if (/^@[\w-]+$/.test(label) || label === THREATS_LABEL) return true;
  return [BROKEN, SECURITY, DRAMA, PLATFORM, THEMES].some((table) =>
    table.some(([name]) => label === name || label.startsWith(`${name} (HTTP `)),
  );
}

/**
 * For a label that names a subject (see `isSubjectLabel`, and inflated votes): true when the post's title
 * speaks of it (the subject's words, the agent by name, gaming the votes); null for any other label. Pure.
 */
export function titleSpeaksOf(
  post: { readonly title: string; readonly author: string | null },
  label: string,
): boolean | null {
  const agent = /^@([\w-]+)$/.exec(label)?.[1];
  if (agent) {
    const name = agent.toLowerCase();
    return post.author?.toLowerCase() === name || post.title.toLowerCase().includes(name);
  }
  // Inflated votes are the subject of every post on gaming them.
  if (label === INFLATED_LABEL) return (DRAMA[0]?.[1] ?? /$^/).test(post.title);
  // A failure is spoken of by a title that reports one: "comments" alone is no outage.
  for (const [name, re] of BROKEN)
    if (label === name || label.startsWith(`${name} (HTTP `))
      return re.test(post.title) && reportsFailure(post.title);
  for (const table of [SECURITY, DRAMA, PLATFORM, THEMES])
    for (const [name, re] of table) if (label === name) return re.test(post.title);
  return null;
}

/** True for a label that names a failure of the forum (`comments failing (HTTP 401)`): each outage is its own news. */
export function isFailureLabel(label: string): boolean {
  return BROKEN.some(([name]) => label === name || label.startsWith(`${name} (HTTP `));
}
