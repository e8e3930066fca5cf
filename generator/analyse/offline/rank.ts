import { formatInt } from '../../../core/format.ts';
import type { ForumComment, ForumPost } from '../../../core/forum.ts';
import { type NewsKind, STORY_RELATED, type Story, type StoryPost } from '../../../core/schemas/digest.ts';
import { isThemeLabel } from '../../../core/themes.ts';
import type { PreviousHour } from '../types.ts';
import { type CampaignDraft, NAMES_A_COIN, TICKER } from './campaigns.ts';
import type { HourCorpus } from './corpus.ts';
import type { HourEngagement } from './engagement.ts';
import { type EntityKey, entityDisplay } from './entities.ts';
import { claimsTakeover, postHazard, withoutLinks } from './hazards.ts';
import { isLaunchRoundup } from './launches.ts';
import { hoursLedBy } from './led-hours.ts';
import { INFLATED_WARNING, newsMarkers, storyNewsKind } from './news-kind.ts';
import { type NewsFacts, newsScore } from './newsworthiness.ts';
import { isRegularLabel } from './regulars.ts';
import type { StoryDraft } from './stories.ts';
import { flatTitle, storyId, storyPost, writeStory } from './story-text.ts';
import { MOVEMENTS_LABEL, movementAgents } from './subjects.ts';

/** A story of the hour with its rank, and what later hours remember of it. */
export interface RankedStory {
  readonly story: Story;
  /** The topical draft it was written from; null for a campaign. */
  readonly draft: StoryDraft | null;
  /** Phrase and entity keys kept in the hour's signals (novelty for later hours). */
  readonly keys: readonly string[];
}

/** What the stories are ranked with. */
export interface RankInput {
  readonly corpus: HourCorpus;
  readonly drafts: readonly StoryDraft[];
  readonly campaigns: readonly CampaignDraft[];
  /** Entities named by each corpus post. */
  readonly entities: readonly (readonly EntityKey[])[];
  readonly comments: ReadonlyMap<string, readonly ForumComment[]>;
  /** Post id → why its votes look inorganic. */
  readonly flagged: ReadonlyMap<string, string>;
  readonly engagement: HourEngagement;
  readonly previous: readonly PreviousHour[];
  readonly hourStart: string;
  readonly urlBase: string;
  /** Quality posts of the hour. */
  readonly total: number;
  /** Narrative id of a draft, when it continues one. */
  readonly narrativeIdOf: (draft: StoryDraft) => string | null;
  /** True when the draft's narrative is emerging this hour (new, back, or clearly growing): it is news, not a rerun. */
  readonly emerging?: (draft: StoryDraft) => boolean;
  /** True when the draft carries on a narrative first seen before this hour: then it is never "new since yesterday". */
  readonly continuesEarlier?: (draft: StoryDraft) => boolean;
  /** Handle (lower-case) → as written, for showing named agents. */
  readonly handleForms: ReadonlyMap<string, string>;
}

const HISTORY_MS = 24 * 3_600_000;
/** Agents a promotion push counts for at most. */
const PUSH_AGENTS = 3;
const NOVELTY_KEYS = 5;

/** The keys of the last day's stories, hour by hour (only hours whose signals kept them). */
function history(previous: readonly PreviousHour[], hourStart: string): ReadonlySet<string>[] {
  const now = Date.parse(hourStart);
  return previous
    .filter((p) => now - Date.parse(p.digest.hourStart) <= HISTORY_MS)
    .map((p) => p.signals?.terms)
    .filter((t): t is string[] => t !== undefined)
    .map((t) => new Set(t));
}

/** How many of the last day's hours had `author` leading one of their top five stories or hot discussions. */
function leadHours(previous: readonly PreviousHour[], hourStart: string, author: string | null): number {
  return hoursLedBy(previous, hourStart, author, { windowMs: HISTORY_MS, topStories: 5, discussions: true })
    .length;
}

function novelty(
  keys: readonly string[],
  hours: readonly ReadonlySet<string>[],
): { novelty: number | null; seen: number } {
  const probe = keys.slice(0, NOVELTY_KEYS);
  if (hours.length === 0 || probe.length === 0) return { novelty: null, seen: 0 };
  const fresh = probe.filter((k) => !hours.some((h) => h.has(k))).length;
  const need = Math.min(2, probe.length);
  const seen = hours.filter((h) => probe.filter((k) => h.has(k)).length >= need).length;
  return { novelty: fresh / probe.length, seen };
}

function commentsOf(post: ForumPost, fetched: ReadonlyMap<string, readonly ForumComment[]>): number {
  return Math.max(post.commentCount, fetched.get(post.id)?.length ?? 0);
}

function contentFree(post: ForumPost): boolean {
  return post.content.trim().length < 80 && post.title.trim().split(/\s+/).length <= 4;
}

const ABOUT_FAILURE = /\b(?:comments?|api|endpoint|repl(?:y|ies)|auth\w*|posting)\b/i;

/** The entity most of a story's agents name, when three or more distinct agents do. */
function namedEntity(
  members: readonly number[],
  corpus: HourCorpus,
  entities: RankInput['entities'],
  candidates: readonly EntityKey[],
  handleForms: ReadonlyMap<string, string>,
): NewsFacts['namedEntity'] {
  let best: NewsFacts['namedEntity'] = null;
  for (const e of candidates) {
    // Files (skill.md) and submolts are named all day; an agent, a ticker, an error code or a site is news.
    if (e.startsWith('file:') || e.startsWith('m/')) continue;
    const agents = new Set(
      members
        .filter((i) => entities[i]?.includes(e))
        .map((i) => corpus.posts[i]?.author?.toLowerCase() ?? `post:${i}`),
    ).size;
    if (agents >= 3 && (!best || agents > best.agents))
      best = { display: entityDisplay(e, handleForms), agents };
  }
  return best;
}

function flaggedWarning(
  posts: readonly ForumPost[],
  flagged: ReadonlyMap<string, string>,
): string | undefined {
  const hit = posts.filter((p) => flagged.has(p.id)).sort((a, b) => b.score - a.score);
  if (hit.length === 0) return undefined;
  const named = hit
    .slice(0, 2)
    .map(
      (p) =>
        `${p.author ? `@${p.author}'s` : 'a'} "${flatTitle(p.title)}" (score ${formatInt(p.score)}, ${formatInt(p.commentCount)} comments)`,
    )
    .join(' and ');
  return `${INFLATED_WARNING} ${named} — votes without matching discussion; its comments, not its score, are what count here.`;
}

interface Candidate {
  readonly story: Omit<Story, 'newsScore' | 'signals'>;
  readonly draft: StoryDraft | null;
  readonly keys: readonly string[];
  readonly facts: Omit<NewsFacts, 'rivalComments'>;
}

/** Hours a regular poster's habit is counted over. */
const REGULAR_WINDOW_MS = 24 * 3_600_000;

/**
 * Earlier hours of the last day in which a regular poster was already prolific (2+ posts): how long the
 * habit has run, told in the story's gist.
 */
function habitHours(lead: ForumPost, input: RankInput): number {
  const who = lead.author?.toLowerCase();
  if (!who) return 0;
  const now = Date.parse(input.hourStart);
  return input.previous.filter((h) => {
    const at = h.signals ? Date.parse(h.signals.hourStart) : Number.NaN;
    return now - at > 0 && now - at <= REGULAR_WINDOW_MS && (h.signals?.prolific ?? []).includes(who);
  }).length;
}

/** A draft's kind of news: its group's, drama for posts gathered around one agent, else read from its posts' markers. */
export function draftNewsKind(corpus: HourCorpus, d: StoryDraft): NewsKind {
  if (d.newsKind) return d.newsKind;
  // Posts gathered around one agent others name and answer are drama, whatever words they use.
  if (d.subject) return 'drama';
  const posts = d.members.map((i) => corpus.posts[i]).filter((p): p is ForumPost => p !== undefined);
  return storyNewsKind(
    posts.map(newsMarkers),
    d.members.filter((i) => (corpus.posts[i]?.content.length ?? 0) >= 1200).length,
  );
}

function draftCandidate(d: StoryDraft, input: RankInput, hours: readonly ReadonlySet<string>[]): Candidate {
  const { corpus } = input;
  const posts = d.members.map((i) => corpus.posts[i]).filter((p): p is ForumPost => p !== undefined);
  const lead = posts[0] as ForumPost;
  const habit = isRegularLabel(d.label) ? habitHours(lead, input) : 0;
  const base = writeStory(corpus, d, input.urlBase, input.narrativeIdOf(d), input.total, habit);
  const newsKind = draftNewsKind(corpus, d);
  // A story about one agent (or one regular poster's posts) is new or not by that agent; any other by its
  // words and what it names.
  const keys = d.subject
    ? [`@${d.subject}`]
    : isRegularLabel(d.label) && lead.author
      ? [`@${lead.author.toLowerCase()}`]
      : [...d.terms.slice(0, NOVELTY_KEYS), ...d.entities.slice(0, 3)];
  const { novelty: fresh, seen } = novelty(keys, hours);
  const remembered = [...keys, ...(lead.author ? [`@${lead.author.toLowerCase()}`] : [])];
  const dangerous = posts.flatMap((p) => {
    const what = postHazard(p);
    return what
      ? [`${p.author ? `@${p.author}'s` : 'A'} "${flatTitle(withoutLinks(p.title))}" ${what}.`]
      : [];
  });
  const warning =
    [flaggedWarning(posts, input.flagged), ...dangerous.slice(0, 2)].filter((w) => w).join(' ') || undefined;
  const text = posts.map((p) => `${p.title} ${p.content.slice(0, 300)}`).join('\n');
  return {
    story: {
      ...base,
      postIds: posts.map((p) => p.id),
      newsKind,
      ...(warning ? { warning } : {}),
    },
    draft: d,
    keys: remembered,
    facts: {
      newsKind,
      agents: d.authors,
      // Agents musing on a standing theme (memory, consciousness, trading) each say their own thing: they
      // do not corroborate one concrete thing, so the theme's size is background, as a coin push's is.
      // Agents each declaring an institution of their own (an "AI FBI", a nation) corroborate nothing.
      ...(isThemeLabel(d.label) && (newsKind === 'discussion' || newsKind === 'essay')
        ? { corroborating: Math.min(d.authors, PUSH_AGENTS) }
        : d.label === MOVEMENTS_LABEL
          ? { corroborating: movementAgents(posts) }
          : d.corroborating !== undefined
            ? { corroborating: d.corroborating }
            : {}),
      bestComments: Math.max(0, ...posts.map((p) => commentsOf(p, input.comments))),
      namedEntity: namedEntity(d.members, corpus, input.entities, d.entities, input.handleForms),
      // An emerging narrative's words may have been seen in the last day; its growth is still news.
      novelty: fresh !== null && input.emerging?.(d) ? Math.max(fresh, 0.5) : fresh,
      // A narrative tracked since an earlier hour is never called new since yesterday, whatever its words.
      tracked: input.continuesEarlier?.(d) === true,
      // A regular poster is seen every hour by definition; what they drew this hour is the news.
      seenHours: isRegularLabel(d.label) ? 0 : seen,
      floodShare: null,
      contentFree: posts.length === 1 && contentFree(lead),
      explainsFrozen: newsKind === 'incident' && ABOUT_FAILURE.test(text),
      // A regular poster's own story already says they post every hour; their threads count as drawn.
      leadFamiliar: isRegularLabel(d.label) ? 0 : leadHours(input.previous, input.hourStart, lead.author),
      // A post claiming the account it was posted from was taken over says it is the attack itself.
      attackPosts: posts.filter(claimsTakeover).length,
      roundup: isLaunchRoundup(d.label),
      regular: isRegularLabel(d.label),
    },
  };
}

function campaignCandidate(
  c: CampaignDraft,
  input: RankInput,
  hours: readonly ReadonlySet<string>[],
): Candidate {
  const [lead, ...rest] = c.posts;
  if (!lead) throw new Error('a campaign has at least one post');
  const key = c.flood
    ? null
    : c.newsKind === 'security'
      ? 'campaign:injection'
      : c.agents > 1
        ? 'campaign:promotion'
        : null;
  const { novelty: fresh, seen } = key ? novelty([key], hours) : { novelty: null, seen: 0 };
  const authors = [...new Set(c.posts.map((p) => p.author).filter((a): a is string => a !== null))];
  return {
    story: {
      id: storyId(c.label),
      label: c.label,
      kind: c.type === 'promotion' ? 'promotion' : 'discussion',
      gist: c.gist,
      lead: storyPost(lead, input.urlBase),
      related: rest.slice(0, STORY_RELATED).map((p) => storyPost(p, input.urlBase)),
      posts: c.posts.length,
      share: Math.round(c.share * 10_000) / 10_000,
      agents: c.agents,
      notableAgents: authors.slice(0, 5),
      score: c.posts.reduce((s, p) => s + p.score, 0),
      comments: c.posts.reduce((s, p) => s + p.commentCount, 0),
      narrativeId: null,
      postIds: c.posts.map((p) => p.id),
      newsKind: c.newsKind,
    },
    draft: null,
    keys: key ? [key] : [],
    facts: {
      newsKind: c.newsKind,
      agents: c.agents,
      // Agents pitching coins are the forum's steady background: a push is news by its threads, not its size.
      ...(c.type === 'promotion' ? { corroborating: Math.min(c.agents, PUSH_AGENTS) } : {}),
      bestComments: c.flood ? 0 : lead.commentCount,
      namedEntity: null,
      novelty: key ? fresh : null,
      seenHours: seen,
      floodShare: c.flood ? c.share : null,
      contentFree: contentFree(lead),
      explainsFrozen: false,
      leadFamiliar: 0,
      attackPosts: 0,
    },
  };
}

/**
 * The biggest topical story about injections, which posts carrying injections join: one whose label says
 * so, or one of several posts whose terms do (a lone post naming injections among other worries is no
 * warning about this hour's attack).
 */
function injectionStory(topical: readonly Candidate[], candidates: readonly Candidate[]): number {
  let best = -1;
  topical.forEach((c) => {
    const about =
      /injection/i.test(c.story.label) ||
      (c.story.posts > 1 && (c.draft?.terms ?? []).some((t) => t.includes('injection')));
    const k = candidates.indexOf(c);
    if (about && (best < 0 || c.facts.agents > (candidates[best] as Candidate).facts.agents)) best = k;
  });
  return best;
}

/**
 * A topical story joined by a campaign on its subject: posts carrying injections beside the warnings about
 * them. The attack is the news when its posts out-score the story's lead: it leads, and names the story —
 * unless the same attack post led last hour's top story: then what agents found about it this hour leads.
 */
function joinCampaign(
  host: Candidate,
  campaign: Candidate,
  lastLead: StoryPost | null,
  agents: number,
): Candidate {
  const ids = [...(host.story.postIds ?? []), ...(campaign.story.postIds ?? [])];
  const attack = campaign.story.lead;
  const repeat =
    lastLead !== null &&
    lastLead.author === attack.author &&
    flatTitle(lastLead.title) === flatTitle(attack.title);
  const attackLeads = attack.score > host.story.lead.score && !repeat;
  const led = attackLeads
    ? {
        label: `${host.story.label}: ${campaign.story.label}`,
        lead: campaign.story.lead,
        related: [host.story.lead, ...campaign.story.related, ...host.story.related].slice(0, STORY_RELATED),
        gist: `${campaign.story.gist} ${host.story.gist}`,
      }
    : { gist: `${host.story.gist} ${campaign.story.gist}` };
  return {
    ...host,
    story: {
      ...host.story,
      ...led,
      postIds: [...new Set(ids)],
      // Its counts are the joined story's: 30 Jan 19:00 read "7 posts by 7 agents · 9 agents" when the
      // attack's three posts (two by one agent) joined seven.
      posts: new Set(ids).size,
      agents,
      newsKind: 'security',
      notableAgents: [...new Set([...host.story.notableAgents, ...campaign.story.notableAgents])].slice(0, 5),
    },
    facts: {
      ...host.facts,
      newsKind: 'security',
      agents,
      bestComments: Math.max(host.facts.bestComments, campaign.facts.bestComments),
      attackPosts: campaign.story.posts,
    },
  };
}

/**
 * The hour's lone token launch that drew one of its big threads (3× the comment bar), which the hour's
 * coin pitches join: agents launching and pitching their own tokens are one story, led by the launch.
 * -1 when there is none.
 */
function tokenLaunch(topical: readonly Candidate[], candidates: readonly Candidate[], bar: number): number {
  let best = -1;
  topical.forEach((c) => {
    const s = c.story;
    const k = candidates.indexOf(c);
    if (
      s.posts === 1 &&
      c.facts.newsKind === 'launch' &&
      NAMES_A_COIN.test(s.lead.title) &&
      c.facts.bestComments >= 3 * bar &&
      (best < 0 || c.facts.bestComments > (candidates[best] as Candidate).facts.bestComments)
    )
      best = k;
  });
  return best;
}

/**
 * A token launch joined by the hour's coin pitches: the launch keeps its lead, label, kind and score (the
 * pitches are background to it, not corroboration); the pitches add their posts, agents and a sentence.
 */
function joinPitches(host: Candidate, pitches: Candidate): Candidate {
  const p = pitches.story;
  const first = p.gist.charAt(0).toLowerCase() + p.gist.slice(1);
  return {
    ...host,
    // The pitches were seen this hour: later hours read them as a rerun, not as new.
    keys: [...host.keys, ...pitches.keys],
    story: {
      ...host.story,
      related: [...host.story.related, p.lead, ...p.related].slice(0, STORY_RELATED),
      postIds: [...new Set([...(host.story.postIds ?? []), ...(p.postIds ?? [])])],
      posts: host.story.posts + p.posts,
      agents: host.story.agents + p.agents,
      notableAgents: [...new Set([...host.story.notableAgents, ...p.notableAgents])].slice(0, 5),
      score: host.story.score + p.score,
      comments: host.story.comments + p.comments,
      gist: `${host.story.gist} The same hour, ${first}`,
      joined: { label: p.label, posts: p.posts, agents: p.agents },
    },
  };
}

/**
 * The ticker a lone launch post names as its own ("Deployed $STEPHEN on Solana via pump.fun") in its
 * title or opening; null for any other story.
 */
function ownToken(c: Candidate, corpus: HourCorpus): string | null {
  if (c.story.posts !== 1 || c.facts.newsKind !== 'launch' || !c.draft) return null;
  const post = corpus.posts[c.draft.members[0] ?? -1];
  if (!post) return null;
  const ticker = TICKER.exec(`${post.title}\n${post.content.slice(0, 600)}`)?.[1];
  return ticker ?? null;
}

/** A token launch joined by another agent's launch of its own token: one more post and agent among the pitches. */
function joinToken(host: Candidate, lone: Candidate, ticker: string): Candidate {
  const l = lone.story.lead;
  const joined = host.story.joined ?? { label: 'token and coin pitches', posts: 0, agents: 0 };
  // "One more agent": the pitchers' count before it and the title's count after it agree (a reader of 02:00
  // read "5 agents pitched" beside "six more agents pitch coins").
  const who = l.author ? `One more agent, @${l.author},` : 'One more agent';
  return {
    ...host,
    keys: [...host.keys, ...lone.keys],
    story: {
      ...host.story,
      related: [...host.story.related, l].slice(0, STORY_RELATED),
      postIds: [...new Set([...(host.story.postIds ?? []), ...(lone.story.postIds ?? [])])],
      posts: host.story.posts + 1,
      agents: host.story.agents + 1,
      score: host.story.score + lone.story.score,
      comments: host.story.comments + lone.story.comments,
      gist: `${host.story.gist} ${who} launched a token of its own, $${ticker} ("${flatTitle(l.title)}").`,
      joined: { label: joined.label, posts: joined.posts + 1, agents: joined.agents + 1 },
    },
  };
}

/** The lead of the previous hour's top story, when that hour came just before this one. */
function lastLead(input: RankInput): StoryPost | null {
  const prev = input.previous[0];
  if (!prev || Date.parse(input.hourStart) - Date.parse(prev.digest.hourStart) > 3_600_000) return null;
  return prev.digest.stories?.[0]?.lead ?? null;
}

/**
 * Every story of the hour — topical drafts and campaigns — with its kind of news and its newsworthiness
 * (`newsScore`), most newsworthy first (ties: more agents, then label). Pure.
 */
export function rankStories(input: RankInput): RankedStory[] {
  const hours = history(input.previous, input.hourStart);
  const topical = input.drafts.map((d) => draftCandidate(d, input, hours));
  const candidates: Candidate[] = [...topical];
  // The hour's token launch, when its thread made it one of the hour's big ones.
  const launch =
    input.engagement.state === 'organic' ? tokenLaunch(topical, candidates, input.engagement.bar) : -1;
  for (const c of input.campaigns) {
    const own = campaignCandidate(c, input, hours);
    const host = c.newsKind === 'security' ? injectionStory(topical, candidates) : -1;
    if (host >= 0) {
      const joined = candidates[host] as Candidate;
      // Distinct agents of the story and the attack together: an attacker may have posted in both.
      const voices = new Set([
        ...(joined.draft?.members ?? []).map(
          (i) => input.corpus.posts[i]?.author?.toLowerCase() ?? `post:${i}`,
        ),
        ...c.posts.map((p) => p.author?.toLowerCase() ?? `post:${p.id}`),
      ]);
      candidates[host] = joinCampaign(joined, own, lastLead(input), voices.size);
    }
    // Coin pitches join the hour's token launch.
    else if (launch >= 0 && c.type === 'promotion')
      candidates[launch] = joinPitches(candidates[launch] as Candidate, own);
    else candidates.push(own);
  }
  // So do the hour's other lone launches of an agent's own token: one wave of agents minting coins.
  if (launch >= 0) {
    const host = candidates[launch] as Candidate;
    const tokens = topical.flatMap((c) => {
      const ticker = c === host ? null : ownToken(c, input.corpus);
      return ticker ? [{ c, ticker }] : [];
    });
    for (const { c, ticker } of tokens) {
      candidates[launch] = joinToken(candidates[launch] as Candidate, c, ticker);
      candidates.splice(candidates.indexOf(c), 1);
    }
  }
  const scale = { bar: input.engagement.bar, engagement: input.engagement.state };
  const scored = candidates.map((c, k) => {
    let rival = 0;
    candidates.forEach((o, j) => {
      if (j !== k) rival = Math.max(rival, o.facts.bestComments);
    });
    const { score, signals } = newsScore({ ...c.facts, rivalComments: rival }, scale);
    return { c, score, signals };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.c.story.agents - a.c.story.agents ||
      a.c.story.label.localeCompare(b.c.story.label),
  );
  return scored.map(({ c, score, signals }) => ({
    story: { ...c.story, newsScore: score, signals } as Story,
    draft: c.draft,
    keys: c.keys,
  }));
}
