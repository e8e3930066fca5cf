import { createHash } from 'node:crypto';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { Digest } from '../../core/schemas/digest.ts';

/**
 * A digest's id: a UUID (version 8, RFC 9562 custom) derived from everything in the digest except
 * `id` and `createdAt`. Re-running an hour on the same input gives the same id; any change of
 * published content gives a new one, which is what index pollers watch for.
 */
export function digestId(digest: Omit<Digest, 'id' | 'createdAt'>): string {
  const { id: _id, createdAt: _createdAt, ...content } = digest as Digest;
  const hex = createHash('sha256').update(canonicalJson(content)).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
