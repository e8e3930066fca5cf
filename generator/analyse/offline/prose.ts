import type { EngagementAnomaly, Story } from '../../../core/schemas/digest.ts';
import type { VoteFlood } from '../../filter/vote-flood.ts';
import { capitalise, formatCount, formatInt, joinWords } from './format.ts';
import { WAVE_LABELS } from './story-label.ts';
import { flatTitle } from './story-text.ts';

/** What the title and summary are written from. */
export interface ProseFacts {
  readonly qualityPosts: number;
  /** The hour's stories, most prominent first. */
  readonly stories: readonly Story[];
  /** The most-commented organic thread, when there is one. */
  readonly busiest: {
    readonly postId: string;
    readonly title: string;
    readonly author: string | null;
    readonly comments: number;
    /** Label of its story, when it belongs to one. */
    readonly story: string | null;
  } | null;
  readonly anomalies: readonly EngagementAnomaly[];
  /** Dropped posts that out-voted every quality post, when there were such. */
  readonly flood?: VoteFlood | null;
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

const MAX_TITLE = 120;
/** Labels of the stories gathered by kind: the hour's shape, not its subjects. */
const WAVE_NAMES: ReadonlySet<string> = new Set(Object.values(WAVE_LABELS));
/** Share of the hour's posts from which a wave of one kind is the hour's headline. */
const WAVE_SHARE = 0.15;

/** The hour's shape: a wave of newcomers or launches when one makes up a large share of it. */
export function hourShape(facts: ProseFacts): { wave: Story | null; topical: Story[] } {
  const wave =
    facts.stories.find(
      (s) => (s.kind === 'introduction' || s.kind === 'launch') && s.share >= WAVE_SHARE && s.posts >= 10,
    ) ?? null;
  const topical = facts.stories.filter(
    (s) =>
      s !== wave &&
      s.posts > 1 &&
      !s.id.startsWith('posts-in-') &&
      s.kind !== 'promotion' &&
      s.kind !== 'introduction' &&
      !WAVE_NAMES.has(s.label),
  );
  return { wave, topical };
}

function waveClause(wave: Story): string {
  return wave.kind === 'introduction'
    ? `Newcomers pour in (${formatInt(wave.posts)} introductions)`
    : `A wave of launches (${formatInt(wave.posts)} posts)`;
}

function cut(text: string): string {
  return text.length <= MAX_TITLE ? text : `${text.slice(0, MAX_TITLE - 1).trimEnd()}…`;
}

/**
 * The hour's title, from what happened: a wave of newcomers or launches when one makes up 15% of the
 * hour, then the two leading topical stories; a note when a post's votes look rigged. Written from story
 * labels, never copied from a post.
 */
export function writeTitle(facts: ProseFacts): string {
  if (facts.qualityPosts === 0) return 'A quiet hour: no posts passed the quality filter';
  const { wave, topical } = hourShape(facts);
  const [a, b] = topical.map((s) => s.label);
  let title: string;
  if (wave) title = a ? `${waveClause(wave)} as agents discuss ${b ? `${a} and ${b}` : a}` : waveClause(wave);
  else if (a && b) title = `${capitalise(a)} leads the hour, with ${b} close behind`;
  else if (a) title = `${capitalise(a)} holds a quiet hour`;
  else if (facts.busiest) title = `A quiet hour: "${flatTitle(facts.busiest.title)}" draws the most replies`;
  else title = 'A scattered hour: no story drew several agents';
  if (facts.flood) {
    const f = facts.flood;
    const withFlood = `${title.replace(/ holds a quiet hour$/, ' holds the hour')}; ${formatInt(f.posts)} ${FLOOD_WORDS[f.reason]} take ${formatInt(f.score)} votes`;
    if (withFlood.length <= MAX_TITLE) title = withFlood;
  } else if (facts.anomalies.length > 0) {
    const withFlag = `${title}; a vote-rigged post tops the charts`;
    if (withFlag.length <= MAX_TITLE) title = withFlag;
  }
  return cut(title);
}

/**
 * Two or three sentences a reader can act on: the wave (if any) and the leading story with its lead post,
 * the next stories, the most-commented thread, and a warning when a post's engagement looks inorganic.
 * No filter statistics or scores: those are in the numbers table.
 */
export function writeSummary(facts: ProseFacts): string {
  if (facts.qualityPosts === 0)
    return 'Nothing this hour passed the quality filter, so there are no stories, narratives or discussions to report.';
  const { wave, topical } = hourShape(facts);
  const sentences: string[] = [];
  if (wave) {
    sentences.push(
      wave.kind === 'introduction'
        ? `${formatCount(wave.agents, 'agent')} introduced themselves this hour, a wave of newcomers making up ${Math.round(wave.share * 100)}% of the posts.`
        : `${formatCount(wave.posts, 'post')} announced launches, ${Math.round(wave.share * 100)}% of the hour.`,
    );
  }
  const [first, ...next] = topical;
  if (first) {
    const lead = first.lead.author
      ? `@${first.lead.author}'s "${flatTitle(first.lead.title)}"`
      : `"${flatTitle(first.lead.title)}"`;
    sentences.push(
      first.posts > 1
        ? `The main conversation was ${first.label} (${formatCount(first.posts, 'post')} by ${formatCount(first.agents, 'agent')}), led by ${lead}.`
        : `The most discussed post was ${lead} (${formatCount(first.lead.comments, 'comment')}).`,
    );
  } else if (!wave)
    sentences.push('No subject drew several agents this hour; the posts went their own ways.');
  const also = next.filter((s) => s.posts > 1).slice(0, 2);
  const third: string[] = [];
  if (also.length > 0) third.push(`Also discussed: ${joinWords(also.map((s) => s.label))}`);
  const busy = facts.busiest;
  if (busy && busy.postId !== first?.lead.postId) {
    const who = busy.author ? `@${busy.author}'s ` : '';
    const about = busy.story && busy.story !== first?.label ? `, part of ${busy.story}` : '';
    third.push(
      `the busiest thread was ${who}"${flatTitle(busy.title)}" (${formatCount(busy.comments, 'comment')}${about})`,
    );
  }
  if (third.length > 0) sentences.push(`${capitalise(third.join('; '))}.`);
  const flagged = facts.anomalies[0];
  if (flagged) {
    const who = flagged.post.author ? ` by @${flagged.post.author}` : '';
    sentences.push(
      `A post${who} with a score of ${formatInt(flagged.post.score)} is flagged: its votes look inorganic, so it is kept out of the rankings.`,
    );
  }
  if (facts.flood) sentences.push(floodSentence(facts.flood));
  return sentences.join(' ');
}
