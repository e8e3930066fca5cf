import { describe, expect, it } from 'vitest';
import { HistoryQuery, HistoryResponse } from '../schemas/envelope.ts';
import { makeDigests } from '../testing/digest.ts';
import { historyResponse } from './history.ts';

const ctx = { baseUrl: 'https://murmur.test', platform: 'forum' };
// 48 hourly digests, the newest covering 2026-03-20 13:00–14:00, shuffled to prove sorting.
const digests = makeDigests('2026-03-20T13:00:00.000Z', 48);
const shuffled = [...digests.filter((_, i) => i % 2 === 0), ...digests.filter((_, i) => i % 2 === 1)];
const now = new Date('2026-03-20T14:05:00.000Z');
const run = (query: Record<string, string>, at = now) =>
  historyResponse(ctx, shuffled, HistoryQuery.parse(query), at);

describe('historyResponse', () => {
  it('defaults to the last 24 hours, newest hourStart first, and validates', () => {
    const res = run({});
    expect(HistoryResponse.safeParse(res).success).toBe(true);
    expect(res).toMatchObject({ count: 24, hours: 24, limit: 24 });
    expect(res.data[0]?.hourStart).toBe('2026-03-20T13:00:00.000Z');
    expect(res.data.at(-1)?.hourStart).toBe('2026-03-19T14:00:00.000Z');
    const starts = res.data.map((d) => Date.parse(d.hourStart));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('hours: 1 returns just the last completed hour', () => {
    const res = run({ hours: '1' });
    expect(res.data.map((d) => d.hourStart)).toEqual(['2026-03-20T13:00:00.000Z']);
  });

  it('hours bounds the window and limit caps the count', () => {
    expect(run({ hours: '6' }).count).toBe(6);
    expect(run({ hours: '24', limit: '1' }).data.map((d) => d.hourStart)).toEqual([
      '2026-03-20T13:00:00.000Z',
    ]);
    expect(run({ hours: '3', limit: '24' }).count).toBe(3);
    expect(run({ hours: '24', limit: '5' })).toMatchObject({ count: 5, hours: 24, limit: 5 });
  });

  it('leaves out hours that have not ended by now', () => {
    const earlier = new Date('2026-03-20T12:30:00.000Z');
    const res = run({ hours: '2' }, earlier);
    expect(res.data.map((d) => d.hourStart)).toEqual([
      '2026-03-20T11:00:00.000Z',
      '2026-03-20T10:00:00.000Z',
    ]);
  });

  it('answers an empty list when nothing falls in the window', () => {
    const res = historyResponse(ctx, [], HistoryQuery.parse({}), now);
    expect(res).toMatchObject({ count: 0, data: [] });
  });

  it('rejects out-of-bounds queries before they get here', () => {
    for (const q of [{ hours: '0' }, { hours: '25' }, { limit: '0' }, { limit: '25' }]) {
      expect(HistoryQuery.safeParse(q).success).toBe(false);
    }
  });
});
