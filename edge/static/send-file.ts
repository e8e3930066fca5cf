import { type EdgeContext, reply, requestHeader } from '../env.ts';
import type { Representation, StaticFile } from './dist-map.ts';
import { type Coding, pickCoding } from './encoding.ts';
import { ifNoneMatchHits } from './etag.ts';

/** How an in-memory file answers a GET: status, headers (RateLimit-* not yet merged) and body. */
export interface FileAnswer {
  readonly status: 200 | 304;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array | null;
}

/** The representation of a file to send: its brotli or gzip copy when `Accept-Encoding` takes one. */
export function representationFor(file: StaticFile, acceptEncoding: string | undefined): Representation {
  if (!file.encoded) return file;
  const coding = pickCoding(acceptEncoding, Object.keys(file.encoded) as Coding[]);
  return (coding && file.encoded[coding]) || file;
}

/**
 * 304 with the not-modified headers when `If-None-Match` names the chosen representation's ETag, else
 * 200 with its body; the representation is the compressed copy `Accept-Encoding` takes, if any.
 */
export function fileAnswer(
  file: StaticFile,
  ifNoneMatch: string | undefined,
  acceptEncoding?: string | undefined,
): FileAnswer {
  const rep = representationFor(file, acceptEncoding);
  return ifNoneMatchHits(ifNoneMatch, rep.etag)
    ? { status: 304, headers: rep.notModifiedHeaders, body: null }
    : { status: 200, headers: rep.headers, body: rep.body };
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
      ? fileAnswer(file, requestHeader(c, 'if-none-match'), requestHeader(c, 'accept-encoding'))
      : { status, headers: file.headers, body: file.body };
  if (!extra) return reply(c, answer.status, answer.body, answer.headers);
  // Both may vary the answer (Accept for the guide, Accept-Encoding for a compressed copy): keep both.
  const vary = [answer.headers.Vary, extra.Vary].filter(Boolean).join(', ');
  return reply(c, answer.status, answer.body, {
    ...answer.headers,
    ...extra,
    ...(vary ? { Vary: vary } : {}),
  });
}
