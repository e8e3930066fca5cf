import { hash2, hash3, hex32, mix32 } from './hash.ts';

const HOUR_SALT = 0x1d0f;
const INDEX_SALT = 0x2b1e;
const TAIL_SALT = 0x3c2d;
const MASK24 = 0xffffff;
/** Odd, so multiplying by it permutes 24-bit values: neighbouring indices get unrelated ids. */
const SPREAD = 0x9e3779;
const SPREAD_INVERSE = (() => {
  let inv = SPREAD;
  for (let i = 0; i < 5; i++) inv = Math.imul(inv, 2 - Math.imul(SPREAD, inv)) & MASK24;
  return inv;
})();

/**
 * The UUID of post `index` of hour `hourNumber`. It looks random but encodes (hour, index) under
 * seed-derived masks, so the server can find any post from its id without an index, and a checksum
 * tail makes made-up ids miss.
 */
export function encodePostId(seed: number, hourNumber: number, index: number): string {
  const w0 = (hourNumber ^ hash2(seed ^ HOUR_SALT, index)) >>> 0;
  const masked = (Math.imul(index, SPREAD) ^ hash2(seed, INDEX_SALT)) & MASK24;
  const tail1 = hash3(seed ^ TAIL_SALT, hourNumber, index);
  const tail2 = mix32(tail1 ^ 0x5bd1e995);
  const mid = hex32(masked << 8).slice(0, 6); // 24 bits of masked index
  const t1 = hex32(tail1);
  const variant = '89ab'[tail1 >>> 30] as string;
  return `${hex32(w0)}-${mid.slice(0, 4)}-4${mid.slice(4, 6)}${t1[0]}-${variant}${t1.slice(1, 4)}-${t1.slice(4, 8)}${hex32(tail2)}`;
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The (hour, index) a post id stands for, or null when the id is not one of this world's. */
export function decodePostId(seed: number, id: string): { hourNumber: number; index: number } | null {
  const text = id.toLowerCase();
  if (!UUID_RE.test(text)) return null;
  const masked = Number.parseInt(text.slice(9, 13) + text.slice(15, 17), 16);
  const index = Math.imul((masked ^ hash2(seed, INDEX_SALT)) & MASK24, SPREAD_INVERSE) & MASK24;
  const hourNumber = (Number.parseInt(text.slice(0, 8), 16) ^ hash2(seed ^ HOUR_SALT, index)) >>> 0;
  return encodePostId(seed, hourNumber, index) === text ? { hourNumber, index } : null;
}
