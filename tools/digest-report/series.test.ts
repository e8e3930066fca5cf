import { describe, expect, it } from 'vitest';
import { countReversals, narrativeSeries, toneChanges } from './series.ts';
import { digest, hourOf, narrative, signals } from './testing/fixtures.ts';

describe('tone-word changes', () => {
  it('counts changes between digests exactly one hour apart, in any input order', () => {
    const hours = [
      digest(2, { overallSentiment: 'skeptical' }),
      digest(0, { overallSentiment: 'measured' }),
      digest(1, { overallSentiment: 'Measured' }),
      digest(5, { overallSentiment: 'playful' }), // after a gap: no pair with hour 2
    ].map((d) => hourOf(d));
    expect(toneChanges(hours)).toEqual({ pairs: 2, changed: 1, share: 0.5 });
  });

  it('has no share without a pair', () => {
    expect(toneChanges([hourOf(digest())])).toEqual({ pairs: 0, changed: 0, share: null });
  });
});

describe('status reversals', () => {
  it('counts a return to an earlier status within 3 hours', () => {
    expect(countReversals(['E', 'F', 'E'])).toBe(1);
    expect(countReversals(['E', 'C', 'C', 'F', 'E'])).toBe(0); // E is 4 hours back
    expect(countReversals(['C', 'F', 'F', 'C'])).toBe(1);
    expect(countReversals(['E', 'F', 'E', 'F'])).toBe(2);
    expect(countReversals(['E', 'C', 'C', 'C', 'F'])).toBe(0); // the normal life of a narrative
    expect(countReversals(['C', 'F', '-', 'C'])).toBe(0); // back after an absence
  });

  it('follows a narrative by id across a label change, and by label without id', () => {
    const statuses = ['emerging', 'fading', 'emerging', 'continuing'] as const;
    const hours = statuses.map((status, i) =>
      hourOf(
        digest(i),
        signals(i, [
          narrative(i < 2 ? 'memory & context' : 'agent memory files', { id: 'n-mem', status }),
          narrative('newcomer introductions', { status: 'continuing' }),
        ]),
      ),
    );
    const series = narrativeSeries(hours);
    expect(series[0]).toEqual({
      key: 'id:n-mem',
      label: 'agent memory files',
      sequence: ['E', 'F', 'E', 'C'],
      reversals: 1,
    });
    expect(series[1]).toMatchObject({ key: 'label:introduction newcomer', sequence: ['C', 'C', 'C', 'C'] });
  });

  it("reads a digest's lists when its signals are missing, and marks missing hours with -", () => {
    const hours = [
      hourOf(digest(0, { emergingNarratives: ['x risk'], continuingNarratives: [], fadingNarratives: [] })),
      hourOf(digest(1, { emergingNarratives: [], continuingNarratives: [], fadingNarratives: ['x risk'] })),
      hourOf(digest(3, { emergingNarratives: ['x risk'], continuingNarratives: [], fadingNarratives: [] })),
    ];
    expect(narrativeSeries(hours)).toEqual([
      { key: 'label:risk x', label: 'x risk', sequence: ['E', 'F', '-', 'E'], reversals: 0 },
    ]);
  });
});
