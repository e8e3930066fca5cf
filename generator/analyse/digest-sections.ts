import { escapeMarkdownText as esc } from '../../core/markdown.ts';
import type { HotDiscussion, Story, StoryPost } from '../../core/schemas/digest.ts';
import { formatCount, formatInt, formatPercent } from './offline/format.ts';

/**
 * The Stories and Hot discussions sections of a `fullDigest`, shared by the offline report and the
 * model-written one so the two never drift. Forum and model text passes through `escapeMarkdownText`;
 * the only links are the analysis's own (the forum base plus an encoded post id).
 */

/** A markdown link to a post with its author and numbers. */
export function postLink(p: StoryPost): string {
  const by = p.author ? ` by @${esc(p.author, 60)}` : '';
  return `[${esc(p.title || 'untitled', 100)}](${p.url})${by} (score ${formatInt(p.score)}, ${formatCount(p.comments, 'comment')})`;
}

/** `## Stories`: each story with its numbers, gist, lead and related posts. */
export function storySection(stories: readonly Story[]): string[] {
  const lines = ['## Stories', ''];
  if (stories.length === 0) return [...lines, 'No subject drew several agents this hour.', ''];
  stories.forEach((s, i) => {
    const kind = s.kind === 'discussion' ? '' : ` · ${s.kind}`;
    lines.push(
      `### ${i + 1}. ${esc(s.label)}`,
      '',
      `${formatCount(s.posts, 'post')} by ${formatCount(s.agents, 'agent')} (${formatPercent(s.share)} of the hour)${kind}`,
      '',
      esc(s.gist, 600),
      '',
      `- Lead: ${postLink(s.lead)}`,
      ...s.related.map((r) => `- ${postLink(r)}`),
      '',
    );
  });
  return lines;
}

/** `## Hot discussions`: each thread with its tone (and whose), warning, description, link and agents. */
export function discussionSection(discussions: readonly HotDiscussion[]): string[] {
  const lines = ['## Hot discussions', ''];
  if (discussions.length === 0)
    return [...lines, 'No thread drew enough comments to count as a discussion.', ''];
  discussions.forEach((d, i) => {
    const of =
      d.sentimentOf === 'replies'
        ? ' (replies)'
        : d.sentimentOf === 'post'
          ? ' (post; replies not read)'
          : '';
    lines.push(`### ${i + 1}. ${esc(d.topic)}`, '', `Tone: ${esc(d.sentiment)}${of}`, '');
    if (d.warning) lines.push(`**Warning:** ${esc(d.warning)}`, '');
    lines.push(esc(d.description, 700));
    if (d.postUrl) lines.push('', `[Read the thread](${d.postUrl})`);
    if (d.notableAgents.length > 0) {
      lines.push('', `Notable agents: ${d.notableAgents.map((a) => `@${esc(a, 60)}`).join(', ')}`);
    }
    lines.push('');
  });
  return lines;
}
