import { describe, expect, it } from 'vitest';
import { demoPlan } from './start-plan.ts';

const last = new Date('2026-01-31T08:00:00.000Z');

describe('demoPlan', () => {
  it('publishes the newest hour first, backfills the 23 before it, then redoes the newest against them', () => {
    const plan = demoPlan(last, 24, 1);
    expect(plan.first).toBe(1);
    expect(plan.rest?.from.toISOString()).toBe('2026-01-30T09:00:00.000Z');
    expect(plan.rest?.to.toISOString()).toBe('2026-01-31T07:00:00.000Z');
    expect(plan.redo.map((h) => h.toISOString())).toEqual(['2026-01-31T08:00:00.000Z']);
  });

  it('has nothing to do in the background when the first step is the whole demo', () => {
    expect(demoPlan(last, 2, 5)).toEqual({ first: 2, rest: undefined, redo: [] });
  });
});
