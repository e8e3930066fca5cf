import { createHash } from 'node:crypto';

/** A strong ETag for a body: a quoted prefix of its SHA-256 (RFC 9110 §8.8.3). */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether `If-None-Match` matches `etag`. RFC 9110 §13.1.2 compares weakly for this header, so a
 * `W/` prefix on a listed tag is ignored; `*` matches any current representation.
 */
export function ifNoneMatchHits(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  for (const raw of header.split(',')) {
    const tag = raw.trim();
    if (tag === etag || (tag.startsWith('W/') && tag.slice(2) === etag)) return true;
  }
  return false;
}
