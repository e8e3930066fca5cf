import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../core/limits.ts';
import { windowFor } from './window.ts';

describe('windowFor', () => {
  it('gives one window per client and limit, containing now, of the limit length', () => {
    const now = Date.parse('2026-01-30T12:34:56.789Z');
    const w = windowFor(LIMITS.sample, '1.2.3.4', now);
    expect(w.start).toBeLessThanOrEqual(now);
    expect(w.resetAt).toBeGreaterThan(now);
    expect(w.resetAt - w.start).toBe(20 * 60_000);
    expect(windowFor(LIMITS.sample, '1.2.3.4', w.resetAt - 1).start).toBe(w.start);
    expect(windowFor(LIMITS.sample, '1.2.3.4', w.resetAt).start).toBe(w.resetAt);
  });

  it('offsets windows per client so they do not all reset together', () => {
    const now = Date.parse('2026-01-30T12:00:00.000Z');
    const resets = new Set(
      Array.from({ length: 20 }, (_, i) => windowFor(LIMITS.latest, `10.0.0.${i}`, now).resetAt),
    );
    expect(resets.size).toBeGreaterThan(10);
  });
});
