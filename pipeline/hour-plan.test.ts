import { describe, expect, it } from 'vitest';
import { planHours } from './hour-plan.ts';

const NOW = new Date('2026-01-28T18:07:00Z');
const h = (iso: string) => new Date(iso);

describe('planHours', () => {
  it('by default backfills the hours of the window before the last complete hour, then generates it', () => {
    const plan = planHours({ now: NOW, window: 24 });
    expect(plan.generate).toEqual([h('2026-01-28T17:00Z')]);
    expect(plan.backfill).toEqual({ from: h('2026-01-27T18:00Z'), to: h('2026-01-28T16:00Z') });
  });

  it('with a window of one hour does not backfill', () => {
    expect(planHours({ now: NOW, window: 1 }).backfill).toBeNull();
  });

  it('replaces the default by explicit hours (sorted, deduplicated) and a range', () => {
    const plan = planHours({
      now: NOW,
      window: 24,
      hours: [h('2026-01-28T10:00Z'), h('2026-01-28T09:00Z'), h('2026-01-28T10:00Z')],
      from: h('2026-01-20T00:00Z'),
      to: h('2026-01-20T05:00Z'),
    });
    expect(plan.generate).toEqual([h('2026-01-28T09:00Z'), h('2026-01-28T10:00Z')]);
    expect(plan.backfill).toEqual({ from: h('2026-01-20T00:00Z'), to: h('2026-01-20T05:00Z') });
  });

  it.each([
    [{ hours: [h('2026-01-28T18:00Z')] }, /has not ended yet/],
    [{ from: h('2026-01-28T10:00Z') }, /go together/],
    [{ from: h('2026-01-28T10:00Z'), to: h('2026-01-28T09:00Z') }, /must not be before/],
    [{ from: h('2026-01-28T10:00Z'), to: h('2026-01-28T18:00Z') }, /complete hour/],
    [{ from: h('2026-01-01T00:00Z'), to: h('2026-01-28T00:00Z') }, /at most 168/],
    [{ window: 0 }, /--window/],
  ])('rejects %o', (input, message) => {
    expect(() => planHours({ now: NOW, window: 24, ...input })).toThrow(message);
  });
});
