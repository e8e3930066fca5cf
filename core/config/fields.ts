import { z } from 'zod';

/**
 * Field builders shared by the deployables' configuration schemas. Unset optional secrets and variables
 * arrive (from Actions, from .env files) as empty or blank strings: every builder trims its value and
 * reads an empty one as unset, here and nowhere else.
 */

/** A trimmed variable, empty meaning unset, then checked by `inner`. */
// biome-ignore lint/suspicious/noExplicitAny: any input type that accepts a string (z.coerce's is unknown)
export function blankIsUnset<T extends z.ZodType<unknown, any>>(inner: T) {
  return z
    .string()
    .trim()
    .transform((s) => (s === '' ? undefined : s))
    .pipe(inner.optional())
    .optional();
}

/** Any optional text. */
export const optionalText = () => blankIsUnset(z.string());

/** An http(s) URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** An optional http(s) URL. */
export const optionalHttpUrl = () => blankIsUnset(httpUrl());

/** A whole number from `min` to `max`, `fallback` when unset (an empty value counts as unset). */
export function wholeNumber(min: number, max: number, fallback: number) {
  return blankIsUnset(
    z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  ).transform((n) => n ?? fallback);
}

/** Optional text with a default when unset or empty. */
export const textOr = (fallback: string) => optionalText().transform((s) => s ?? fallback);

/**
 * Every problem of a failed parse, one line each, naming the variable: `  NAME: what is wrong`.
 */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
}
