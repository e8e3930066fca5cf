import { describe, expect, it } from 'vitest';
import { hourFileStem, hoursBetween, lastCompleteHour, parseHour } from './hours.ts';

describe('hours', () => {
  it.each([
    ['2026-01-28T13', '2026-01-28T13:00:00.000Z'],
    ['2026-01-28T13:00Z', '2026-01-28T13:00:00.000Z'],
    ['2026-01-28T13:00:00.000Z', '2026-01-28T13:00:00.000Z'],
    ['2026-01-28T15:00+02:00', '2026-01-28T13:00:00.000Z'],
  ])('parses %s', (text, iso) => {
    expect(parseHour(text)?.toISOString()).toBe(iso);
  });

  it.each(['2026-01-28T13:30Z', 'yesterday', '2026-13-01T00', ''])('rejects %j', (text) => {
    expect(parseHour(text)).toBeNull();
  });

  it('finds the last complete hour', () => {
    expect(lastCompleteHour(new Date('2026-01-28T13:05:00Z')).toISOString()).toBe('2026-01-28T12:00:00.000Z');
  });

  it('lists hours inclusively and names their files', () => {
    const hours = hoursBetween(new Date('2026-01-28T22:00Z'), new Date('2026-01-29T01:00Z'));
    expect(hours.map(hourFileStem)).toEqual([
      'digests/2026/01/28/22',
      'digests/2026/01/28/23',
      'digests/2026/01/29/00',
      'digests/2026/01/29/01',
    ]);
  });
});
