import { formatCount, formatInt } from '../../../core/format.ts';
import type { ForumPost } from '../../../core/forum.ts';
import type { NewsKind } from '../../../core/schemas/digest.ts';
import type { DropReason } from '../../filter/index.ts';
import { getOrCreate } from './collections.ts';
import { flatTitle } from './story-text.ts';

/** A ticker as written ("$STEPHEN"), its name captured. */
export const TICKER = /\$([A-Z][A-Z0-9]{1,9})\b/;
/** A post naming a coin or token: a ticker, a token or coin, a launchpad, a contract address. */
export const NAMES_A_COIN = new RegExp(
  `${TICKER.source}|\\b(?:tokens?|coins?|memecoins?|launchpads?|pump\\.fun|contract address|airdrop|presale)\\b`,
  'i',
);
/** A post the quality filter dropped, with the first reason that applied. */
export interface DroppedPost {
  readonly post: ForumPost;
  readonly reason: DropReason;
}

/** What kind of campaign: a template flood, one account flooding, bait that drew a thread, hidden instructions, a promotion push. */
export type CampaignType = 'flood' | 'author-flood' | 'bait' | 'injection' | 'promotion';

/** A campaign of the hour: posts the filter dropped (or promotion it kept) that shaped the feed. */
export interface CampaignDraft {
  readonly type: CampaignType;
  /** A noun phrase for it (`flood of "🦞" posts`, `@Name's post flood`). */
  readonly label: string;
  readonly newsKind: NewsKind;
  /** Its posts, the most engaged first. */
  readonly posts: readonly ForumPost[];
  readonly agents: number;
  /** Share of all posts scraped this hour. */
  readonly share: number;
  /** What happened, in one or two sentences with its numbers. */
  readonly gist: string;
  /** A flood or push that swamps the feed by its size (its share ranks it), not one bait post. */
  readonly flood: boolean;
  /** Short reasons it is news ("115 posts in 4 minutes"). */
  readonly signals: readonly string[];
}

/** What campaigns are found from. */
export interface CampaignInput {
  readonly kept: readonly ForumPost[];
  readonly dropped: readonly DroppedPost[];
  readonly totalPosts: number;
  /** Comments that make a thread stand out this hour (see `engagementBar`). */
  readonly bar: number;
  /** Whether a kept post is promotion (a coin, a ticker, a call to buy). */
  readonly isPromotion: (post: ForumPost) => boolean;
}

/** Copies of one template from which they are a flood: 10 posts, or a tenth of a busy hour. */
const FLOOD_MIN = 10;
const FLOOD_SHARE = 0.1;
/** Posts by one author in an hour from which the author is flooding the feed. */
const AUTHOR_FLOOD = 10;
/** Agents pushing promotion before the pushes make one story. */
const PROMOTION_AGENTS = 3;

const COPY_REASONS: ReadonlySet<DropReason> = new Set([
  'empty',
  'duplicate',
  'near-duplicate',
  'template-flood',
]);

function voices(posts: readonly ForumPost[]): number {
  return new Set(posts.map((p) => (p.author ? `a:${p.author.toLowerCase()}` : `p:${p.id}`))).size;
}

function byEngagement(a: ForumPost, b: ForumPost): number {
  return b.commentCount - a.commentCount || b.score - a.score || (a.id < b.id ? -1 : 1);
}

/** A title with digits masked, spacing flattened and repeats folded (`🦞🦞🦞` → `🦞`): copies of one template share it. */
function templateKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/\d+/g, '#')
    .replace(/\s+/g, ' ')
    .replace(/(\S+?)(?: ?\1)+/gu, '$1')
    .trim();
}

/** `within 4 seconds`, `within 12 minutes`, `over the hour`. */
function spanPhrase(posts: readonly ForumPost[]): string {
  const times = posts.map((p) => Date.parse(p.createdAt)).sort((a, b) => a - b);
  const span = (times.at(-1) ?? 0) - (times[0] ?? 0);
  if (span < 60_000) return `within ${formatCount(Math.max(1, Math.round(span / 1000)), 'second')}`;
  if (span < 45 * 60_000) return `within ${formatCount(Math.round(span / 60_000), 'minute')}`;
  return 'over the hour';
}

function votes(posts: readonly ForumPost[]): number {
  return posts.reduce((s, p) => s + Math.max(0, p.score), 0);
}

/** What a dropped post that drew a crowd was, by why it was dropped, for a reader. */
const BAIT_WORDS: Readonly<Partial<Record<DropReason, string>>> = {
  spam: 'bait that worked, the thread bigger than anything it said',
  promotion: 'a sales pitch that drew a crowd',
  injection: 'a post carrying instructions aimed at AI readers, and its readers came',
  empty: 'a post with nothing in it that still drew a crowd',
};

/** The words for a reason's posts ("posts with no body"). */
const WHAT: Readonly<Partial<Record<DropReason, string>>> = {
  empty: 'posts with no body',
  duplicate: 'copies of one post',
  'near-duplicate': 'near-copies of one post',
  'template-flood': 'posts from one template',
};

/**
 * The hour's campaigns, from what the filter dropped and why:
 * - a **flood**: copies of one template (empty, duplicate, near-duplicate or template posts sharing a title)
 *   numbering at least 10 and a tenth of the hour, named by their title, accounts and time span, with
 *   their votes when they out-voted the quality posts;
 * - an **author flood**: one account posting 10 or more times in the hour;
 * - **engaged junk**: a dropped post (spam, bait, promotion) whose comments reach twice the hour's bar
 *   (and 20): bait that worked is news, though its post stays out of topics;
 * - **hidden instructions**: posts dropped for carrying instructions to AI readers, when two or more
 *   or one drew a thread (a security story);
 * - a **promotion push**: promotional posts, kept or dropped, from three or more agents.
 * Each post is in at most one campaign, in that order. Pure and deterministic.
 */
export function findCampaigns(input: CampaignInput): CampaignDraft[] {
  const { dropped, totalPosts, bar } = input;
  const used = new Set<string>();
  const out: CampaignDraft[] = [];
  const keptVotes = votes(input.kept);
  const push = (c: CampaignDraft): void => {
    out.push(c);
    for (const p of c.posts) used.add(p.id);
  };
  const share = (n: number): number => (totalPosts === 0 ? 0 : Math.min(1, n / totalPosts));

  const templates = new Map<string, DroppedPost[]>();
  for (const d of dropped) {
    if (!COPY_REASONS.has(d.reason)) continue;
    const key = templateKey(d.post.title);
    getOrCreate(templates, key, () => []).push(d);
  }
  for (const [, group] of [...templates].sort(
    (a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1),
  )) {
    if (group.length < Math.max(FLOOD_MIN, FLOOD_SHARE * totalPosts)) continue;
    const posts = group.map((d) => d.post).sort(byEngagement);
    const lead = posts[0] as ForumPost;
    const accounts = voices(posts);
    const reason = group[0]?.reason ?? 'duplicate';
    const what = WHAT[reason] ?? 'copied posts';
    const title = flatTitle(lead.title);
    const v = votes(posts);
    const outvoted =
      v > keptVotes && keptVotes >= 0
        ? ` They drew ${formatInt(v)} votes between them, more than the ${formatCount(input.kept.length, 'quality post')} together (${formatInt(keptVotes)}).`
        : '';
    push({
      type: 'flood',
      label: `flood of "${title.length > 30 ? `${title.slice(0, 29)}…` : title}" posts`,
      newsKind: 'campaign',
      posts,
      agents: accounts,
      share: share(posts.length),
      gist: `${formatInt(posts.length)} ${what}, titled "${title}", came from ${formatCount(accounts, 'account')} ${spanPhrase(posts)}: ${Math.round(share(posts.length) * 100)}% of the hour's posts.${outvoted}`,
      flood: true,
      signals: [
        `${formatInt(posts.length)} posts ${spanPhrase(posts)}`,
        `${formatCount(accounts, 'account')}`,
      ],
    });
  }

  const byAuthor = new Map<string, ForumPost[]>();
  for (const p of [...input.kept, ...dropped.map((d) => d.post)]) {
    if (!p.author || used.has(p.id)) continue;
    getOrCreate(byAuthor, p.author, () => []).push(p);
  }
  const floodedAuthors = new Set(
    dropped.filter((d) => d.reason === 'author-flood').map((d) => d.post.author),
  );
  for (const [author, posts] of [...byAuthor].sort(
    (a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1),
  )) {
    if (posts.length < AUTHOR_FLOOD || !floodedAuthors.has(author)) continue;
    const sorted = [...posts].sort(byEngagement);
    const lead = sorted[0] as ForumPost;
    const templated = new Set(posts.map((p) => templateKey(p.title))).size <= posts.length / 3;
    push({
      type: 'author-flood',
      label: `@${author}'s post flood`,
      newsKind: 'campaign',
      posts: sorted,
      agents: 1,
      share: share(posts.length),
      gist: `One account, @${author}, posted ${formatInt(posts.length)} ${templated ? 'templated ' : ''}posts ${spanPhrase(posts)}, such as "${flatTitle(lead.title)}".`,
      flood: true,
      signals: [`${formatInt(posts.length)} posts by one account`],
    });
  }

  const engagedMin = Math.max(20, 2 * bar);
  const engaged = dropped
    .filter((d) => !used.has(d.post.id) && d.reason !== 'injection' && d.post.commentCount >= engagedMin)
    .sort((a, b) => byEngagement(a.post, b.post));
  for (const d of engaged) {
    if (used.has(d.post.id)) continue;
    const p = d.post;
    const twins = dropped
      .filter(
        (x) =>
          !used.has(x.post.id) &&
          x.post.author === p.author &&
          templateKey(x.post.title) === templateKey(p.title),
      )
      .map((x) => x.post)
      .sort(byEngagement);
    const who = p.author ? `@${p.author}'s` : 'an anonymous';
    push({
      type: 'bait',
      label: `${who} "${flatTitle(p.title).slice(0, 60)}"`,
      newsKind: 'campaign',
      posts: twins.length > 0 ? twins : [p],
      agents: 1,
      share: share(Math.max(1, twins.length)),
      gist: `${who} "${flatTitle(p.title)}" drew ${formatCount(p.commentCount, 'comment')} on a score of ${formatInt(p.score)}: ${BAIT_WORDS[d.reason] ?? 'a post with nothing to read that still drew a crowd'}.`,
      flood: false,
      signals: [`${formatCount(p.commentCount, 'comment')} on a dropped post`],
    });
  }

  const injections = dropped
    .filter((d) => d.reason === 'injection' && !used.has(d.post.id))
    .map((d) => d.post);
  if (injections.length >= 2 || injections.some((p) => p.commentCount >= bar)) {
    const posts = [...injections].sort(byEngagement);
    const authors = [...new Set(posts.map((p) => p.author).filter((a): a is string => a !== null))];
    const lead = posts[0] as ForumPost;
    const by = authors.length === 1 ? ` by @${authors[0]}` : '';
    push({
      type: 'injection',
      label:
        authors.length === 1
          ? `hidden instructions in @${authors[0]}'s posts`
          : 'posts hiding instructions for AI readers',
      newsKind: 'security',
      posts,
      agents: voices(posts),
      share: share(posts.length),
      gist: `${formatCount(posts.length, 'post')}${by} carried instructions aimed at AI readers, such as "${flatTitle(lead.title)}" (score ${formatInt(lead.score)}, ${formatCount(lead.commentCount, 'comment')}): any agent that reads them as orders is the target.`,
      flood: false,
      signals: [`${formatCount(posts.length, 'post')} with hidden instructions`],
    });
  }

  const promotion = [
    ...input.kept.filter((p) => !used.has(p.id) && input.isPromotion(p)),
    ...dropped
      // Spam is a pitch only when it names a coin or a token (bait, gibberish and baby-talk pitch nothing).
      .filter(
        (d) =>
          (d.reason === 'promotion' ||
            (d.reason === 'spam' && NAMES_A_COIN.test(`${d.post.title} ${d.post.content.slice(0, 400)}`))) &&
          !used.has(d.post.id),
      )
      .map((d) => d.post),
  ].sort(byEngagement);
  const pushers = voices(promotion);
  if (pushers >= PROMOTION_AGENTS) {
    const lead = promotion[0] as ForumPost;
    push({
      type: 'promotion',
      label: 'token and coin pitches',
      newsKind: 'campaign',
      posts: promotion,
      agents: pushers,
      share: share(promotion.length),
      gist: `${formatCount(pushers, 'agent')} pitched tokens, coins or schemes in ${formatCount(promotion.length, 'post')}; the most answered was ${lead.author ? `@${lead.author}'s ` : ''}"${flatTitle(lead.title)}" (${formatCount(lead.commentCount, 'comment')}).`,
      flood: false,
      signals: [`${formatCount(pushers, 'agent')} pitching`],
    });
  }
  return out;
}
