/** Text that replaces a secret in anything the pipeline prints or sends. */
export const REDACTED = '[redacted]';

/** Secrets shorter than this are not searched for: replacing "1" everywhere would garble logs. */
const MIN_SECRET_LENGTH = 4;

/**
 * A function that removes secrets from text: every given secret value, and the credentials part of
 * any URL (`https://user:token@host` → `https://[redacted]@host`), such as a remote with a token in it.
 */
export function createRedactor(secrets: readonly (string | undefined)[]): (text: string) => string {
  const values = [...new Set(secrets.filter((s): s is string => !!s && s.length >= MIN_SECRET_LENGTH))]
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text: string) => {
    let out = text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s@]+@/gi, `$1${REDACTED}@`);
    for (const value of values) out = out.split(value).join(REDACTED);
    return out;
  };
}

/** Environment variables whose values are secrets wherever the pipeline runs. */
export const SECRET_ENV = ['GITHUB_TOKEN', 'FORUM_API_KEY', 'OPENAI_API_KEY'] as const;
