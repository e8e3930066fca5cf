/** 32-bit FNV-1a hash of a string's UTF-16 code units: fast, stable across runtimes, no dependencies. */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The bucket (0 … buckets−1) a string falls in; `buckets` must be a power of two. */
export function bucketOf(text: string, buckets: number): number {
  return fnv1a(text) & (buckets - 1);
}
