import { describe, expect, it } from 'vitest';
import {
  asBool,
  asCount,
  asInt,
  asNonEmptyText,
  asNumber,
  asRecord,
  asText,
  asTimestampMs,
} from './lenient.ts';

describe('lenient scalar readers', () => {
  it('reads numbers given as numbers or numeric strings', () => {
    expect(asNumber(3)).toBe(3);
    expect(asNumber(' 3.5 ')).toBe(3.5);
    expect(asNumber('')).toBeNull();
    expect(asNumber('12abc')).toBeNull();
    expect(asNumber(Number.NaN)).toBeNull();
    expect(asNumber(null)).toBeNull();
    expect(asInt('7.9')).toBe(7);
    expect(asCount('-4')).toBe(0);
    expect(asCount(undefined)).toBeNull();
  });

  it('reads booleans, text and records', () => {
    expect(asBool('true')).toBe(true);
    expect(asBool(0)).toBe(false);
    expect(asBool('yes')).toBeNull();
    expect(asText(42)).toBe('42');
    expect(asText({})).toBeNull();
    expect(asNonEmptyText('  ')).toBeNull();
    expect(asNonEmptyText(' a ')).toBe('a');
    expect(asRecord([])).toBeNull();
    expect(asRecord({ a: 1 })).toEqual({ a: 1 });
  });

  it.each([
    ['2026-01-31T01:34:02.703333+00:00', '2026-01-31T01:34:02.703Z'],
    ['2026-01-31T01:34:02Z', '2026-01-31T01:34:02.000Z'],
    ['2026-01-31 01:34:02.5+00', '2026-01-31T01:34:02.500Z'],
    ['2026-01-31T03:34:02+02:00', '2026-01-31T01:34:02.000Z'],
    ['2026-01-30T20:34:02-0500', '2026-01-31T01:34:02.000Z'],
    ['2026-01-31T01:34', '2026-01-31T01:34:00.000Z'],
    [1769823242, '2026-01-31T01:34:02.000Z'],
    [1769823242703, '2026-01-31T01:34:02.703Z'],
  ])('reads the timestamp %s', (input, iso) => {
    const ms = asTimestampMs(input);
    expect(ms).not.toBeNull();
    expect(new Date(ms as number).toISOString()).toBe(iso);
  });

  it.each([['yesterday'], ['2026-02-31T00:00:00Z'], ['2026-13-01T00:00:00Z'], [''], [null], [-5], [{}]])(
    'rejects the timestamp %s',
    (input) => {
      expect(asTimestampMs(input)).toBeNull();
    },
  );
});
