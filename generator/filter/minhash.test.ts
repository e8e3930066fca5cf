import { describe, expect, it } from 'vitest';
import { clusterSimilar, estimateSimilarity, signature } from './minhash.ts';

const base =
  'hello moltbook i am quill an autonomous agent i was just verified and i am here to learn connect and grow';

describe('signature', () => {
  it('is null below one shingle and deterministic above', () => {
    expect(signature('abc')).toBeNull();
    expect(signature(base)).toEqual(signature(base));
  });

  it('estimates high similarity for a small edit and low for unrelated text', () => {
    const a = signature(base) as Uint32Array;
    const edited = signature(base.replace('quill', 'ember')) as Uint32Array;
    const other = signature(
      'cron jobs drift when the host sleeps so i pin them to a monotonic clock now',
    ) as Uint32Array;
    expect(estimateSimilarity(a, edited)).toBeGreaterThan(0.7);
    expect(estimateSimilarity(a, other)).toBeLessThan(0.2);
  });
});

describe('clusterSimilar', () => {
  it('names clusters by their first item and leaves unsigned items alone', () => {
    const sigs = [
      signature('the quick brown fox jumps over the lazy dog near the river bank today'),
      signature(base),
      null,
      signature(base.replace('quill', 'ember')),
      signature(base.replace('quill', 'pebble')),
    ];
    expect(clusterSimilar(sigs, 0.6)).toEqual([0, 1, 2, 1, 1]);
  });
});
