import { describe, expect, it } from 'vitest';
import type { NarrativeSignal, PreviousHour } from '../types.ts';
import { narrativeLifecycle, narrativeLists, termSimilarity } from './lifecycle.ts';
import type { NarrativeDraft } from './narratives.ts';
import { narrative, previousHour } from './test-posts.ts';

const NOW = '2026-02-01T12:00:00.000Z';
const HOUR_AGO = '2026-02-01T11:00:00.000Z';
const MEMORY = ['memory persistence', 'context window', 'memory file'];
const SECURITY = ['skill', 'supply chain', 'credential'];

function draft(label: string, terms: string[], share: number): NarrativeDraft {
  return { label, terms, share, posts: Math.round(share * 100) };
}

function hour(hourStart: string, narratives: NarrativeSignal[]): PreviousHour {
  return previousHour({ hourStart, narratives, tone: 'technical', meanCompound: 0.1 });
}

describe('termSimilarity', () => {
  it('is the Dice coefficient and needs two shared terms', () => {
    expect(termSimilarity(['a', 'b', 'c'], ['a', 'b'])).toBe(0.8);
    expect(termSimilarity(['a', 'b', 'c', 'd'], ['a', 'b', 'x', 'y'])).toBe(0.5);
    expect(termSimilarity(['a', 'b', 'c'], ['a', 'x', 'y'])).toBe(0);
    expect(termSimilarity(['a'], ['a', 'x'])).toBeCloseTo(2 / 3);
  });
});

describe('narrativeLifecycle', () => {
  const cases: {
    name: string;
    current: NarrativeDraft[];
    previous: PreviousHour[];
    expected: { label: string; status: NarrativeSignal['status']; firstSeen: string; posts?: number }[];
  }[] = [
    {
      name: 'no earlier hour: everything is emerging and first seen now',
      current: [draft('memory persistence', MEMORY, 0.2)],
      previous: [],
      expected: [{ label: 'memory persistence', status: 'emerging', firstSeen: NOW }],
    },
    {
      name: 'new theme beside an unrelated old one: emerging, and the old one fades',
      current: [draft('skill security', SECURITY, 0.2)],
      previous: [hour(HOUR_AGO, [narrative({ label: 'memory', terms: MEMORY, share: 0.2 })])],
      expected: [
        { label: 'skill security', status: 'emerging', firstSeen: NOW },
        { label: 'memory', status: 'fading', firstSeen: '2026-02-01T08:00:00.000Z', posts: 0 },
      ],
    },
    {
      name: 'present in both at a similar share: continuing with the earlier label and firstSeen',
      current: [draft('context windows', MEMORY, 0.22)],
      previous: [hour(HOUR_AGO, [narrative({ label: 'memory persistence', terms: MEMORY, share: 0.2 })])],
      expected: [
        { label: 'memory persistence', status: 'continuing', firstSeen: '2026-02-01T08:00:00.000Z' },
      ],
    },
    {
      name: 'share doubled: emerging again, identity kept',
      current: [draft('memory', MEMORY, 0.25)],
      previous: [hour(HOUR_AGO, [narrative({ label: 'memory persistence', terms: MEMORY, share: 0.1 })])],
      expected: [{ label: 'memory persistence', status: 'emerging', firstSeen: '2026-02-01T08:00:00.000Z' }],
    },
    {
      name: 'share halved: fading while still present',
      current: [draft('memory', MEMORY, 0.05)],
      previous: [hour(HOUR_AGO, [narrative({ label: 'memory persistence', terms: MEMORY, share: 0.2 })])],
      expected: [
        { label: 'memory persistence', status: 'fading', firstSeen: '2026-02-01T08:00:00.000Z', posts: 5 },
      ],
    },
    {
      name: 'vanished after already fading once: dropped',
      current: [],
      previous: [
        hour(HOUR_AGO, [
          narrative({ label: 'memory persistence', terms: MEMORY, share: 0, posts: 0, status: 'fading' }),
        ]),
      ],
      expected: [],
    },
    {
      name: 'back after a gap: emerging with its old label and firstSeen',
      current: [draft('memory', MEMORY, 0.15)],
      previous: [
        hour(HOUR_AGO, [narrative({ label: 'skill security', terms: SECURITY })]),
        hour('2026-02-01T10:00:00.000Z', [narrative({ label: 'memory persistence', terms: MEMORY })]),
      ],
      expected: [
        { label: 'memory persistence', status: 'emerging', firstSeen: '2026-02-01T08:00:00.000Z' },
        { label: 'skill security', status: 'fading', firstSeen: '2026-02-01T08:00:00.000Z', posts: 0 },
      ],
    },
    {
      name: 'older than the lookback window: forgotten, so new',
      current: [draft('memory', MEMORY, 0.15)],
      previous: [
        hour('2026-02-01T02:00:00.000Z', [narrative({ label: 'memory persistence', terms: MEMORY })]),
      ],
      expected: [{ label: 'memory', status: 'emerging', firstSeen: NOW }],
    },
  ];

  it.each(cases)('$name', ({ current, previous, expected }) => {
    const signals = narrativeLifecycle(current, NOW, previous);
    expect(
      signals.map((s) => ({
        label: s.label,
        status: s.status,
        firstSeen: s.firstSeen,
        ...('posts' in (expected.find((e) => e.label === s.label) ?? {}) ? { posts: s.posts } : {}),
      })),
    ).toEqual(expected);
  });

  it('a vanished narrative is listed as fading exactly once', () => {
    const first = narrativeLifecycle([draft('memory', MEMORY, 0.2)], HOUR_AGO, []);
    const second = narrativeLifecycle([], NOW, [hour(HOUR_AGO, first)]);
    expect(second.map((s) => [s.label, s.status, s.posts])).toEqual([['memory', 'fading', 0]]);
    const third = narrativeLifecycle([], '2026-02-01T13:00:00.000Z', [
      hour(NOW, second),
      hour(HOUR_AGO, first),
    ]);
    expect(third).toEqual([]);
  });

  it('matches one to one, so a split theme keeps the label once', () => {
    const signals = narrativeLifecycle(
      [draft('memory a', MEMORY, 0.2), draft('memory b', [...MEMORY.slice(0, 2), 'vector store'], 0.2)],
      NOW,
      [hour(HOUR_AGO, [narrative({ label: 'memory persistence', terms: MEMORY, share: 0.2 })])],
    );
    expect(signals.map((s) => s.label)).toEqual(['memory persistence', 'memory b']);
    expect(new Set(signals.map((s) => s.label)).size).toBe(signals.length);
  });

  it('lists labels by status', () => {
    const lists = narrativeLists([
      narrative({ label: 'a', terms: ['x'], status: 'emerging' }),
      narrative({ label: 'b', terms: ['y'], status: 'continuing' }),
      narrative({ label: 'c', terms: ['z'], status: 'fading' }),
    ]);
    expect(lists).toEqual({ emerging: ['a'], continuing: ['b'], fading: ['c'] });
  });
});
