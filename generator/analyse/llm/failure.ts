/** Why the model's answer was not used; each one sends the analyser back to the offline result. */
export type FailureReason =
  | 'timeout'
  | 'network'
  | 'http-error'
  | 'rate-limited'
  | 'bad-response'
  | 'refusal'
  | 'truncated'
  | 'content-filter'
  | 'unexpected-finish'
  | 'empty'
  | 'invalid-json'
  | 'schema'
  | 'sanity';

/** A failed model call or an unusable answer, with a short detail fit for logs. */
export class LlmFailure extends Error {
  override readonly name = 'LlmFailure';
  constructor(
    readonly reason: FailureReason,
    readonly detail: string,
    readonly status?: number,
  ) {
    super(`${reason}: ${detail}`);
  }
}

/** Things that look like API keys (`sk-…`, long bearer tokens), in case an endpoint echoes one. */
const KEY_LIKE = /\b(?:sk|pk|rk|key)[-_][A-Za-z0-9_-]{8,}|\bBearer\s+\S+/g;

/**
 * Makes a message safe to log: removes every given secret (and key-shaped tokens an endpoint may echo),
 * flattens it to one line and caps its length.
 */
export function redact(text: string, secrets: readonly string[], max = 300): string {
  let out = text;
  for (const secret of secrets) if (secret.length > 0) out = out.split(secret).join('[redacted]');
  out = out.replace(KEY_LIKE, '[redacted]').replace(/\s+/g, ' ').trim();
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
