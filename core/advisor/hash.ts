import { fnv1a } from '../hash.ts';

export { fnv1a };

/** The bucket (0 … buckets−1) a string falls in; `buckets` must be a power of two. */
export function bucketOf(text: string, buckets: number): number {
  return fnv1a(text) & (buckets - 1);
}
