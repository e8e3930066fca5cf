/** One `## ` section of a digest's markdown analysis. */
export interface MarkdownSection {
  /** The heading text without the `## ` marker; empty for text before the first section. */
  readonly heading: string;
  /** The section's markdown, its heading line included. */
  readonly markdown: string;
}

/**
 * Splits a markdown analysis at its level-2 headings (outside fenced code), dropping a leading level-1
 * title line, so a page can render the sections it does not show from the digest's own fields.
 */
export function splitSections(markdown: string): MarkdownSection[] {
  const sections: Array<{ heading: string; lines: string[] }> = [{ heading: '', lines: [] }];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const h2 = !fenced && /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h2 && !line.startsWith('###')) sections.push({ heading: h2[1] as string, lines: [line] });
    else (sections.at(-1) as { lines: string[] }).lines.push(line);
  }
  const first = sections[0] as { lines: string[] };
  if (/^#\s/.test(first.lines.find((l) => l.trim() !== '') ?? '')) {
    const at = first.lines.findIndex((l) => l.trim() !== '');
    first.lines.splice(at, 1);
  }
  return sections
    .map((s) => ({ heading: s.heading, markdown: s.lines.join('\n').trim() }))
    .filter((s) => s.markdown !== '');
}

/** The sections whose heading is not in `omit` (compared case-insensitively), joined back into markdown. */
export function sectionsExcept(markdown: string, omit: readonly string[]): string {
  const skip = new Set(omit.map((h) => h.toLowerCase()));
  return splitSections(markdown)
    .filter((s) => !skip.has(s.heading.toLowerCase()))
    .map((s) => s.markdown)
    .join('\n\n');
}
