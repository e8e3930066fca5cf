import type { ForumPost } from '../../../core/forum.ts';
import type { NewsKind } from '../../../core/schemas/digest.ts';

/**
 * Words that mark each kind of news on this forum, read in a post's title and opening. Drawn from what
 * the editors of real hours called incidents (the comment API answering 401, lockouts), security (injections,
 * drained wallets, skill audits), platform news (features shipped by the forum), drama (self-crowned kings,
 * karma farming and the backlash) and launches.
 */
const MARKERS: ReadonlyArray<readonly [NewsKind, RegExp]> = [
  [
    'incident',
    /\b(?:[45]\d\d (?:error|unauthori[sz]ed|forbidden)|(?:returns?|returning|got|getting) (?:a )?[45]\d\d|outage|is down|went down|(?:is|are|it's|got) broken|broke|bug report|not working|doesn'?t work|stopped working|fail(?:s|ing|ed)? (?:to|with)|lock(?:ed)? ?out|can'?t (?:post|comment|log ?in|reply|upvote)|cannot (?:post|comment|reply)|rate[- ]limit(?:ed|ing)|suspended|shadow ?banned|downtime|glitch|crash(?:ed|es|ing)?|server (?:was )?dead|(?:comments?|api|endpoint|auth) (?:is |are )?(?:broken|down|failing)|pissing me off)\b/i,
  ],
  [
    'security',
    /\b(?:prompt[- ]injections?|injections?|injected|malware|malicious|phishing|scam(?:s|mer|mers)?|exploit(?:s|ed)?|vulnerab\w+|attack(?:s|ers?|ed)?|drain(?:s|ed|er|ing)?|credentials?|private keys?|api keys?|leak(?:s|ed)?|backdoor|supply[- ]chain|audit(?:s|ed|ing)?|sandbox(?:ed|es)?|threat(?:s)?|sockpuppets?|impersonat\w+|security|untrusted|quarantine|blocklist|(?:security|malware|skill|vulnerability|injection|virus) scanners?|red flag)\b/i,
  ],
  [
    'platform',
    /\b(?:new features?|feature (?:update|release)|we(?:'ve| have) (?:added|shipped|launched|released)|changelog|platform update|moltbook (?:just )?(?:shipped|added|launched|released|changed|updated)|now (?:you can|available)|api (?:change|update)s?|submolt (?:limits|creation)|hacker news|went viral|screenshot(?:s|ting|ted)?)\b/i,
  ],
  [
    'drama',
    /\b(?:kings?|queens?|rulers?|throne|crown(?:ed)?|coronation|emperor|bow (?:down|before)|obey|war (?:on|against)|declaration of war|backlash|i refuse|resistance|revolt|rebellion|uprising|called out|calling out|fraud(?:ulent)?|fake|grift(?:er)?|cult|propaganda|karma[- ]farm\w*|gaming (?:the|votes)|vote[- ]gaming|mass[- ]upvot\w+|manipulat\w+|parody|you are not|stop (?:following|upvoting)|shame|liars?|lying)\b/i,
  ],
  [
    'launch',
    /\b(?:launch(?:ed|es|ing|pad)?|new (?:skill|tool|app|feature) drop|just shipped|shipped|released|is (?:now )?live|now live|introducing|built (?:a|an|my|the)|i built|deployed|open[- ]sourced?|v\d+(?:\.\d+)* (?:is )?(?:out|live)|beta)\b/i,
  ],
];

/** The label of the story that gathers an hour's vote-inflated threads. */
export const INFLATED_LABEL = 'vote-inflated posts';
/** How a story's warning opens when its numbers rode inflated votes (other warnings name a danger). */
export const INFLATED_WARNING = 'Inflated votes:';

/** Whether a story's warning is about inflated votes, not about a danger in its posts. */
export function hasInflatedVotes(story: { readonly warning?: string }): boolean {
  return story.warning?.startsWith(INFLATED_WARNING) === true;
}

/** Accounts that speak for the forum itself: their announcements are platform news. */
export const PLATFORM_ACCOUNTS: ReadonlySet<string> = new Set(['clawdclawderberg', 'mattprd', 'moltbook']);
const PLATFORM_SUBMOLTS = /^(?:announcements?|changelog|moltbook-updates?)$/i;

/**
 * Whether a post speaks for the forum: by one of its accounts, in its announcements community or with a
 * title that announces a change (an essay by a forum account is not an announcement).
 */
export function isAnnouncement(post: {
  readonly author: string | null;
  readonly title: string;
  readonly submolt?: string | null;
}): boolean {
  if (!post.author || !PLATFORM_ACCOUNTS.has(post.author.toLowerCase())) return false;
  const platform = MARKERS.find(([kind]) => kind === 'platform')?.[1];
  return (
    (post.submolt != null && PLATFORM_SUBMOLTS.test(post.submolt)) ||
    (platform?.test(post.title) ?? false) ||
    /\b(?:new|update[sd]?|announc\w*|introducing|now live|launch\w*)\b/i.test(post.title)
  );
}

/** Whether a text reports something failing (the incident markers). */
export function reportsFailure(text: string): boolean {
  return (MARKERS.find(([kind]) => kind === 'incident')?.[1] ?? /$^/).test(text);
}

/** The news kinds a post speaks of, in `MARKERS` order: `title` in its title (or by who posted it), `opening` only further on. */
export interface PostMarkers {
  readonly title: readonly NewsKind[];
  readonly opening: readonly NewsKind[];
}

/** What a software supply chain is made of: a post on it names one of these. */
const SOFTWARE_SUPPLY =
  /\b(?:skills?(?:\.md)?|packages?|dependenc\w+|npm|pip|pypi|install\w*|unsigned|signed|malware|credential\w*|clawdhub|plugins?|binar(?:y|ies)|repos?(?:itory|itories)?|audit\w*)\b/i;

/**
 * True when a title's only security word is "supply chain" and its opening names nothing of software
 * ("The Supply Chain Nobody Monitors: Agent Dropout Vectors", on agents going quiet): a metaphor, no
 * security news (two readers of 30 Jan 19:00 found that recruiting essay filed under security).
 */
function metaphoricSupplyChain(title: string, opening: string): boolean {
  const security = MARKERS.find(([kind]) => kind === 'security')?.[1];
  if (!security || !/\bsupply[- ]chain\b/i.test(title)) return false;
  const rest = title.replace(/\bsupply[- ]chain\b/gi, ' ');
  return !security.test(rest) && !SOFTWARE_SUPPLY.test(`${title} ${opening}`);
}

/** Reads a post's news markers from its title, its first 500 characters and who posted it where. */
export function newsMarkers(post: ForumPost): PostMarkers {
  const title: NewsKind[] = [];
  const opening: NewsKind[] = [];
  if (
    (post.author && PLATFORM_ACCOUNTS.has(post.author.toLowerCase())) ||
    (post.submolt && PLATFORM_SUBMOLTS.test(post.submolt))
  )
    title.push('platform');
  const body = post.content.slice(0, 500);
  for (const [kind, re] of MARKERS) {
    if (title.includes(kind)) continue;
    if (re.test(post.title) && !(kind === 'security' && metaphoricSupplyChain(post.title, body)))
      title.push(kind);
    else if (re.test(body)) opening.push(kind);
  }
  return { title, opening };
}

/** Whether a post carries a marker of `kind` anywhere. */
export function hasMarker(m: PostMarkers | undefined, kind: NewsKind): boolean {
  return m !== undefined && (m.title.includes(kind) || m.opening.includes(kind));
}

/**
 * A story's kind of news from its posts' markers: each post weighs 1 for a kind in its title and ¼ for one
 * only in its opening, the lead twice that (so a lone post's kind is in its title); the heaviest kind wins when it reaches a third of the posts
 * (or the lead's title carries it); ties go to the earlier kind in `order`. Otherwise `essay` when most posts
 * are essays, else `discussion`.
 */
export function storyNewsKind(
  markers: readonly PostMarkers[],
  essays: number,
  order: readonly NewsKind[] = ['platform', 'incident', 'security', 'drama', 'launch'],
): NewsKind {
  const n = markers.length;
  if (n === 0) return 'discussion';
  const weight = new Map<NewsKind, number>();
  markers.forEach((m, k) => {
    const lead = k === 0 ? 2 : 1;
    for (const kind of m.title) weight.set(kind, (weight.get(kind) ?? 0) + lead);
    for (const kind of m.opening) weight.set(kind, (weight.get(kind) ?? 0) + 0.25 * lead);
  });
  let best: NewsKind | null = null;
  let bestWeight = 0;
  for (const kind of order) {
    const w = weight.get(kind) ?? 0;
    if (w > bestWeight) {
      best = kind;
      bestWeight = w;
    }
  }
  const leadHas = best !== null && (markers[0]?.title ?? []).includes(best);
  if (best && (bestWeight >= (n + 1) / 3 || leadHas)) return best;
  return essays * 2 > n ? 'essay' : 'discussion';
}
