import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ConfigError,
  oneOf,
  optionalText,
  parseEnv,
  secretVariables,
  unsetIfBlank,
  wholeNumber,
} from './fields.ts';

describe('field builders', () => {
  it('trim, and read an empty or blank value as unset', () => {
    expect(unsetIfBlank('  a b ')).toBe('a b');
    expect(unsetIfBlank(' \t')).toBeUndefined();
    expect(unsetIfBlank(undefined)).toBeUndefined();
    expect(optionalText().parse(' ')).toBeUndefined();
    expect(wholeNumber(1, 9, 5).parse('')).toBe(5);
    expect(wholeNumber(1, 9, 5).parse(' 7 ')).toBe(7);
    expect(oneOf(['a', 'b'], 'b').parse('')).toBe('b');
  });
});

describe('parseEnv', () => {
  const Schema = z.object({
    N: wholeNumber(1, 9, 5).meta({ description: 'n' }),
    KEY: optionalText().meta({ description: 'k', secret: 'value' }),
  });

  it('names every bad variable, then every problem of the variables together', () => {
    expect(() => parseEnv(Schema, { N: 'ten' })).toThrow(ConfigError);
    expect(() => parseEnv(Schema, { N: 'ten' })).toThrow(/^invalid configuration:\n {2}N: must be a number$/);
    const needsKey = (cfg: z.infer<typeof Schema>) => (cfg.KEY === undefined ? ['KEY: is required'] : []);
    expect(() => parseEnv(Schema, { N: '3' }, needsKey)).toThrow(/ {2}KEY: is required/);
    expect(parseEnv(Schema, { N: '3', KEY: 'k' }, needsKey)).toEqual({ N: 3, KEY: 'k' });
    expect(() => parseEnv(Schema, { N: '0' }, undefined, (m) => new RangeError(m))).toThrow(RangeError);
  });

  it('reads which variables are secrets from their fields', () => {
    expect(secretVariables(Schema)).toEqual({ values: ['KEY'], urls: [] });
  });
});
