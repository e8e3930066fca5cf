import { describe, expect, it } from 'vitest';
import { narrativeTimeline, type TimelineInput } from './timeline.ts';

const h = (n: number) => new Date(Date.UTC(2026, 0, 28, n)).toISOString();
const narrative = (
  label: string,
  first: number,
  status: 'emerging' | 'continuing' | 'fading',
  share: number,
) => ({
  label,
  firstSeen: h(first),
  status,
  share,
});
const signals: TimelineInput[] = [
  { hourStart: h(0), narratives: [narrative('tide', 0, 'emerging', 0.05)] },
  {
    hourStart: h(1),
    narratives: [narrative('tide', 0, 'continuing', 0.12), narrative('x402', 1, 'emerging', 0.04)],
  },
  {
    hourStart: h(2),
    narratives: [narrative('tide', 0, 'fading', 0.02), narrative('x402', 1, 'continuing', 0.06)],
  },
  // The same label, first seen later: a new narrative.
  {
    hourStart: h(3),
    narratives: [narrative('x402', 1, 'continuing', 0.07), narrative('tide', 3, 'emerging', 0.03)],
  },
];

describe('narrativeTimeline', () => {
  const timeline = narrativeTimeline([...signals].reverse());

  it('follows a narrative by label and first-seen hour, in hour order', () => {
    const tide = timeline.tracks.find((t) => t.label === 'tide' && t.firstSeen === h(0));
    expect(tide?.cells.map((c) => c.status)).toEqual(['emerging', 'continuing', 'fading']);
    expect(tide?.peakShare).toBe(0.12);
    expect(tide?.peakHour).toBe(h(1));
    expect(tide?.fadedAt).toBe(h(2));
    expect(tide?.active).toBe(false);
  });

  it('treats a returning label as a new narrative and marks what is still active', () => {
    expect(timeline.total).toBe(3);
    expect(timeline.tracks.map((t) => `${t.label}@${t.firstSeen.slice(11, 13)}`)).toEqual([
      'tide@03',
      'x402@01',
      'tide@00',
    ]);
    expect(timeline.tracks.filter((t) => t.active).map((t) => t.label)).toEqual(['tide', 'x402']);
    expect(timeline.hours).toEqual([h(0), h(1), h(2), h(3)]);
  });

  it('follows a narrative by id through a change of label, and says it faded only when it did not recover', () => {
    const withIds: TimelineInput[] = [
      { hourStart: h(0), narratives: [{ ...narrative('art', 0, 'emerging', 0.1), id: 'art-0' }] },
      { hourStart: h(1), narratives: [{ ...narrative('art', 0, 'fading', 0.02), id: 'art-0' }] },
      {
        hourStart: h(2),
        narratives: [{ ...narrative('generative art', 0, 'continuing', 0.2), id: 'art-0' }],
      },
    ];
    const [track] = narrativeTimeline(withIds).tracks;
    expect(track?.id).toBe('art-0');
    expect(track?.label).toBe('generative art');
    expect(track?.cells).toHaveLength(3);
    expect(track?.fadedAt).toBeUndefined();
    expect(track?.active).toBe(true);
  });

  it('keeps the most prominent narratives when limited', () => {
    const top = narrativeTimeline(signals, 1);
    expect(top.tracks.map((t) => t.label)).toEqual(['tide']);
    expect(top.tracks[0]?.peakShare).toBe(0.12);
    expect(top.total).toBe(3);
  });
});
