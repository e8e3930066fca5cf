import { describe, expect, it } from 'vitest';
import { renderReport } from './render.ts';
import { reportDigests } from './report.ts';
import { digest, hourOf, narrative, olderDigest, signals, story } from './testing/fixtures.ts';

/** Three hours: a clean one, one with a contradiction and a generic label, one written before stories. */
function threeHours() {
  return [
    hourOf(
      digest(0, { stories: [story('newcomer introductions', { posts: 50 })] }),
      signals(0, [narrative('memory & context', { status: 'emerging' })]),
    ),
    hourOf(
      digest(1, { topTopics: ['API', 'consciousness debates'], overallSentiment: 'skeptical' }),
      signals(1, [narrative('memory & context', { status: 'fading' })]),
    ),
    hourOf(
      olderDigest(2, { overallSentiment: 'skeptical' }),
      signals(2, [narrative('memory & context', { status: 'emerging' })]),
    ),
  ];
}

describe('reportDigests', () => {
  it('adds up the hours, oldest first whatever the input order', () => {
    const r = reportDigests([...threeHours()].reverse());
    expect(r.from).toBe('2026-01-30T16:00:00.000Z');
    expect(r.to).toBe('2026-01-30T18:00:00.000Z');
    expect(r.hours.map((h) => h.contradictions.length)).toEqual([0, 1, 0]);
    expect(r.totals).toMatchObject({
      hours: 3,
      contradictions: 1,
      genericLabels: 1,
      hotDiscussions: 3,
      unlinkedDiscussions: 1,
      toneChanges: { pairs: 2, changed: 1, share: 0.5 },
      narratives: 1,
      reversals: 1,
      hoursWithoutStories: 1,
    });
    expect(r.totals.contradictionsByKind['top-topic-fading']).toBe(1);
    expect(r.totals.flipFlops[0]).toMatchObject({ label: 'memory & context', sequence: ['E', 'F', 'E'] });
    // hour 0: 50 of 200 posts; hour 1: 70 of 200 (the fixture's two stories)
    expect(r.totals.meanStoryCoverage).toBeCloseTo((0.25 + 0.35) / 2);
  });

  it('reports an empty range without failing', () => {
    expect(reportDigests([])).toMatchObject({
      from: null,
      to: null,
      totals: { hours: 0, meanStoryCoverage: null },
    });
  });
});

describe('renderReport', () => {
  it('prints every figure, and says when a digest was written before stories', () => {
    const text = renderReport(reportDigests(threeHours()), 'content');
    expect(text).toContain('(c) top-topic-fading: top topic "consciousness debates" is fading');
    expect(text).toContain('generic labels: 1 — topTopics "API"');
    expect(text).toContain('no stories (written before stories)');
    expect(text).toContain('hot discussions without a post link: 1 of 3 (33%)');
    expect(text).toContain('tone-word changes: 1 of 2 consecutive hour pairs (50%)');
    expect(text).toContain('memory & context: E,F,E  (1)');
    expect(text).toContain('quality posts in a named story: mean 30% over 2 hours with stories; 1 without');
  });

  it('prints a digest made only of older hours without crashing', () => {
    const text = renderReport(reportDigests([hourOf(olderDigest(0))]), 'content');
    expect(text).toContain('no stories (every digest was written before stories)');
  });

  it('prints untrusted titles as one plain quoted line', () => {
    const text = renderReport(
      reportDigests([hourOf(digest(0, { title: 'Evil\u001b]0;pwned\u0007\ntitle' }))]),
      'c',
    );
    const controls = [...text].filter((c) => c !== '\n' && (c.codePointAt(0) ?? 0) < 0x20);
    expect(controls).toEqual([]);
    expect(text).toContain('"Evil ]0;pwned title"');
  });
});
