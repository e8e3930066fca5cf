import { createHash } from 'node:crypto';

/** A strong ETag for a body: a quoted prefix of its SHA-256 (RFC 9110 §8.8.3). */
export function strongEtag(body: Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
