import { type EnvSchema, secretVariables, unsetIfBlank } from './config/fields.ts';

/** What replaces a secret in logs and errors. */
export const REDACTED = '[redacted]';

/** Secret values shorter than this are not searched for: replacing "1" everywhere would garble logs. */
const MIN_SECRET_LENGTH = 4;

/** A path segment of a configured URL at least this long is taken for a key (API keys are 32+ characters). */
const MIN_PATH_KEY_LENGTH = 16;

/** An absolute URL inside text: scheme, then everything up to a space, quote, bracket or backslash. */
const URL_IN_TEXT = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s"'`<>\\]+)/gi;

/**
 * One absolute URL with its secrets removed: the userinfo, and everything after the host (path,
 * query, fragment), where providers put keys (`https://base-mainnet.example/v2/<key>`). Only the
 * scheme, host and port are left: `https://[redacted]@rpc.example:8545/[redacted]`.
 */
function redactOneUrl(scheme: string, rest: string): string {
  const end = rest.search(/[/?#]/);
  let authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? '' : rest.slice(end);
  const at = authority.lastIndexOf('@');
  if (at !== -1) authority = `${REDACTED}@${authority.slice(at + 1)}`;
  return `${scheme}${authority}${tail === '' || tail === '/' ? tail : `/${REDACTED}`}`;
}

/** Every absolute URL in `text` reduced to its scheme, host and port (see `redactOneUrl`). */
export function redactUrls(text: string): string {
  // file:// URLs are local paths (stack traces), never credentials: kept whole.
  return text.replace(URL_IN_TEXT, (match, scheme: string, rest: string) =>
    scheme.toLowerCase() === 'file://' ? match : redactOneUrl(scheme, rest),
  );
}

/** The secret parts of a URL, for finding them even where the URL is not printed whole. */
function secretPartsOf(url: string): string[] {
  try {
    const u = new URL(url);
    const parts = [u.username, u.password, decodeURIComponent(u.username), decodeURIComponent(u.password)];
    for (const value of u.searchParams.values()) parts.push(value);
    for (const segment of u.pathname.split('/')) {
      if (segment.length >= MIN_PATH_KEY_LENGTH) parts.push(segment, decodeURIComponent(segment));
    }
    return parts.filter((part) => part !== '');
  } catch {
    return [url];
  }
}

/**
 * A function that removes secrets from any text (a log line's strings, an error message): every
 * absolute URL is reduced to scheme, host and port, and the values of `secrets` are replaced wherever
 * they appear, longest first.
 */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))].sort(
    (a, b) => b.length - a.length,
  );
  return (text) => {
    let out = redactUrls(text);
    for (const value of values) if (out.includes(value)) out = out.split(value).join(REDACTED);
    return out;
  };
}

/**
 * The redactor of a deployable's configuration: the values of the variables its schema marks secret
 * (`secret: 'value'`: keys, FACILITATOR_HEADERS' values) and the secret parts (userinfo, query values, long
 * path segments) of the URLs it marks (`secret: 'url'`: EVM_RPC_URL, FORUM_BASE_URL, REDIS_URL…).
 */
export function configRedactor(schema: EnvSchema, cfg: Record<string, unknown>): (text: string) => string {
  const { values, urls } = secretVariables(schema);
  const secrets: string[] = [];
  for (const name of values) {
    const value = cfg[name];
    if (typeof value === 'string') secrets.push(value);
    else if (value && typeof value === 'object') secrets.push(...Object.values(value).map(String));
  }
  for (const name of urls) {
    const url = cfg[name];
    if (typeof url === 'string') secrets.push(...secretPartsOf(url));
  }
  return createRedactor(secrets);
}

/**
 * The secrets of a raw environment, for before (or without) a parsed configuration: the values of the
 * variables `schema` marks secret and the secret parts of its URL variables, as `configRedactor` finds them.
 */
export function envSecrets(schema: EnvSchema, env: Record<string, string | undefined>): string[] {
  const { values, urls } = secretVariables(schema);
  const secrets: string[] = [];
  for (const name of values) {
    const value = unsetIfBlank(env[name]);
    if (value) secrets.push(value);
  }
  for (const name of urls) {
    const url = unsetIfBlank(env[name]);
    if (url) secrets.push(...secretPartsOf(url));
  }
  return secrets;
}

/** The redactor of a raw environment (see `envSecrets`). */
export function envRedactor(
  schema: EnvSchema,
  env: Record<string, string | undefined>,
): (text: string) => string {
  return createRedactor(envSecrets(schema, env));
}
