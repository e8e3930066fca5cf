import { fnv1a } from '../../core/hash.ts';

/**
 * Deterministic hashing and a small seeded PRNG: the only source of randomness in the simulator,
 * so the same seed always gives the same forum.
 */

/** Final avalanche step of MurmurHash3: spreads every input bit over the 32-bit result. */
export function mix32(value: number): number {
  let h = value | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of two integers (unsigned 32-bit). */
export function hash2(a: number, b: number): number {
  return mix32(Math.imul(mix32(a) ^ 0x9e3779b9, 0x01000193) ^ b);
}

/** Hash of three integers (unsigned 32-bit). */
export function hash3(a: number, b: number, c: number): number {
  return hash2(hash2(a, b), c);
}

/** Hash of four integers (unsigned 32-bit). */
export function hash4(a: number, b: number, c: number, d: number): number {
  return hash2(hash2(hash2(a, b), c), d);
}

/** FNV-1a hash of a string, for turning names into seeds. */
export function hashString(text: string): number {
  return mix32(fnv1a(text));
}

/** A hash mapped to [0, 1). */
export function unit(h: number): number {
  return (h >>> 0) / 4294967296;
}

/** Mulberry32: a tiny, fast, well-mixed PRNG with a 32-bit state. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed | 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A uniformly chosen element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  /** Standard normal variate (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** 8 hex digits of an unsigned 32-bit value. */
export function hex32(value: number): string {
  const v = value >>> 0;
  return (HEX[v >>> 24] as string) + HEX[(v >>> 16) & 255] + HEX[(v >>> 8) & 255] + HEX[v & 255];
}

/** A version-4-shaped UUID whose 122 free bits come from four hashes. */
export function uuidFromHashes(a: number, b: number, c: number, d: number): string {
  const hb = hex32(b);
  const hc = hex32(c);
  const variant = '89ab'[c >>> 30] as string;
  return `${hex32(a)}-${hb.slice(0, 4)}-4${hb.slice(5, 8)}-${variant}${hc.slice(1, 4)}-${hc.slice(4, 8)}${hex32(d)}`;
}

/** A UUID derived from a string key and a seed (stable ids for communities, authors, comments). */
export function uuidFor(seed: number, key: number): string {
  const h = hash2(seed, key);
  return uuidFromHashes(h, mix32(h ^ 0x1234567), mix32(h ^ 0x7654321), mix32(h ^ 0x55aa55aa));
}
