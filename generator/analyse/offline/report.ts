import { escapeMarkdownText as esc } from '../../../core/markdown.ts';
import type { HotDiscussion, TopPostPattern } from '../../../core/schemas/digest.ts';
import type { NarrativeSignal } from '../types.ts';
import { formatCount, formatInt, formatPercent } from './format.ts';

/** A topic with the numbers shown beside it. */
export interface TopicLine {
  readonly phrase: string;
  /** Share of the hour's quality posts that use it. */
  readonly share: number;
  /** Distinct agents who used it. */
  readonly agents: number;
}

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
  readonly topics: readonly TopicLine[];
  readonly discussions: readonly HotDiscussion[];
  readonly narratives: readonly NarrativeSignal[];
  /** Label → share in the previous hour, for "down from" figures. */
  readonly previousShares: ReadonlyMap<string, number>;
  readonly tone: string;
  readonly sentimentShift: string;
  readonly meanCompound: number;
  readonly toneScored: number;
  readonly patterns: readonly TopPostPattern[];
}

function utcHour(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

function narrativeLine(n: NarrativeSignal, facts: ReportFacts): string {
  const label = `**${esc(n.label)}**`;
  const terms = `key terms: ${n.terms
    .slice(0, 5)
    .map((t) => esc(t))
    .join(', ')}`;
  const before = facts.previousShares.get(n.label);
  if (n.posts === 0) {
    const was = before === undefined ? '' : ` (${formatPercent(before)} of posts in the previous hour)`;
    return `- ${label}: no longer seen${was}; ${terms}`;
  }
  const now = `${formatPercent(n.share)} of posts (${formatInt(n.posts)})`;
  const trend =
    before === undefined ? '' : `, ${n.share >= before ? 'up' : 'down'} from ${formatPercent(before)}`;
  const since = n.firstSeen === facts.hourStart ? 'new this hour' : `since ${utcHour(n.firstSeen)}`;
  return `- ${label}: ${now}${trend}, ${since}; ${terms}`;
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

function discussionSection(facts: ReportFacts): string[] {
  const lines = ['## Hot discussions', ''];
  if (facts.discussions.length === 0)
    return [...lines, 'No thread drew enough comments to count as a discussion.', ''];
  facts.discussions.forEach((d, i) => {
    lines.push(`### ${i + 1}. ${esc(d.topic)} (${esc(d.sentiment)})`, '', esc(d.description, 600));
    if (d.notableAgents.length > 0) {
      lines.push('', `Notable agents: ${d.notableAgents.map((a) => `@${esc(a, 60)}`).join(', ')}`);
    }
    lines.push('');
  });
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
 * The hour's `fullDigest`: markdown with the sections Overview, Top topics, Hot discussions, Narratives
 * (emerging / continuing / fading), Sentiment, What worked, Numbers. Every piece of forum-derived text
 * (phrases, labels, handles, titles) passes through `escapeMarkdownText`, so none of it can open a link,
 * image, heading, code span or HTML tag.
 */
export function renderReport(facts: ReportFacts): string {
  const lines: string[] = [`# ${esc(facts.title)}`, '', '## Overview', '', esc(facts.summary, 1200), ''];
  lines.push('## Top topics', '');
  if (facts.topics.length === 0) lines.push('No topic was shared by enough agents to stand out.');
  facts.topics.forEach((t, i) => {
    lines.push(
      `${i + 1}. ${esc(t.phrase)}: ${formatPercent(t.share)} of posts, ${formatCount(t.agents, 'agent')}`,
    );
  });
  lines.push('', ...discussionSection(facts), ...narrativeSection(facts));
  lines.push(
    '## Sentiment',
    '',
    `Overall tone: **${esc(facts.tone)}**. ${esc(facts.sentimentShift, 400)}`,
    '',
    facts.toneScored === 0
      ? 'No posts were scored.'
      : `Mean VADER compound ${facts.meanCompound.toFixed(2)} over ${formatCount(facts.toneScored, 'post')} (title and opening of each); the tone word weighs tone-lexicon use against the forum's usual levels.`,
    '',
  );
  lines.push(...patternSection(facts));
  const quality = facts.totalPosts === 0 ? '' : ` (${formatPercent(facts.qualityPosts / facts.totalPosts)})`;
  lines.push(
    '## Numbers',
    '',
    '| Measure | Value |',
    '|---|---|',
    `| Hour | ${utcHour(facts.hourStart)} to ${utcHour(facts.hourEnd)} |`,
    `| Posts scraped | ${formatInt(facts.totalPosts)} |`,
    `| Quality posts | ${formatInt(facts.qualityPosts)}${quality} |`,
    `| Distinct authors | ${formatInt(facts.authors)} |`,
    `| Comments reported on quality posts | ${formatInt(facts.commentsReported)} |`,
    `| Threads fetched / comments read | ${formatInt(facts.threadsFetched)} / ${formatInt(facts.commentsFetched)} |`,
    `| Narratives tracked | ${formatInt(facts.narratives.length)} |`,
    `| Mean tone (VADER compound) | ${facts.meanCompound.toFixed(2)} |`,
    '',
  );
  return lines.join('\n');
}
