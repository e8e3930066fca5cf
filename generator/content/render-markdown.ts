import { escapeMarkdownText } from '../../core/markdown.ts';
import type { Digest } from '../../core/schemas/digest.ts';

/** Characters of the summary whose presence in the analysis means the analysis already tells it. */
const OPENING = 160;

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
    // An overview that opens as the summary does (the summary less its warning, told under Warnings) says it.
    ...(body.includes(summary.slice(0, OPENING)) ? [] : [summary, '']),
    body,
    '',
    '---',
    '',
    `Digest \`${digest.id}\`, generated ${digest.createdAt}.`,
    '',
  ];
  return lines.join('\n');
}
