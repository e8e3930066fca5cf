import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Prefix of every API key, so a leaked one is recognisable (e.g. by secret scanners). */
export const KEY_PREFIX = 'mk_';

const KEY_FORMAT = /^mk_[0-9a-f]{64}$/;

/** A stored key: never the key itself, only its SHA-256 and the id derived from it. */
export interface StoredKey {
  id: string;
  /** SHA-256 of the key, hex. */
  sha256: string;
  label?: string;
  createdAt: string;
  revokedAt?: string;
}

/** A key as `list` shows it. */
export type KeyInfo = Omit<StoredKey, 'sha256'>;

/** A fresh key: `mk_` + 32 random bytes in hex. */
export function newKey(): string {
  return `${KEY_PREFIX}${randomBytes(32).toString('hex')}`;
}

/** Whether `text` has the shape of a key (it may still be unknown). */
export function looksLikeKey(text: string): boolean {
  return KEY_FORMAT.test(text);
}

/** SHA-256 of a key, hex: what the stores keep. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/**
 * The public id of a key, for listing and revoking: derived from the key with a separate hash (so it
 * reveals nothing of the stored hash), `key_` + 16 hex characters.
 */
export function keyId(key: string): string {
  return `key_${createHash('sha256').update(`murmur api key id|${key}`, 'utf8').digest('hex').slice(0, 16)}`;
}

/** Whether `key` hashes to `stored.sha256`, compared in constant time. */
export function keyMatches(stored: StoredKey, key: string): boolean {
  const expected = Buffer.from(stored.sha256, 'hex');
  const actual = createHash('sha256').update(key, 'utf8').digest();
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** A new stored key and the key itself (shown once). */
export function issueKey(label: string | undefined, now: Date): { stored: StoredKey; key: string } {
  const key = newKey();
  const stored: StoredKey = { id: keyId(key), sha256: hashKey(key), createdAt: now.toISOString() };
  if (label !== undefined && label !== '') stored.label = label;
  return { stored, key };
}

/** The listing view of a stored key. */
export function infoOf(stored: StoredKey): KeyInfo {
  const info: KeyInfo = { id: stored.id, createdAt: stored.createdAt };
  if (stored.label !== undefined) info.label = stored.label;
  if (stored.revokedAt !== undefined) info.revokedAt = stored.revokedAt;
  return info;
}

/** The id named by `idOrKey`: a key is turned into its id; anything else is taken as an id. */
export function idOf(idOrKey: string): string {
  const text = idOrKey.trim();
  return looksLikeKey(text) ? keyId(text) : text;
}

/**
 * Where free-tier API keys live. `issue` answers the key once (only its hash is stored); `verify`
 * answers the key's id when the key is known and not revoked; `revoke` takes an id or the key itself
 * and answers false when no such key exists (revoking twice answers true).
 */
export interface ApiKeyStore {
  issue(label?: string): Promise<{ id: string; key: string }>;
  revoke(idOrKey: string): Promise<boolean>;
  list(): Promise<KeyInfo[]>;
  verify(key: string): Promise<{ id: string } | undefined>;
  close(): Promise<void>;
}
