import type { z } from 'zod';
import {
  errorBody,
  METHOD_NOT_ALLOWED,
  NO_DIGESTS,
  NO_SAMPLE_DIGEST,
  NOT_FOUND,
  rateLimitedBody,
} from '../core/envelopes/errors.ts';
import type { ErrorBody } from '../core/schemas/envelope.ts';
import { validationErrorBody } from '../core/validation.ts';

/** Headers of an error response, as a plain record. */
export type HeaderRecord = Record<string, string>;

/**
 * The edge's one error type: handlers and middleware throw it, and the one error handler renders it.
 * The body is always in the contract's error shape (ErrorBody, which allows extra fields).
 */
export class EdgeError extends Error {
  override readonly name = 'EdgeError';
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: HeaderRecord;
  constructor(status: number, body: ErrorBody, headers: HeaderRecord = {}) {
    // An EdgeError is an answer (a 404, a 429 to a flood), not a fault: its stack is never read, and
    // capturing one took a tenth of the edge's time per unpaid 402 under `npm run bench:pay`'s load.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`${status} ${body.error}`);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  #json?: string;
  /** The body as JSON, serialised once (the 402 of a route is one error answered many times). */
  get json(): string {
    this.#json ??= JSON.stringify(this.body);
    return this.#json;
  }
}

/** 404 for a path the service does not have. */
export function notFound(): EdgeError {
  return new EdgeError(404, { ...NOT_FOUND });
}

/** 404 of latest, brief and index when no digest has been published. */
export function noDigests(): EdgeError {
  return new EdgeError(404, { ...NO_DIGESTS });
}

/** 404 of the sample route when no digest is old enough. */
export function noSample(): EdgeError {
  return new EdgeError(404, { ...NO_SAMPLE_DIGEST });
}

/** 405 with the methods the path allows in `Allow` (RFC 9110 §15.5.6 requires the header). */
export function methodNotAllowed(allow: readonly string[]): EdgeError {
  return new EdgeError(405, { ...METHOD_NOT_ALLOWED }, { Allow: allow.join(', ') });
}

/** 400 for invalid input, with `details` from the zod issues. */
export function invalidInput(issues: readonly z.core.$ZodIssue[], what: string): EdgeError {
  return new EdgeError(400, validationErrorBody(issues, what));
}

/** 400 for a body that is not JSON at all. */
export function invalidJson(what: string): EdgeError {
  return new EdgeError(
    400,
    errorBody('Validation failed', `Invalid ${what}: the body is not valid JSON`, [
      { field: '(body)', message: 'must be a JSON object' },
    ]),
  );
}

/**
 * 400 for a request that cannot be read as HTTP or as a URL (a backslash in the path, an invalid Host
 * header, a malformed request line or header): `problem` says which, in words a client can act on.
 */
export function badRequest(problem: string): EdgeError {
  return new EdgeError(400, errorBody('bad request', `The request could not be read: ${problem}.`));
}

/** 431 when the request's header section is larger than the server reads (RFC 6585 §5). */
export function headersTooLarge(): EdgeError {
  return new EdgeError(
    431,
    errorBody('request header fields too large', 'Send fewer or shorter headers (at most 16 KB in all).'),
  );
}

/** 413 when a body is larger than the route accepts. */
export function bodyTooLarge(maxBytes: number): EdgeError {
  return new EdgeError(413, errorBody('payload too large', `The body must be at most ${maxBytes} bytes.`));
}

/** 429 with `Retry-After` in seconds; `headers` carries the RateLimit-* headers of the exceeded limit. */
export function rateLimited(retryAfterSeconds: number, headers: HeaderRecord): EdgeError {
  return new EdgeError(429, rateLimitedBody(retryAfterSeconds), {
    ...headers,
    'Retry-After': String(retryAfterSeconds),
  });
}

/** 503 when a dependency the route needs is not there (never for free static routes). */
export function unavailable(message: string): EdgeError {
  return new EdgeError(503, errorBody('service unavailable', message));
}
