import { describe, expect, it } from 'vitest';
import { numbersIn, supportedNumbers, unsupportedNumbers } from './prose-numbers.ts';

describe('numbersIn', () => {
  it('reads figures with separators and decimals, and splits dates', () => {
    expect(numbersIn('2,300 posts, 0.21 tone, 15%, on 2026-02-03.')).toEqual([
      '2300',
      '0.21',
      '15',
      '2026',
      '2',
      '3',
    ]);
  });
});

describe('supportedNumbers', () => {
  it('holds each figure whole and its comma-separated parts', () => {
    expect([...supportedNumbers('{"a":40,"b":[1,250]} 2,300')].sort()).toEqual(
      ['1', '1250', '2', '2300', '250', '300', '40'].sort(),
    );
  });
});

describe('unsupportedNumbers', () => {
  const allowed = new Set(['2300', '67']);
  it('lists figures the data does not hold, once each, small whole numbers aside', () => {
    expect(
      unsupportedNumbers('2,300 posts (67%), 3 threads, 315,953 votes and 315953 again, 7.5 stars', allowed),
    ).toEqual(['315953', '7.5']);
  });
});
