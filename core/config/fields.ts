import { z } from 'zod';

/**
 * Field builders shared by the deployables' configuration schemas (generator, site, edge, pipeline).
 * Unset optional secrets and variables arrive (from Actions, from .env files) as empty or blank strings:
 * every builder trims its value and reads an empty one as unset, here and nowhere else (`unsetIfBlank`).
 */

/** A raw variable trimmed, `undefined` when unset, empty or blank. */
export function unsetIfBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A trimmed variable, empty meaning unset, then checked by `inner`. */
// biome-ignore lint/suspicious/noExplicitAny: any input type that accepts a string (z.coerce's is unknown)
export function blankIsUnset<T extends z.ZodType<unknown, any>>(inner: T) {
  return z.string().transform(unsetIfBlank).pipe(inner.optional()).optional();
}

/** Any optional text. */
export const optionalText = () => blankIsUnset(z.string());

/** An http(s) URL. */
export const httpUrl = () => z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' });

/** An optional http(s) URL. */
export const optionalHttpUrl = () => blankIsUnset(httpUrl());

/** An http(s) URL, `fallback` when unset or empty. */
export const httpUrlOr = (fallback: string) => blankIsUnset(httpUrl()).transform((s) => s ?? fallback);

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

/** One of `values`, `fallback` when unset or empty. */
export function oneOf<const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) {
  return blankIsUnset(z.enum(values)).transform((v) => v ?? fallback);
}

/**
 * What a variable's field declares besides its rule, as zod metadata (`field.meta({...})`), once: the
 * README's table and the redactors read it from there.
 */
export const VariableMetaSchema = z.strictObject({
  /** What the variable means (markdown, one line). */
  description: z.string().min(1),
  /** A secret: `value` (the value is never logged) or `url` (its userinfo, query and long path segments are). */
  secret: z.enum(['value', 'url']).optional(),
  /** What unset means, shown as the default when the parsed default says nothing (BASE_URL's is derived). */
  unset: z.string().optional(),
});

/** The metadata of a variable's field. */
export type VariableMeta = z.infer<typeof VariableMetaSchema>;

/** A deployable's configuration schema: one field per variable, named as the variable. */
export type EnvSchema = z.ZodObject<z.ZodRawShape>;

/** The metadata of the field of variable `name`; throws when it is missing or malformed. */
export function variableMeta(schema: EnvSchema, name: string): VariableMeta {
  const field = schema.shape[name] as z.ZodType | undefined;
  const result = VariableMetaSchema.safeParse(field?.meta());
  if (!result.success) throw new Error(`${name}: its field lacks its description (.meta({ description }))`);
  return result.data;
}

/** The variables of `schema` holding secrets: `values` never logged, `urls` logged without their secret parts. */
export function secretVariables(schema: EnvSchema): { values: string[]; urls: string[] } {
  const names = Object.keys(schema.shape);
  const kind = (name: string) => variableMeta(schema, name).secret;
  return {
    values: names.filter((name) => kind(name) === 'value'),
    urls: names.filter((name) => kind(name) === 'url'),
  };
}

/** Thrown when the environment holds a bad value; the message names every wrong variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Every problem of a failed parse, one line each, naming the variable: `  NAME: what is wrong`.
 */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((i) => `  ${i.path.join('.') || '(environment)'}: ${i.message}`);
}

/**
 * Parses `env` with a deployable's schema; `problems` adds what is wrong with its variables together.
 * Throws ConfigError naming each bad variable (or `toError` of the same message).
 */
export function parseEnv<S extends EnvSchema>(
  schema: S,
  env: Record<string, string | undefined>,
  problems: (parsed: z.infer<S>) => string[] = () => [],
  toError: (message: string) => Error = (message) => new ConfigError(message),
): z.infer<S> {
  const result = schema.safeParse(env);
  const lines = result.success ? problems(result.data).map((line) => `  ${line}`) : issueLines(result.error);
  if (!result.success || lines.length > 0) throw toError(`invalid configuration:\n${lines.join('\n')}`);
  return result.data;
}
