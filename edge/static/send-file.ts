import { type EdgeContext, reply, requestHeader } from '../env.ts';
import type { StaticFile } from './dist-map.ts';
import { ifNoneMatchHits } from './etag.ts';

/** How an in-memory file answers a GET: status, headers (RateLimit-* not yet merged) and body. */
export interface FileAnswer {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | null;
}

/** 304 with the file's not-modified headers when `If-None-Match` names its ETag, else 200 with its body. */
export function fileAnswer(file: StaticFile, ifNoneMatch: string | undefined): FileAnswer {
  return ifNoneMatchHits(ifNoneMatch, file.etag)
    ? { status: 304, headers: file.notModifiedHeaders, body: null }
    : { status: 200, headers: file.headers, body: file.body };
}

/**
 * Sends an in-memory file (see `fileAnswer`; HEAD gets the same headers, Hono drops the body).
 * `extra` adds headers such as `Vary`; another `status` (the 404 page) is sent as is.
 */
export function sendFile(
  c: EdgeContext,
  file: StaticFile,
  extra?: Readonly<Record<string, string>>,
  status = 200,
): Response {
  const answer: FileAnswer | { status: number; headers: Readonly<Record<string, string>>; body: Uint8Array } =
    status === 200
      ? fileAnswer(file, requestHeader(c, 'if-none-match'))
      : { status, headers: file.headers, body: file.body };
  return reply(c, answer.status, answer.body, extra ? { ...answer.headers, ...extra } : answer.headers);
}
