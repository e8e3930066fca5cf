import { escapeMarkdownText as esc } from '../../../core/markdown.ts';
import type { HotDiscussion, Story } from '../../../core/schemas/digest.ts';
import { discussionSection, storySection } from '../digest-sections.ts';

/** What the model-written `fullDigest` is made of. */
export interface DigestParts {
  /** The model's title (plain text). */
  readonly title: string;
  /** The model's Overview paragraphs (plain text, one per entry). */
  readonly overview: readonly string[];
  /** The offline stories with the model's gists. */
  readonly stories: readonly Story[];
  /** The offline hot discussions with the model's descriptions. */
  readonly hotDiscussions: readonly HotDiscussion[];
  /** The offline `fullDigest`: its sections other than the three rewritten here are kept as they are. */
  readonly offlineDigest: string;
}

/** Sections this module writes; every other `## ` section of the offline digest is kept verbatim. */
const REWRITTEN = new Set(['overview', 'stories', 'hot discussions']);
const MAX_PARAGRAPH = 1_500;

/** The `## ` sections of a markdown text (heading line included), in order; text before the first is dropped. */
export function sections(markdown: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  for (const line of markdown.split('\n')) {
    const heading = /^## +(.+?)\s*$/.exec(line);
    if (heading) out.push({ name: heading[1] ?? '', text: line });
    else {
      const last = out.at(-1);
      if (last) last.text += `\n${line}`;
    }
  }
  return out;
}

/**
 * The `fullDigest` of a model-written hour: the title, the model's Overview, the Stories and Hot
 * discussions sections rendered here around the model's gists and descriptions with the analysis's
 * numbers, labels and links, then every other section of the offline digest (narratives, sentiment,
 * patterns, flagged engagement, numbers) unchanged. All model text passes through `escapeMarkdownText`,
 * so it cannot open a link, image, heading, code span or tag; the only links are the analysis's.
 */
export function renderDigest(parts: DigestParts): string {
  const lines = [`# ${esc(parts.title)}`, '', '## Overview', ''];
  for (const p of parts.overview) lines.push(esc(p, MAX_PARAGRAPH), '');
  lines.push(...storySection(parts.stories), ...discussionSection(parts.hotDiscussions));
  const kept = sections(parts.offlineDigest)
    .filter((s) => !REWRITTEN.has(s.name.toLowerCase()))
    .map((s) => s.text.trimEnd());
  return `${[...lines, ...kept.flatMap((t) => [t, ''])].join('\n').trimEnd()}\n`;
}
