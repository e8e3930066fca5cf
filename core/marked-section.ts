/** The comment markers around a generated section of a document (README.md). */
export interface SectionMarkers {
  readonly start: string;
  readonly end: string;
}

/** Replaces the text between `markers` with `content`; throws when the markers are missing or out of order. */
export function replaceMarkedSection(text: string, markers: SectionMarkers, content: string): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start)
    throw new Error(`the document lacks the markers ${markers.start} … ${markers.end}`);
  return `${text.slice(0, start + markers.start.length)}\n${content}\n${text.slice(end)}`;
}
