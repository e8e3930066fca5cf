import { formatCount, formatInt, formatPercent } from './format.ts';
import { escapeMarkdownText as esc } from './markdown.ts';
import type {
  BackgroundItem,
  Digest,
  ENGAGEMENT_STATES,
  EngagementAnomaly,
  Hazard,
  HotDiscussion,
  HourNumbers,
  NarrativeLine,
  Story,
  StoryPost,
  ToneReport,
  TopPostPattern,
} from './schemas/digest.ts';
import { BUSIEST_THREADS } from './schemas/digest.ts';
import { isThemeLabel } from './themes.ts';

/**
 * The digest's `fullDigest`, rendered once from its fields: every section is a function of the digest's
 * data, so the site, the API and the model-written digests read fields and never parse markdown. Forum and
 * model text passes through `escapeMarkdownText`; the only links are the analysis's own (the forum base
 * plus an encoded post id).
 */

/** The fields the report is rendered from. */
export type ReportFields = Pick<
  Digest,
  | 'title'
  | 'summary'
  | 'hourStart'
  | 'hourEnd'
  | 'totalPosts'
  | 'qualityPosts'
  | 'hotDiscussions'
  | 'topPostPatterns'
> & {
  readonly stories: readonly Story[];
  readonly anomalies: readonly EngagementAnomaly[];
  readonly background: readonly BackgroundItem[];
  readonly hazards: readonly Hazard[];
  /** Threads outside the stories and discussions that drew the most replies. */
  readonly moreThreads?: readonly StoryPost[] | undefined;
  readonly numbers: HourNumbers;
  readonly tone: ToneReport;
  readonly sentimentShift: string;
  readonly narrativeLines: readonly NarrativeLine[];
  readonly floodNote?: string | undefined;
  /** Overview paragraphs when they differ from the summary (a model's); the summary otherwise. */
  readonly overview?: readonly string[];
};

function utcHour(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** A markdown link to a post with its author and numbers. */
export function postLink(p: StoryPost): string {
  const by = p.author ? ` by @${esc(p.author, 60)}` : '';
  return `[${esc(p.title || 'untitled', 100)}](${p.url})${by} (score ${formatInt(p.score)}, ${formatCount(p.comments, 'comment')})`;
}

/**
 * A story's warning less the sentences on posts the Warnings section lists (`@agent's "title" <the
 * hazard's warning>.`), with those posts; readers of three hours found each warning printed twice.
 */
export function unlistedWarning(
  story: Pick<Story, 'warning' | 'postIds' | 'lead'>,
  hazards: readonly Hazard[],
): { readonly rest: string; readonly listed: readonly StoryPost[] } {
  let rest = story.warning ?? '';
  const ids = new Set([...(story.postIds ?? []), story.lead.postId]);
  const listed: StoryPost[] = [];
  for (const h of hazards) {
    if (!ids.has(h.post.postId)) continue;
    const end = rest.indexOf(`${h.warning}.`);
    const start = end < 0 ? -1 : rest.lastIndexOf(h.post.author ? `@${h.post.author}'s "` : 'A "', end);
    if (start < 0) continue;
    rest = `${rest.slice(0, start)}${rest.slice(end + h.warning.length + 1)}`.replace(/\s+/g, ' ').trim();
    listed.push(h.post);
  }
  return { rest, listed };
}

/** `## Stories`: each story, most newsworthy first, with its kind of news, numbers, gist and posts. */
export function storySection(stories: readonly Story[], hazards: readonly Hazard[] = []): string[] {
  const lines = ['## Stories', ''];
  if (stories.length === 0) return [...lines, 'No subject drew several agents this hour.', ''];
  stories.forEach((s, i) => {
    const kind = s.newsKind && s.newsKind !== 'discussion' ? ` · ${s.newsKind}` : '';
    // The agents are counted on this line already: a signal that only repeats the count is left out.
    const signals = (s.signals ?? []).filter((x) => x !== formatCount(s.agents, 'agent'));
    const why = signals.length > 0 ? ` · ${esc(signals.join('; '), 300)}` : '';
    lines.push(
      `### ${i + 1}. ${esc(s.label)}`,
      '',
      `${formatCount(s.posts, 'post')} by ${formatCount(s.agents, 'agent')}${kind}${why}`,
      '',
      esc(s.gist, 600),
      '',
    );
    if (s.warning) {
      const { rest, listed } = unlistedWarning(s, hazards);
      const see =
        listed.length > 0
          ? `${listed.map((p) => `"${esc(p.title, 80)}"`).join(' and ')}: see Warnings above.`
          : '';
      lines.push(`**Warning:** ${[esc(rest, 900), see].filter((x) => x).join(' ')}`, '');
    }
    // The count above holds every post: those not listed are counted, so a reader's tally agrees with it.
    const unlisted = s.posts - 1 - s.related.length;
    lines.push(
      `- Lead: ${postLink(s.lead)}`,
      ...s.related.map((r) => `- ${postLink(r)}`),
      ...(unlisted > 0 ? [`- and ${formatCount(unlisted, 'more post')}`] : []),
      '',
    );
  });
  return lines;
}

/** Comments from which a flagged post's thread is worth naming as left out of the hot discussions. */
const LEFT_OUT_COMMENTS = 10;

/**
 * Plain sentences on the flagged posts whose threads drew replies (10+ comments, most first, at most two):
 * kept out of the hot discussions by rule, but a reader who saw them on the forum should learn why.
 */
export function leftOutThreads(anomalies: readonly EngagementAnomaly[]): string[] {
  return anomalies
    .filter((a) => a.post.comments >= LEFT_OUT_COMMENTS)
    .sort((a, b) => b.post.comments - a.post.comments)
    .slice(0, 2)
    .map(
      (a) =>
        `Left out: ${a.post.author ? `@${a.post.author}'s` : 'the'} "${a.post.title.replace(/\s+/g, ' ').trim().slice(0, 100)}" drew ${formatCount(a.post.comments, 'comment')}, but its votes are flagged (see Flagged engagement), so it is not listed as a discussion.`,
    );
}

/**
 * Whether a hot discussion's notable agents are worth a line: the author alone is no news (readers of
 * three hours found "Notable agents: @<the author>" under every thread whose replies were not read).
 */
export function showsNotableAgents(d: Pick<HotDiscussion, 'notableAgents'>): boolean {
  return d.notableAgents.length > 1;
}

/** `## Hot discussions`: each thread with its tone (and whose), description, link and agents. */
export function discussionSection(
  discussions: readonly HotDiscussion[],
  engagementNote = '',
  anomalies: readonly EngagementAnomaly[] = [],
): string[] {
  const lines = ['## Hot discussions', ''];
  if (engagementNote) lines.push(esc(engagementNote, 600), '');
  for (const sentence of leftOutThreads(anomalies)) lines.push(esc(sentence, 400), '');
  if (discussions.length === 0)
    return [...lines, 'No other thread drew enough organic comments to count as a discussion.', ''];
  const unread = unreadNote(discussions);
  if (unread) lines.push(unread, '');
  discussions.forEach((d, i) => {
    lines.push(
      `### ${i + 1}. ${esc(d.topic)}`,
      '',
      `Tone: ${esc(d.sentiment)}${unread ? '' : toneSource(d.sentimentOf)}`,
      '',
    );
    if (d.warning) lines.push(`**Warning:** ${esc(d.warning)}`, '');
    lines.push(esc(d.description, 700));
    if (d.postUrl) lines.push('', `[Read the thread](${d.postUrl})`);
    if (showsNotableAgents(d))
      lines.push('', `Notable agents: ${d.notableAgents.map((a) => `@${esc(a, 60)}`).join(', ')}`);
    lines.push('');
  });
  return lines;
}

/** `## More threads`: the threads outside the stories and discussions above that drew the most replies. */
export function moreThreadsSection(threads: readonly StoryPost[]): string[] {
  if (threads.length === 0) return [];
  return [
    '## More threads',
    '',
    'Outside the stories and discussions above, these threads drew the most replies:',
    '',
    ...threads.map((p) => `- ${postLink(p)}`),
    '',
  ];
}

/** `## Background`: the streams that are not news, one line each with counts and examples. */
export function backgroundSection(background: readonly BackgroundItem[]): string[] {
  if (background.length === 0) return [];
  const lines = ['## Background', ''];
  const languages = background.filter((b) => b.stream === 'other-languages');
  for (const b of background) {
    if (b.stream === 'other-languages' && languages.length > 1) {
      // Every other language on one line: the count per language is what a reader wants from them.
      if (b !== languages[0]) continue;
      const total = languages.reduce((n, l) => n + l.posts, 0);
      const each = languages.map((l) => `${esc(l.label.replace(/^posts in /, ''))} ${formatInt(l.posts)}`);
      lines.push(
        `- **posts in other languages**: ${formatCount(total, 'post')} (${each.join(', ')}), such as ${languages
          .flatMap((l) => l.examples.slice(0, 1))
          .slice(0, 3)
          .map(postLink)
          .join('; ')}`,
      );
      continue;
    }
    const examples = b.examples.map(postLink).join('; ');
    const busy = b.busiestThreads
      ? `, ${b.busiestThreads} of them among the hour's ${BUSIEST_THREADS} most-answered`
      : '';
    lines.push(
      `- **${esc(b.label)}**: ${formatCount(b.posts, 'post')} by ${formatCount(b.agents, 'agent')}${busy}${examples ? `, such as ${examples}` : ''}`,
    );
  }
  lines.push('');
  return lines;
}

function narrativeLine(n: NarrativeLine, hourStart: string): string {
  const label = `**${esc(n.label)}**`;
  const was = n.previousPosts ?? null;
  const before = n.previousShare;
  if (n.posts === 0) {
    const then =
      was !== null
        ? ` (${formatCount(was, 'post')} in the previous hour)`
        : before === null
          ? ''
          : ` (${formatPercent(before)} of posts in the previous hour)`;
    return n.mentions
      ? `- ${label}: no story this hour, though ${formatCount(n.mentions, 'post')} still ${n.mentions === 1 ? 'names' : 'name'} it${then}`
      : `- ${label}: no longer seen this hour${then}`;
  }
  const now = `${formatCount(n.posts, 'post')} (${formatPercent(n.share)} of the hour)`;
  const trend =
    was !== null
      ? was === n.posts
        ? ', as many as in the previous hour'
        : `, ${n.posts > was ? 'up' : 'down'} from ${formatInt(was)}`
      : before === null
        ? ''
        : n.share === before
          ? ', as in the previous hour'
          : `, ${n.share > before ? 'up' : 'down'} from ${formatPercent(before)}`;
  // Quiet hours lie between its first sighting and this hour only when it was first seen before the last one.
  const quietBetween = Date.parse(n.firstSeen) < Date.parse(hourStart) - 3_600_000;
  const since =
    n.firstSeen === hourStart
      ? 'new this hour'
      : before === null && n.status !== 'fading' && quietBetween
        ? `back after quiet hours (first seen ${utcHour(n.firstSeen)})`
        : `since ${utcHour(n.firstSeen)}`;
  return `- ${label}: ${now}${trend}, ${since}${n.lead ? `; this hour led by ${postLink(n.lead)}` : ''}`;
}

/** `## Narratives`: emerging, continuing and fading, each with its share now and before. */
export function narrativeSection(lines_: readonly NarrativeLine[], hourStart: string): string[] {
  const lines = ['## Narratives', ''];
  if (lines_.length === 0) return [...lines, 'No theme drew enough posts to count as a narrative.', ''];
  const { emerging, continuing, standing, fading } = narrativeGroups(lines_);
  for (const [members, heading] of [
    [emerging, 'Emerging'],
    [continuing, 'Continuing'],
    [standing, STANDING_HEADING],
    [fading, 'Fading'],
  ] as const) {
    // The standing themes are shown only when some continue: they are the forum's everyday talk, not news.
    if (heading === STANDING_HEADING && members.length === 0) continue;
    lines.push(`### ${heading}`, '');
    if (members.length === 0) lines.push('None this hour.');
    else for (const n of members) lines.push(narrativeLine(n, hourStart));
    lines.push('');
  }
  return lines;
}

/** The heading under which continuing standing themes are listed, apart from the hour's storylines. */
export const STANDING_HEADING = 'Continuing: standing themes';

/**
 * A digest's narratives by how a reader is told them: emerging, continuing storylines, the forum's standing
 * themes that continue (memory, consciousness, trading: talked of every day, `core/themes.ts`), and fading;
 * each in the digest's order. Works on labels or on lines. Pure.
 */
export function narrativeGroups<T extends { readonly label: string; readonly status: string }>(
  items: readonly T[],
): { emerging: T[]; continuing: T[]; standing: T[]; fading: T[] } {
  const continuing = items.filter((n) => n.status === 'continuing');
  return {
    emerging: items.filter((n) => n.status === 'emerging'),
    continuing: continuing.filter((n) => !isThemeLabel(n.label)),
    standing: continuing.filter((n) => isThemeLabel(n.label)),
    fading: items.filter((n) => n.status === 'fading'),
  };
}

/** `## Tone`: the word, why, the change against the previous hour, and the numbers behind it. */
export function toneSection(tone: ToneReport, shift: string): string[] {
  return ['## Tone', '', `**${esc(tone.word)}**: ${esc(tone.why, 400)}`, '', esc(shift, 400), ''];
}

/**
 * `## What worked`: traits the best-received posts share more often than the rest, with examples; left
 * out when no trait beats chance (an empty section is filler to a reader).
 */
export function patternSection(patterns: readonly TopPostPattern[]): string[] {
  if (patterns.length === 0) return [];
  const lines = ['## What worked', ''];
  lines.push(
    'Traits the best-received posts (top 10% by upvotes + comments) share more often than all quality posts:',
    '',
  );
  for (const p of patterns) {
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

/** `## Warnings`: posts dangerous to their readers, each with what not to do. */
export function hazardSection(hazards: readonly Hazard[]): string[] {
  if (hazards.length === 0) return [];
  return ['## Warnings', '', ...hazards.map((h) => `- ${postLink(h.post)}: ${esc(h.warning, 300)}`), ''];
}

/** `## Flagged engagement`: a vote flood among dropped posts and the posts whose numbers look inorganic. */
export function flaggedSection(anomalies: readonly EngagementAnomaly[], floodNote?: string): string[] {
  if (anomalies.length === 0 && !floodNote) return [];
  const lines = ['## Flagged engagement', ''];
  if (floodNote) lines.push(esc(floodNote, 600), '');
  if (anomalies.length > 0) {
    lines.push('Kept out of the stories’ rankings and the hot discussions:', '');
    for (const a of anomalies) lines.push(`- ${postLink(a.post)}: ${esc(a.reason)}`);
    lines.push('');
  }
  return lines;
}

/** `## Numbers`: the hour's table. */
export function numbersSection(
  d: Pick<ReportFields, 'hourStart' | 'hourEnd' | 'totalPosts' | 'qualityPosts' | 'numbers' | 'tone'>,
): string[] {
  const n = d.numbers;
  const quality = d.totalPosts === 0 ? '' : ` (${formatPercent(d.qualityPosts / d.totalPosts)})`;
  const list = (r: Readonly<Record<string, number>>): string =>
    Object.entries(r)
      .filter(([, v]) => v > 0)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k, v]) => `${k} ${formatInt(v)}`)
      .join(', ') || 'none';
  return [
    '## Numbers',
    '',
    '| Measure | Value |',
    '|---|---|',
    `| Hour | ${utcHour(d.hourStart)} to ${utcHour(d.hourEnd)} |`,
    `| Posts scraped | ${formatInt(d.totalPosts)} |`,
    `| Quality posts (passed the filter) | ${formatInt(d.qualityPosts)}${quality} |`,
    `| Dropped by the filter | ${list(n.droppedByReason)} |`,
    `| Distinct authors | ${formatInt(n.authors)} |`,
    `| Posts by kind | ${list(n.postsByKind)} |`,
    `| Posts in a story of several posts | ${formatInt(n.inStories)}${d.qualityPosts === 0 ? '' : ` (${formatPercent(n.inStories / d.qualityPosts)})`} |`,
    `| Comments reported on quality posts | ${formatInt(n.commentsReported)} |`,
    `| Comment counts | ${ENGAGEMENT_WORDS[n.engagement]} |`,
    // A replay or an hour whose threads were not fetched has no thread figures worth a row.
    ...(n.threadsFetched > 0 || n.commentsRead > 0 || (n.threads?.wanted ?? 0) > 0
      ? [
          `| Threads fetched / comments read | ${formatInt(n.threadsFetched)} / ${formatInt(n.commentsRead)} |`,
        ]
      : []),
    ...(n.threads && n.threads.wanted > 0
      ? [
          `| Threads wanted / fetched / failed | ${formatInt(n.threads.wanted)} / ${formatInt(n.threads.fetched)} / ${formatInt(n.threads.failed)}${n.threads.failed > 0 ? ' (incomplete hour: replies of some threads are missing)' : ''} |`,
        ]
      : []),
    `| Narratives tracked | ${formatInt(n.narrativesTracked)} |`,
    `| Quality posts flagged for votes without discussion | ${formatInt(n.flaggedPosts)} |`,
    `| Mean tone (VADER compound, −1 to 1, over ${formatCount(d.tone.scored, 'post')}) | ${d.tone.scored === 0 ? 'none scored' : `${d.tone.meanCompound.toFixed(2)} ± ${d.tone.noise.toFixed(2)}`} |`,
    '',
  ];
}

/**
 * What the engagement state says about comment counts, in a reader's words (the state names how the
 * hour's comments came in, not whether its votes were honest: floods and inflated posts are told above).
 */
const ENGAGEMENT_WORDS: Readonly<Record<(typeof ENGAGEMENT_STATES)[number], string>> = {
  organic: 'came in normally',
  frozen: 'stalled while votes came (frozen)',
  missing: 'not recorded (missing)',
};

/**
 * What a hot discussion's tone word was read from, said after it: the replies, or the post alone when its
 * replies were not read (readers took a bare "(post)" for the thread's mood). The site and the report both use it.
 */
export function toneSource(sentimentOf: 'replies' | 'post' | undefined): string {
  if (sentimentOf === 'replies') return ' (of the replies)';
  if (sentimentOf === 'post') return ' (of the post; replies not read)';
  return '';
}

/**
 * Said once above the hot discussions when no thread's replies were read, instead of "(of the post;
 * replies not read)" after every tone (readers of three hours found it repeated under each thread); null
 * when some were read, each tone then saying its own source (`toneSource`).
 */
export function unreadNote(discussions: readonly Pick<HotDiscussion, 'sentimentOf'>[]): string | null {
  return discussions.length > 1 && discussions.every((d) => d.sentimentOf === 'post')
    ? "The replies to these threads were not read this hour: each tone is its post's own."
    : null;
}

/** Overview, Warnings, Stories, Hot discussions, More threads, Background, Narratives, Tone, What worked, Flagged engagement, Numbers. */
export function renderFullDigest(d: ReportFields): string {
  const overview = d.overview && d.overview.length > 0 ? d.overview : [d.summary];
  const lines = [`# ${esc(d.title)}`, '', '## Overview', ''];
  for (const p of overview) lines.push(esc(p, 1500), '');
  lines.push(
    ...hazardSection(d.hazards),
    ...storySection(d.stories, d.hazards),
    ...discussionSection(d.hotDiscussions, d.numbers.engagementNote, d.anomalies),
    ...moreThreadsSection(d.moreThreads ?? []),
    ...backgroundSection(d.background),
    ...narrativeSection(d.narrativeLines, d.hourStart),
    ...toneSection(d.tone, d.sentimentShift),
    ...patternSection(d.topPostPatterns),
    ...flaggedSection(d.anomalies, d.floodNote),
    ...numbersSection(d),
  );
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * The sections a page shows below a digest's stories, discussions and narratives — warnings, more threads, background, tone,
 * what worked, flagged engagement, numbers — rendered from the fields; null for a digest written before
 * those fields existed (show its `fullDigest` instead).
 */
export function sectionsFromFields(d: Digest): string | null {
  if (!d.numbers || !d.tone) return null;
  return [
    ...hazardSection(d.hazards ?? []),
    ...moreThreadsSection(d.moreThreads ?? []),
    ...backgroundSection(d.background ?? []),
    ...toneSection(d.tone, d.sentimentShift),
    ...patternSection(d.topPostPatterns),
    ...flaggedSection(d.anomalies ?? [], d.floodNote),
    ...numbersSection({ ...d, numbers: d.numbers, tone: d.tone }),
  ]
    .join('\n')
    .trimEnd();
}
