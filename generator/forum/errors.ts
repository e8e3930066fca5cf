/**
 * Why a forum fetch failed. `fetchHour` throws only `ForumError`, so the caller can publish nothing and
 * say why in one line.
 */
export type ForumErrorKind =
  /** Network errors or per-request timeouts on every attempt. */
  | 'unreachable'
  /** The overall time budget of one `fetchHour` would be exceeded (including a wait the forum asked for). */
  | 'timeout-budget'
  /** The forum kept answering 5xx. */
  | 'server-error'
  /** The forum kept answering 429. */
  | 'rate-limited'
  /** 401 or 403: the API key is missing, wrong or revoked. */
  | 'unauthorized'
  /** A redirect to another origin, which would drop the Authorization header. */
  | 'redirect'
  /** Another 4xx, not retried. */
  | 'http-error'
  /** A body that is not JSON after retries, or JSON of an unknown shape, or paging that cannot advance. */
  | 'bad-response'
  /** Invalid client options or window. */
  | 'config'
  /** A bug in this client (an unexpected exception), wrapped so callers see one error type. */
  | 'internal';

/** The one error type of the forum client. Messages name the URL (never the API key) and what went wrong. */
export class ForumError extends Error {
  override readonly name = 'ForumError';
  readonly kind: ForumErrorKind;
  /** HTTP status of the last response, when there was one. */
  readonly status: number | undefined;

  constructor(kind: ForumErrorKind, message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
  }
}
