import { describe, expect, it } from 'vitest';
import { pickCoding } from './encoding.ts';

describe('pickCoding', () => {
  it.each([
    ['gzip, deflate, br', ['br', 'gzip'], 'br'],
    ['gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0, gzip', ['br', 'gzip'], 'gzip'],
    ['br;q=0.5, gzip;q=0.8', ['br', 'gzip'], 'br'],
    ['*', ['br', 'gzip'], 'br'],
    ['*, br;q=0', ['br', 'gzip'], 'gzip'],
    ['identity', ['br', 'gzip'], undefined],
    ['x-gzip', ['gzip'], 'gzip'],
    ['br', ['gzip'], undefined],
    [undefined, ['br', 'gzip'], undefined],
    ['gzip;q=0', ['gzip'], undefined],
  ] as const)('%s with %j: %s', (header, available, expected) => {
    expect(pickCoding(header, available)).toBe(expected);
  });
});
