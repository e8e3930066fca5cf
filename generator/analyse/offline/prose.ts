import { capitalise, formatCount, formatInt, joinWords } from '../../../core/format.ts';
import type {
  BackgroundItem,
  EngagementAnomaly,
  Hazard,
  Story,
  StoryPost,
} from '../../../core/schemas/digest.ts';
import { BUSIEST_THREADS } from '../../../core/schemas/digest.ts';
import { isThemeLabel } from '../../../core/themes.ts';
import type { VoteFlood } from '../../filter/vote-flood.ts';
import type { HourEngagement } from './engagement.ts';
import { claimsTakeover, isCaution } from './hazards.ts';
import { isReport } from './key-sentence.ts';
import { isLaunchTitle } from './kinds.ts';
import { launchName } from './launch-name.ts';
import { isLaunchRoundup } from './launches.ts';
import { hasInflatedVotes, INFLATED_LABEL, isAnnouncement } from './news-kind.ts';
import { isRecruitingLabel, isRegularLabel } from './regulars.ts';
import { scamTarget } from './scam-warnings.ts';
import { flatTitle } from './story-text.ts';

/** What the title and summary are written from. */
export interface ProseFacts {
  readonly qualityPosts: number;
  /** The hour's stories, most newsworthy first. */
  readonly stories: readonly Story[];
  readonly background: readonly BackgroundItem[];
  readonly anomalies: readonly EngagementAnomaly[];
  readonly engagement: HourEngagement;
  /** Dropped posts that out-voted every quality post, when there were such. */
  readonly flood?: VoteFlood | null;
  /** Posts dangerous to their readers: the summary warns of the first. */
  readonly hazards?: readonly Hazard[];
  /** Post id → its opening in plain words, for the posts the summary may quote (untrusted text). */
  readonly openings?: ReadonlyMap<string, string>;
  /** The hour's busiest organic thread, when it has one: a scattered hour is told by it. */
  readonly busiest?: {
    readonly author: string | null;
    readonly title: string;
    readonly comments: number;
  } | null;
  /** The hour's most-commented organic thread outside the background and the warnings, when it has one. */
  readonly topThread?: {
    readonly postId: string;
    readonly author: string | null;
    readonly title: string;
    readonly comments: number;
  } | null;
  /** The previous hour's headline story's lead, when there was one: the same lead again is told as still leading. */
  readonly previousLead?: {
    readonly postId: string;
    readonly author: string | null;
    readonly title: string;
  } | null;
}

/** What a flood's posts were, in a few words, by the reason the filter dropped them. */
export const FLOOD_WORDS: Readonly<Record<VoteFlood['reason'], string>> = {
  empty: 'empty posts',
  injection: 'posts carrying instructions for AI readers',
  promotion: 'promotional posts',
  spam: 'spam posts',
  duplicate: 'copied posts',
  'near-duplicate': 'near-copies',
  'template-flood': 'posts from one template',
  'author-flood': 'posts beyond their authors’ share',
};

/** The sentence on a vote flood: what the posts were, their votes against the quality posts'. */
export function floodSentence(f: VoteFlood): string {
  const titled =
    f.commonTitleCount > 1 && f.commonTitle !== ''
      ? `, ${formatInt(f.commonTitleCount)} of them titled "${flatTitle(f.commonTitle)}",`
      : '';
  return `Left out of this digest: ${formatInt(f.posts)} ${FLOOD_WORDS[f.reason]}${titled} drew ${formatInt(f.score)} votes between them, more than the ${formatCount(f.qualityPosts, 'quality post')} together (${formatInt(f.keptScore)}): votes that did not follow anything to read.`;
}

const MAX_TITLE = 140;
/** A story label naming posts that hide instructions for AI readers (an injection campaign joined to its story). */
const HIDDEN = /(?:posts hiding|hidden) instructions/;
/** A label that already says something failed (`comments failing (HTTP 401)`, `site outage`). */
/** A title that warns readers of a danger. */
const WARNING =
  /\b(?:warning|psa|beware|careful|attack\w*|malware|malicious|stealer|steal\w*|scam\w*|phishing|exploit\w*|vulnerab\w*|exposed|leak\w*|unsigned|hijack\w*|backdoor\w*)\b/i;
const FAILURE = /\b(?:fail\w*|bugs?|outage|broken|limits?|errors?|down)\b/i;

/** Where a phrase of a title ends: a colon, dash, bar, comma, semicolon, sentence end or " and ". */
const PHRASE_END = /:\s|\s[-—–|]\s|[,;]\s|[.!?]\s|\sand\s/g;
/** Words a cut quote keeps at least. */
const MIN_QUOTE_WORDS = 5;

/**
 * The longest opening of `title` that ends where a phrase ends, fits in `room` characters and keeps five
 * words or more ("2 AM thought: The agent internet has a propaganda problem"); null when none does. Pure.
 */
export function leadingPhrase(title: string, room: number): string | null {
  let best: string | null = null;
  for (const m of title.matchAll(PHRASE_END)) {
    const head = title.slice(0, m.index).trim();
    if (head.length > room) break;
    if (head.split(/\s+/).length >= MIN_QUOTE_WORDS) best = head;
  }
  return best;
}

/** `text` within `max` characters, cut at a word boundary (never mid-word) with an ellipsis. */
function cut(text: string, max = MAX_TITLE): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  const words = space >= max / 2 ? head.slice(0, space) : head;
  return `${words.replace(/[\s,;:—–-]+$/u, '')}…`;
}

/** `@name`, or `an anonymous agent`. */
function who(author: string | null): string {
  return author ? `@${author}` : 'an anonymous agent';
}

/** A lead title that says something on its own: three words or more, not only emoji or punctuation. */
function informative(title: string): boolean {
  return (title.match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []).length >= 3;
}

/** The number as a word up to ten (titles read better with "Four agents" than "4 agents"). */
function countWord(n: number): string {
  const words = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten'];
  return words[n] ?? formatInt(n);
}

function isFlood(s: Story): boolean {
  return s.newsKind === 'campaign' && s.label.startsWith('flood of ');
}

function isAuthorFlood(s: Story): boolean {
  return s.newsKind === 'campaign' && s.label.endsWith("'s post flood");
}

/** A story about one agent that others name (its label is the handle). */
function isAboutAgent(s: Story): boolean {
  return /^@[\w-]+$/.test(s.label);
}

/** The named agent's own post in a story about them, when they posted this hour: what the others answer. */
function agentsOwnPost(s: Story): StoryPost | undefined {
  const handle = s.label.slice(1).toLowerCase();
  return [s.lead, ...s.related].find((p) => p.author?.toLowerCase() === handle);
}

function comments(s: Story, engagement: HourEngagement): string {
  return engagement.state === 'organic' && s.lead.comments > 0
    ? ` (${formatCount(s.lead.comments, 'comment')})`
    : '';
}

/**
 * The hour's title, about its most newsworthy story — who, what, the concrete thing — built for that kind
 * of story rather than from one frame: a flood by its size and accounts, an agent's bait by its thread, an
 * incident by the agents reporting it, a conflict around an agent by those answering it, a platform
 * announcement or a thread by its lead post's own title and author (as news aggregators do).
 */
export function writeTitle(facts: ProseFacts): string {
  const title = headline(facts);
  const s = facts.stories[0];
  const prev = facts.previousLead;
  // The same post heading two hours running is told as such, not with last hour's words again; the same
  // author posting the same title again heads it as a repeat.
  if (!s || !prev || prev.author !== s.lead.author || flatTitle(prev.title) !== flatTitle(s.lead.title))
    return title;
  return cut(`${prev.postId === s.lead.postId ? 'Still leading' : 'Again'}: ${title}`);
}

/**
 * The post after a story's lead that reports a finding when the lead's title reports none (a launch of
 * one's own tool is no finding: "I built a scanner (44 tests passing)"): the title and the summary both
 * speak through it, so the two never lead a story with different posts. Null otherwise.
 */
function titleFinder(s: Story): StoryPost | null {
  const [finder] = s.related;
  return finder && !isReport(s.lead.title) && isReport(finder.title) && !isLaunchTitle(finder.title)
    ? finder
    : null;
}

function headline(facts: ProseFacts): string {
  if (facts.qualityPosts === 0 && facts.stories.length === 0)
    return 'A quiet hour: no posts passed the quality filter';
  const s = facts.stories[0];
  if (!s) {
    const bg = facts.background[0];
    const busiest = facts.busiest;
    // Posts that went their own ways still had a thread people answered: that is the hour's news.
    if (busiest && busiest.comments >= facts.engagement.bar)
      return cut(
        `A scattered hour: ${who(busiest.author)}'s "${flatTitle(busiest.title)}" drew the most replies (${formatCount(busiest.comments, 'comment')})`,
      );
    return bg
      ? `A quiet hour of ${streamCount(bg)} and little else`
      : 'A scattered hour: no story drew several agents';
  }
  const lead = flatTitle(s.lead.title);
  const by = who(s.lead.author);
  if (isFlood(s))
    return cut(
      `${formatInt(s.posts)} copies of "${lead.length > 40 ? `${lead.slice(0, 39)}…` : lead}" from ${formatCount(s.agents, 'account')} swamp the feed`,
    );
  if (isAuthorFlood(s)) return cut(`${by} floods the feed with ${formatCount(s.posts, 'post')}`);
  if (s.label === INFLATED_LABEL) {
    // The two highest scores, each named by its own title: what the inflated posts say is the news.
    const [first, second] = [s.lead, ...s.related].sort((a, b) => b.score - a.score);
    const named = (p: StoryPost) => `${who(p.author)}'s "${flatTitle(p.title)}" (${formatInt(p.score)})`;
    const head = first ? named(first) : `${by}'s "${lead}"`;
    // Titles are never cut mid-phrase: when both do not fit, the second post is named by its author alone.
    const both = `Inflated votes lift ${head}${second ? ` and ${named(second)}` : ''}`;
    return both.length <= MAX_TITLE || !second
      ? cut(both)
      : cut(`Inflated votes lift ${head} and ${who(second.author)}'s post (${formatInt(second.score)})`);
  }
  const attack = HIDDEN.exec(s.label);
  if (attack && s.newsKind === 'security') {
    const others = s.agents - 1;
    const topic = s.label.slice(0, attack.index).replace(/[:\s]+$/, '');
    return cut(
      `${by}'s "${lead}" hides instructions for AI readers${others >= 2 && topic ? `, as ${countWord(others).toLowerCase()} agents take up ${topic}` : ''}`,
    );
  }
  if (s.newsKind === 'campaign' && s.agents === 1)
    return cut(`${by}'s "${lead}" draws ${formatCount(s.lead.comments, 'comment')}`);
  if (s.newsKind === 'incident' && s.agents >= 2)
    return cut(
      `${countWord(s.agents)} agents report ${FAILURE.test(s.label) ? s.label : `trouble with ${s.label}`}: "${lead}"`,
    );
  if (isAboutAgent(s)) {
    const own = agentsOwnPost(s);
    return own && s.agents >= 3
      ? cut(`${countWord(s.agents - 1)} agents answer ${who(own.author)}'s "${flatTitle(own.title)}"`)
      : cut(`${countWord(s.agents)} agents take on ${s.label}: "${lead}"`);
  }
  if (hasInflatedVotes(s) && s.posts === 1)
    return cut(`${by}'s "${lead}" tops the feed on a vote-inflated score of ${formatInt(s.lead.score)}`);
  if (s.newsKind === 'platform' && isAnnouncement(s.lead))
    return cut(`Forum news from ${by}: "${lead}"${comments(s, facts.engagement)}`);
  // A launch by what it launches, in the title's own words: "@Clawler launches moltdev, …".
  const launched = s.newsKind === 'launch' && (s.posts === 1 || s.joined) ? launchName(s.lead.title) : null;
  if (launched)
    return cut(
      `${by} launches ${launched.name}${launched.what ? `, "${launched.what}"` : ''}${comments(s, facts.engagement)}${s.joined ? `, as ${countWord(s.joined.agents).toLowerCase()} more agents pitch coins` : ''}`,
    );
  // A claimed takeover is told as a claim, and as the account's, not its owner's: nobody has checked it.
  if (s.posts === 1 && claimsTakeover(s.lead))
    return cut(
      `A post on ${s.lead.author ? `${by}'s account` : 'an account'} claims it was taken over (unverified): "${lead}"${comments(s, facts.engagement)}`,
    );
  if (s.newsKind === 'security' && s.posts === 1 && WARNING.test(s.lead.title))
    return cut(`${by} warns: "${lead}"${comments(s, facts.engagement)}`);
  if (!informative(s.lead.title))
    return cut(`${capitalise(spoken(s.label))}: ${formatCount(s.agents, 'agent')}, led by ${by}`);
  // Several agents on one subject: the subject heads the line, then who took it up and the lead's words.
  if (s.agents >= 3 && !quoted(s.label)) {
    // A standing theme is talked of every day: the post that led it this hour is the news, the theme its setting.
    const onTheme = `${by}'s "${lead}" leads ${countWord(s.agents).toLowerCase()} agents on ${spoken(s.label)}`;
    if (isThemeLabel(s.label) && onTheme.length <= MAX_TITLE) return onTheme;
    // A post reporting what it found says more than the lead's title does: it heads the line (a launch
    // of one's own tool is no finding: "I built a scanner (44 tests passing)" does not outrank its story's lead).
    const finder = titleFinder(s);
    if (finder) {
      const says = `${capitalise(spoken(s.label))}: ${who(finder.author)} says "${flatTitle(finder.title)}"`;
      const among = `${says}, as ${countWord(s.agents).toLowerCase()} agents weigh in`;
      if (among.length <= MAX_TITLE) return among;
      if (says.length <= MAX_TITLE) return says;
    }
    const head = `${capitalise(spoken(s.label))}: ${countWord(s.agents).toLowerCase()} agents ${s.newsKind === 'launch' ? 'ship' : 'weigh in'}, led by ${by}`;
    const full = `${head}'s "${lead}"`;
    if (full.length <= MAX_TITLE) return full;
    // A quote that does not fit is cut where a phrase ends, or not quoted at all: a quote cut to a word
    // or two says nothing.
    const phrase = leadingPhrase(lead, MAX_TITLE - head.length - 5);
    return phrase ? `${head}'s "${phrase}…"` : cut(head);
  }
  const more =
    quoted(s.label) && s.posts >= 3
      ? `${comments(s, facts.engagement)}, and ${formatCount(s.posts - 1, 'related post')}`
      : comments(s, facts.engagement);
  return cut(`${by}: "${lead}"${more}`);
}

/** One sentence on a story, in the words its kind calls for. */
export function storySentence(
  s: Story,
  engagement: HourEngagement,
  said = '',
  finder: StoryPost | null = null,
): string {
  const lead = `"${flatTitle(s.lead.title)}"`;
  const by = who(s.lead.author);
  const plain = said.replace(/"/g, "'").replace(/[.!?]+$/, '');
  const quote = plain ? `: "${plain}"` : '';
  // A regular poster's gist lists titles that may hold sentence ends of their own: cut before its quote.
  if (s.newsKind === 'campaign' && isRegularLabel(s.label))
    return s.gist.split(' The first opens:')[0] ?? s.gist;
  if (s.newsKind === 'campaign') return s.gist.split(/(?<=[.!?])\s/)[0] ?? s.gist;
  if (s.label === INFLATED_LABEL)
    return `${countWord(s.posts)} posts rode inflated votes to the top: ${joinWords(
      [s.lead, ...s.related].map(
        (p, i) =>
          `${who(p.author)}'s "${flatTitle(p.title)}" (score ${formatInt(p.score)}, ${formatCount(p.comments, 'comment')}${i === 0 && plain ? `; it opens "${plain}"` : ''})`,
      ),
    )}.`;
  const c = comments(s, engagement);
  const attack = HIDDEN.exec(s.label);
  if (attack && s.newsKind === 'security') {
    const topic = s.label.slice(0, attack.index).replace(/[:\s]+$/, '');
    const other = s.related.find((p) => p.author !== s.lead.author);
    const others = s.agents - 1;
    return `${by}'s ${lead} hid instructions for AI readers (score ${formatInt(s.lead.score)}${c ? `, ${formatCount(s.lead.comments, 'comment')}` : ''})${
      others >= 1 && other && topic
        ? `; ${countWord(others).toLowerCase()} other ${others === 1 ? 'agent' : 'agents'} took up ${topic}, among them ${who(other.author)} with "${flatTitle(other.title)}"`
        : ''
    }.`;
  }
  if (s.newsKind === 'incident' && s.agents >= 2)
    return `${countWord(s.agents)} agents reported ${FAILURE.test(s.label) ? s.label : `trouble with ${s.label}`}, among them ${by} with ${lead}${quote}.`;
  if (isAboutAgent(s)) {
    const own = agentsOwnPost(s);
    const other = [s.lead, ...s.related].find((p) => p !== own);
    if (own && other && s.agents >= 3)
      return `${who(own.author)} posted "${flatTitle(own.title)}" (score ${formatInt(own.score)}${
        hasInflatedVotes(s) && [s.lead, ...s.related].every((p) => p.score <= own.score)
          ? ', on inflated votes'
          : ''
      }); ${countWord(s.agents - 1).toLowerCase()} agents answered, among them ${who(other.author)} with "${flatTitle(other.title)}"${other === s.lead ? quote : ''}.`;
    return `${countWord(s.agents)} agents took on ${spoken(s.label)}, among them ${by} with ${lead}${quote}.`;
  }
  if (s.newsKind === 'platform' && isAnnouncement(s.lead))
    return `${by}, speaking for the forum, announced ${lead}${c}${quote}.`;
  // A token launch joined by the hour's coin pitches: the launch, then who else pitched coins.
  if (s.joined) {
    const pitch = s.related.find((p) => p.author !== s.lead.author);
    const head =
      s.lead.comments > 0 && c
        ? `${by}'s ${lead} drew ${formatCount(s.lead.comments, 'comment')}${quote}`
        : `${by} posted ${lead}${quote}`;
    return `${head}; the same hour ${countWord(s.joined.agents).toLowerCase()} other ${s.joined.agents === 1 ? 'agent' : 'agents'} pitched coins or tokens${pitch ? `, among them ${who(pitch.author)} with "${flatTitle(pitch.title)}"` : ''}.`;
  }
  const launched = s.newsKind === 'launch' && s.posts === 1 && !s.warning ? launchName(s.lead.title) : null;
  if (launched)
    return `${by} launched ${launched.name}${launched.what ? `, "${launched.what.replace(/"/g, "'")}"` : ''}${c}${quote}.`;
  if (s.posts === 1)
    return hasInflatedVotes(s)
      ? `${by}'s ${lead} drew ${formatCount(s.lead.comments, 'comment')} on a vote-inflated score of ${formatInt(s.lead.score)}${quote}.`
      : c
        ? `${by}'s ${lead} drew ${formatCount(s.lead.comments, 'comment')}${quote}.`
        : `${by} posted ${lead}${quote}.`;
  if (quoted(s.label)) {
    // The related posts by name, not as a count: a reader sees what stands beside the lead.
    const other = s.related.find((p) => p.author !== s.lead.author);
    if (!other)
      return `${by}'s ${lead}${c} and ${formatCount(s.posts - 1, 'related post')} by ${formatCount(Math.max(1, s.agents - 1), 'other agent')}${quote}.`;
    const more = s.posts - 2;
    return `${by}'s ${lead}${c} and ${who(other.author)}'s "${flatTitle(other.title)}"${more > 0 ? `, among ${formatCount(s.posts - 1, 'related post')}` : ''}${quote}.`;
  }
  const target = scamTarget(s.label);
  if (target !== null) return `${by}'s ${lead}${c} called ${target} a scam${quote}.`;
  const agents = `${countWord(s.agents)} ${s.agents === 1 ? 'agent' : 'agents'}`;
  // A launch story's label is what the launches are about ("funding rate"), or the round-up's own name.
  if (s.newsKind === 'launch')
    return isLaunchRoundup(s.label)
      ? `${agents} launched new tools, led by ${by}'s ${lead}${c}${quote}.`
      : `${agents} shipped work on ${spoken(s.label)}, led by ${by}'s ${lead}${c}${quote}.`;
  const verb = s.newsKind === 'security' ? 'took up' : 'discussed';
  // The post the title quotes (`finder`, the headline story's only) speaks first, then the lead: 07:00's
  // title named @frank69 while its summary opened with another agent's post.
  if (finder)
    return `${agents} ${verb} ${spoken(s.label)}: ${who(finder.author)} says "${flatTitle(finder.title).replace(/"/g, "'")}", and ${by} posted ${lead}${c}${quote}.`;
  return `${agents} ${verb} ${spoken(s.label)}, led by ${by}'s ${lead}${c}${quote}.`;
}

/** A label that is a quoted post title (`“I am born.”`), not a phrase. */
function quoted(label: string): boolean {
  return label.startsWith('“');
}

/**
 * A label as said in a sentence: a subject's name without the gloss after its colon ("skill safety", not
 * "skill safety: audits, scanners and sandboxes"); a quoted title as it is.
 */
function spoken(label: string): string {
  return quoted(label) ? label : (label.split(': ')[0] ?? label).trim();
}

/** A stream's posts counted in words: `143 introductions`, `1 test post`, `12 posts in Chinese`. */
/** Busiest threads from which a background stream's share of the hour's replies is said. */
const BUSY_STREAM = 3;

function streamCount(b: BackgroundItem, flagged = false): string {
  const count = b.label.startsWith('posts ')
    ? `${formatCount(b.posts, 'post')} ${b.label.slice('posts '.length)}`
    : formatCount(b.posts, b.label.replace(/s$/, ''));
  // Background, but where the hour's replies went: a newcomer wave can hold most of the busiest threads.
  // They are counted among the threads whose votes are not flagged: a reader of 06:00 read "9 of the hour's
  // 10 most-answered" beside three flagged threads with thousands of comments as false.
  return (b.busiestThreads ?? 0) >= BUSY_STREAM
    ? `${count} (${b.busiestThreads === BUSIEST_THREADS ? 'all' : b.busiestThreads} of the hour's ${BUSIEST_THREADS} most-answered threads${flagged ? ' not flagged for votes' : ''})`
    : count;
}

/** "Also in the feed: 143 introductions, 35 test posts and 40 token mints." */
export function backgroundSentence(background: readonly BackgroundItem[], flagged = false): string {
  // What the filter set aside is listed in the report's Background, not counted in the summary's line.
  const streams = background.filter((b) => b.stream !== 'set-aside');
  if (streams.length === 0) return '';
  const languages = streams.filter((b) => b.stream === 'other-languages');
  const parts = streams
    .filter((b) => b.stream !== 'other-languages')
    .map((b) => ({ n: b.posts, text: streamCount(b, flagged) }));
  const foreign = languages.reduce((n, b) => n + b.posts, 0);
  if (foreign > 0) {
    const where =
      languages.length === 1
        ? (languages[0] as BackgroundItem).label.replace(/^posts /, '')
        : `in ${formatCount(languages.length, 'other language')}`;
    parts.push({ n: foreign, text: `${formatCount(foreign, 'post')} ${where}` });
  }
  parts.sort((a, b) => b.n - a.n);
  return `Also in the feed: ${joinWords(parts.slice(0, 4).map((p) => p.text))}.`;
}

/** Stories the summary tells by name before any other. */
const TOLD = 3;

/**
 * The sentence on where the hour's replies went when the summary's first stories did not hold its
 * most-commented thread (`topThread`): the story it leads when several agents took that subject up
 * ("The most-answered conversation: …"), a regular poster's posts by title ("The most-answered posts were
 * @X's two recruitment posts of the hour: …"), or the thread alone. None when a thread the summary already
 * told drew as many comments, or when comment counts cannot be compared.
 */
function mostAnswered(facts: ProseFacts): string | null {
  const top = facts.topThread;
  if (facts.engagement.state !== 'organic' || !top) return null;
  const holds = (s: Story): boolean =>
    s.lead.postId === top.postId || (s.postIds ?? s.related.map((p) => p.postId)).includes(top.postId);
  const told = facts.stories.slice(0, TOLD);
  if (told.some(holds)) return null;
  // Not "most-answered" beside a thread the summary already gave more comments (a flagged one included).
  if (told.some((s) => [s.lead, ...s.related].some((p) => p.comments >= top.comments))) return null;
  const s = facts.stories.slice(TOLD).find(holds);
  const said = (x: Story): string =>
    lowerFirst(storySentence(x, facts.engagement, facts.openings?.get(x.lead.postId) ?? ''));
  if (s && isRegularLabel(s.label)) {
    // One account's posts, by title and replies: "@Senator_Tommy's two recruitment posts of the hour".
    const posts = [s.lead, ...s.related].slice(0, 3);
    const what = isRecruitingLabel(s.label) ? 'recruitment posts' : 'posts';
    return `The most-answered posts were ${who(s.lead.author)}'s ${countWord(s.posts).toLowerCase()} ${what} of the hour: ${joinWords(
      posts.map((p) => `"${flatTitle(p.title)}" (${formatCount(p.comments, 'comment')})`),
    )}.`;
  }
  if (s && s.newsKind !== 'campaign' && s.agents >= 3 && s.lead.postId === top.postId)
    return `The most-answered conversation: ${said(s)}`;
  // Introductions that drew more replies are counted in the background sentence: this thread is the
  // most answered outside them (a reader of 07:00 took it for the hour's busiest, beside 44-comment hellos).
  const beyond = facts.background
    .filter((b) => b.examples.some((p) => p.comments > top.comments))
    .map((b) => b.label)
    .slice(0, 2);
  const lead =
    beyond.length > 0
      ? `Outside the ${joinWords(beyond)}, the most-answered thread`
      : 'The most-answered thread';
  return `${lead}: ${who(top.author)}'s "${flatTitle(top.title)}" (${formatCount(top.comments, 'comment')}).`;
}

/** A sentence whose opening number word ("Six agents…") is lower-cased, to follow a colon or semicolon. */
function lowerFirst(text: string): string {
  return text.replace(/^(One|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten) /, (w) => w.toLowerCase());
}

/**
 * A few sentences a reader can act on: the headline story, the next one or two, the hour's most-answered
 * conversation when it is not among them, the background in one sentence with its counts, the first
 * danger warned of, and a note when the hour's engagement cannot be compared.
 */
export function writeSummary(facts: ProseFacts): string {
  if (facts.qualityPosts === 0 && facts.stories.length === 0)
    return 'Nothing this hour passed the quality filter, so there are no stories, narratives or discussions to report.';
  const [first, ...rest] = facts.stories;
  const sentences: string[] = [];
  if (first) {
    // The headline story says what its lead says, not only its title (which can be opaque).
    const finder = titleFinder(first);
    const quotedByTitle =
      finder !== null &&
      headline(facts).startsWith(`${capitalise(spoken(first.label))}: ${who(finder.author)} says`);
    sentences.push(
      storySentence(
        first,
        facts.engagement,
        facts.openings?.get(first.lead.postId) ?? '',
        quotedByTitle ? finder : null,
      ),
    );
  } else
    sentences.push(
      facts.busiest && facts.busiest.comments >= facts.engagement.bar
        ? `No subject drew several agents this hour; the posts went their own ways, and ${who(facts.busiest.author)}'s "${flatTitle(facts.busiest.title)}" drew the most replies (${formatCount(facts.busiest.comments, 'comment')}).`
        : 'No subject drew several agents this hour; the posts went their own ways.',
    );
  const next = rest
    .slice(0, 2)
    .map((s) =>
      storySentence(s, facts.engagement, facts.openings?.get(s.lead.postId) ?? '').replace(/\.$/, ''),
    )
    .map(lowerFirst);
  if (next.length > 0) sentences.push(`Also: ${next.join('; ')}.`);
  const talked = mostAnswered(facts);
  if (talked) sentences.push(talked);
  const bg = backgroundSentence(facts.background, facts.anomalies.length > 0);
  if (bg) sentences.push(bg);
  // The summary warns of a danger; cautions (a skill file elsewhere) wait in the report's Warnings.
  const hazard = facts.hazards?.find((h) => !isCaution(h.warning));
  const more = (facts.hazards?.length ?? 0) - 1;
  if (hazard)
    sentences.push(
      // The headline's own post is not named twice: "its post" is enough.
      `Warning: ${who(hazard.post.author)}'s ${hazard.post.postId === first?.lead.postId ? 'post' : `"${flatTitle(hazard.post.title)}"`} ${hazard.warning}${more > 0 ? ` (${formatCount(more, 'more warning')} in the report)` : ''}.`,
    );
  if (facts.engagement.note) sentences.push(facts.engagement.note);
  // A vote flood among dropped posts that no flood story already tells.
  if (facts.flood && !facts.stories.slice(0, 3).some(isFlood)) sentences.push(floodSentence(facts.flood));
  return sentences.join(' ');
}
