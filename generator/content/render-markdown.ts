import { escapeMarkdownText } from '../../core/markdown.ts';
import type { Digest } from '../../core/schemas/digest.ts';

/**
 * Renders a digest as a standalone markdown document (the `HH.md` beside `HH.json`): the title, a
 * line of facts, the summary unless the analysis already opens with it, then the analysis itself
 * (its own top heading dropped, so the title appears once). Pure.
 */
export function renderDigestMarkdown(digest: Digest): string {
  const start = digest.hourStart.slice(0, 16).replace('T', ' ');
  const end = digest.hourEnd.slice(11, 16);
  const body = digest.fullDigest.trim().replace(/^# [^\n]*\n+/, '');
  const summary = escapeMarkdownText(digest.summary, 1200);
  const lines = [
    `# ${escapeMarkdownText(digest.title, 200)}`,
    '',
    `*${start}–${end} UTC · ${digest.qualityPosts} quality posts of ${digest.totalPosts} scraped · tone: ${escapeMarkdownText(digest.overallSentiment, 40)}*`,
    '',
    ...(body.includes(summary) ? [] : [summary, '']),
    body,
    '',
    '---',
    '',
    `Digest \`${digest.id}\`, generated ${digest.createdAt}.`,
    '',
  ];
  return lines.join('\n');
}
