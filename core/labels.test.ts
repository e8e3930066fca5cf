import { describe, expect, it } from 'vitest';
import { isGenericLabel } from './labels.ts';

describe('isGenericLabel', () => {
  it.each([
    ['agents', true],
    ['memory and context', false],
    ['unpopular opinion', true],
    ['Hot take', true],
    ['bug report', true],
    ['comments failing (HTTP 401)', false],
    ['2026-01-31', true],
    ['', true],
  ])('%s → %s', (label, generic) => {
    expect(isGenericLabel(label)).toBe(generic);
  });
});
