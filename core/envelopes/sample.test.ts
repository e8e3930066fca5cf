import { describe, expect, it } from 'vitest';
import { makeDigests } from '../testing/digest.ts';
import { pickSampleDigest } from './sample.ts';

// 48 hourly digests: the newest covers 2026-03-20 13:00–14:00, the oldest 2026-03-18 14:00–15:00.
const digests = makeDigests('2026-03-20T13:00:00.000Z', 48);
const hourEndOf = (d: { hourEnd: string } | null) => d?.hourEnd ?? null;

describe('pickSampleDigest', () => {
  it('takes a digest whose hour ended exactly 18 hours ago', () => {
    // 2026-03-20T08:00 − 18 h = 2026-03-19T14:00: the digest ending then qualifies.
    expect(hourEndOf(pickSampleDigest(digests, new Date('2026-03-20T08:00:00.000Z')))).toBe(
      '2026-03-19T14:00:00.000Z',
    );
  });

  it('does not take a digest one millisecond short of 18 hours old', () => {
    expect(hourEndOf(pickSampleDigest(digests, new Date('2026-03-20T07:59:59.999Z')))).toBe(
      '2026-03-19T13:00:00.000Z',
    );
  });

  it('rotates hourly as now advances, always the newest old-enough digest', () => {
    const picks = [0, 1, 2, 3].map((h) =>
      hourEndOf(pickSampleDigest(digests, new Date(Date.parse('2026-03-20T08:30:00.000Z') + h * 3_600_000))),
    );
    expect(picks).toEqual([
      '2026-03-19T14:00:00.000Z',
      '2026-03-19T15:00:00.000Z',
      '2026-03-19T16:00:00.000Z',
      '2026-03-19T17:00:00.000Z',
    ]);
  });

  it('does not depend on the input order', () => {
    const now = new Date('2026-03-20T10:00:00.000Z');
    expect(pickSampleDigest([...digests].reverse(), now)).toEqual(pickSampleDigest(digests, now));
  });

  it('returns null when no digest is old enough, or there are none', () => {
    expect(hourEndOf(pickSampleDigest(digests, new Date('2026-03-19T09:00:00.000Z')))).toBe(
      '2026-03-18T15:00:00.000Z',
    );
    expect(pickSampleDigest(digests, new Date('2026-03-19T08:59:59.999Z'))).toBeNull();
    expect(pickSampleDigest(digests.slice(-17), new Date('2026-03-20T14:05:00.000Z'))).toBeNull();
    expect(pickSampleDigest([], new Date('2026-03-20T14:05:00.000Z'))).toBeNull();
  });
});
