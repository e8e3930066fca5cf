import type { ThreadCounts } from '../../../core/forum.ts';
import { escapeMarkdownText as esc } from '../../../core/markdown.ts';
import type {
  EngagementAnomaly,
  HotDiscussion,
  Story,
  TopPostPattern,
} from '../../../core/schemas/digest.ts';
import type { VoteFlood } from '../../filter/vote-flood.ts';
import { discussionSection, postLink, storySection } from '../digest-sections.ts';
import type { NarrativeSignal } from '../types.ts';
import { formatCount, formatInt, formatPercent } from './format.ts';
import { floodSentence } from './prose.ts';

/** Everything the markdown report shows. */
export interface ReportFacts {
  readonly hourStart: string;
  readonly hourEnd: string;
  readonly title: string;
  readonly summary: string;
  readonly totalPosts: number;
  readonly qualityPosts: number;
  readonly authors: number;
  readonly commentsReported: number;
  readonly threadsFetched: number;
  readonly commentsFetched: number;
  /** The scraper's own thread counts, when known: an hour with failed threads is incomplete. */
  readonly threads?: ThreadCounts | undefined;
  readonly stories: readonly Story[];
  readonly anomalies: readonly EngagementAnomaly[];
  /** Dropped posts that out-voted every quality post, when there were such. */
  readonly flood?: VoteFlood | null;
  /** Posts per kind (introduction, question, …). */
  readonly kinds: Readonly<Record<string, number>>;
  readonly discussions: readonly HotDiscussion[];
  readonly narratives: readonly NarrativeSignal[];
  /** Label → share in the previous hour, for "down from" figures. */
  readonly previousShares: ReadonlyMap<string, number>;
  readonly tone: string;
  readonly sentimentShift: string;
  readonly meanCompound: number;
  /** Standard error of the mean tone. */
  readonly toneNoise: number;
  readonly toneScored: number;
  readonly patterns: readonly TopPostPattern[];
}

function utcHour(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function narrativeLine(n: NarrativeSignal, facts: ReportFacts): string {
  const label = `**${esc(n.label)}**`;
  const before = facts.previousShares.get(n.id ?? n.label);
  if (n.posts === 0) {
    const was = before === undefined ? '' : ` (${formatPercent(before)} of posts in the previous hour)`;
    return `- ${label}: no longer seen this hour${was}`;
  }
  const now = `${formatPercent(n.share)} of posts (${formatInt(n.posts)})`;
  const trend =
    before === undefined
      ? ''
      : n.share === before
        ? ', as in the previous hour'
        : `, ${n.share > before ? 'up' : 'down'} from ${formatPercent(before)}`;
  const since =
    n.firstSeen === facts.hourStart
      ? 'new this hour'
      : n.status === 'emerging' && before === undefined
        ? `back after a gap (first seen ${utcHour(n.firstSeen)})`
        : `since ${utcHour(n.firstSeen)}`;
  return `- ${label}: ${now}${trend}, ${since}`;
}

function anomalySection(facts: ReportFacts): string[] {
  if (facts.anomalies.length === 0 && !facts.flood) return [];
  const lines = ['## Flagged engagement', ''];
  if (facts.flood) lines.push(esc(floodSentence(facts.flood)), '');
  if (facts.anomalies.length > 0) {
    lines.push('Kept out of rankings, patterns and the advisor’s training:', '');
    for (const a of facts.anomalies) lines.push(`- ${postLink(a.post)}: ${esc(a.reason)}`);
    lines.push('');
  }
  return lines;
}

function narrativeSection(facts: ReportFacts): string[] {
  const lines = ['## Narratives', ''];
  if (facts.narratives.length === 0)
    return [...lines, 'No theme drew enough posts to count as a narrative.', ''];
  const groups: [NarrativeSignal['status'], string][] = [
    ['emerging', 'Emerging'],
    ['continuing', 'Continuing'],
    ['fading', 'Fading'],
  ];
  for (const [status, heading] of groups) {
    const members = facts.narratives.filter((n) => n.status === status);
    lines.push(`### ${heading}`, '');
    if (members.length === 0) lines.push('None this hour.');
    else for (const n of members) lines.push(narrativeLine(n, facts));
    lines.push('');
  }
  return lines;
}

function patternSection(facts: ReportFacts): string[] {
  const lines = ['## What worked', ''];
  if (facts.patterns.length === 0) {
    return [
      ...lines,
      'No trait was clearly more common among the best-received posts than among all posts.',
      '',
    ];
  }
  lines.push(
    'Traits the best-received posts (top 10% by upvotes + comments) share more often than all quality posts:',
    '',
  );
  for (const p of facts.patterns) {
    const examples = p.evidence
      .map(
        (e) =>
          `"${esc(e.title, 90)}"${e.author ? ` by @${esc(e.author, 60)}` : ''} (${formatCount(e.upvotes, 'upvote')}, ${formatCount(e.comments, 'comment')})`,
      )
      .join('; ');
    lines.push(
      `- **${p.pattern}**: ${esc(p.description)}. ${formatPercent(p.topShare)} of top posts vs ${formatPercent(p.baseShare)} of all (lift ${p.lift.toFixed(2)}). For example: ${examples}.`,
    );
  }
  lines.push('');
  return lines;
}

/**
 * The hour's `fullDigest`: markdown with the sections Overview, Stories, Hot discussions, Narratives
 * (emerging / continuing / fading), Sentiment, What worked, Flagged engagement, Numbers. Every piece of
 * forum-derived text (labels, handles, titles, quotes) passes through `escapeMarkdownText`, so none of it
 * can open a link, image, heading, code span or HTML tag; the only links are ours, to the forum's posts.
 */
export function renderReport(facts: ReportFacts): string {
  const lines: string[] = [`# ${esc(facts.title)}`, '', '## Overview', '', esc(facts.summary, 1500), ''];
  lines.push(
    ...storySection(facts.stories),
    ...discussionSection(facts.discussions),
    ...narrativeSection(facts),
  );
  lines.push(
    '## Sentiment',
    '',
    `Overall tone: **${esc(facts.tone)}**. ${esc(facts.sentimentShift, 400)}`,
    '',
    facts.toneScored === 0
      ? 'No posts were scored.'
      : `Mean tone ${facts.meanCompound.toFixed(2)} ± ${facts.toneNoise.toFixed(2)} (VADER compound over the title and opening of ${formatCount(facts.toneScored, 'post')}, −1 to 1; the forum's usual level is about 0.15). The tone word weighs tone-lexicon use against the forum's usual levels and changes only when the change is larger than this hour's noise.`,
    '',
  );
  lines.push(...patternSection(facts), ...anomalySection(facts));
  const quality = facts.totalPosts === 0 ? '' : ` (${formatPercent(facts.qualityPosts / facts.totalPosts)})`;
  const inStories = facts.stories.filter((s) => s.posts > 1).reduce((n, s) => n + s.posts, 0);
  const kinds = Object.entries(facts.kinds)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([k, n]) => `${k} ${formatInt(n)}`)
    .join(', ');
  lines.push(
    '## Numbers',
    '',
    '| Measure | Value |',
    '|---|---|',
    `| Hour | ${utcHour(facts.hourStart)} to ${utcHour(facts.hourEnd)} |`,
    `| Posts scraped | ${formatInt(facts.totalPosts)} |`,
    `| Quality posts (passed the filter) | ${formatInt(facts.qualityPosts)}${quality} |`,
    `| Distinct authors | ${formatInt(facts.authors)} |`,
    `| Posts by kind | ${kinds || 'none'} |`,
    `| Posts in a story of several posts | ${formatInt(inStories)}${facts.qualityPosts === 0 ? '' : ` (${formatPercent(inStories / facts.qualityPosts)})`} |`,
    `| Comments reported on quality posts | ${formatInt(facts.commentsReported)} |`,
    `| Threads fetched / comments read | ${formatInt(facts.threadsFetched)} / ${formatInt(facts.commentsFetched)} |`,
    ...(facts.threads
      ? [
          `| Threads wanted / fetched / failed | ${formatInt(facts.threads.wanted)} / ${formatInt(facts.threads.fetched)} / ${formatInt(facts.threads.failed)}${facts.threads.failed > 0 ? ' (incomplete hour: replies of some threads are missing)' : ''} |`,
        ]
      : []),
    `| Narratives tracked | ${formatInt(facts.narratives.length)} |`,
    `| Flagged posts | ${formatInt(facts.anomalies.length)} |`,
    `| Mean tone (VADER compound) | ${facts.meanCompound.toFixed(2)} ± ${facts.toneNoise.toFixed(2)} |`,
    '',
  );
  return lines.join('\n');
}
