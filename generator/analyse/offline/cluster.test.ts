import { describe, expect, it } from 'vitest';
import { cosine, type SparseVector, singlePassClusters } from './cluster.ts';

function vec(entries: Record<string, number>): SparseVector {
  const norm = Math.sqrt(Object.values(entries).reduce((s, w) => s + w * w, 0));
  return new Map(Object.entries(entries).map(([k, w]) => [k, w / norm]));
}

describe('singlePassClusters', () => {
  const memory = (x: string) => vec({ memory: 1, 'memory file': 1, [x]: 0.5 });
  const security = (x: string) => vec({ 'supply chain': 1, skill: 1, [x]: 0.5 });

  it('groups items that share terms and leaves unrelated ones alone, largest group first', () => {
    const items = [memory('a'), security('b'), memory('c'), vec({ poem: 1 }), security('d'), memory('e')];
    expect(singlePassClusters(items)).toEqual([[0, 2, 5], [1, 4], [3]]);
  });

  it('gives the same groups whatever the order of the items within reason (second pass)', () => {
    const a = [memory('a'), memory('b'), security('c'), security('d')];
    const b = [security('d'), memory('b'), security('c'), memory('a')];
    const asSets = (groups: number[][], order: SparseVector[]) =>
      groups
        .map((g) =>
          g
            .map((i) => [...(order[i]?.keys() ?? [])].sort().join())
            .sort()
            .join('|'),
        )
        .sort();
    expect(asSets(singlePassClusters(a), a)).toEqual(asSets(singlePassClusters(b), b));
  });

  it('merges groups whose centroids are alike', () => {
    const items = [
      vec({ a: 1, b: 1 }),
      vec({ a: 1, b: 1, c: 0.2 }),
      vec({ b: 1, c: 1 }),
      vec({ b: 1, c: 1, a: 0.2 }),
    ];
    expect(singlePassClusters(items, { join: 0.9, mergeAt: 0.4 })).toHaveLength(1);
    expect(singlePassClusters(items, { join: 0.9, mergeAt: 0.95 })).toHaveLength(2);
  });

  it('does no all-pairs work: probing is bounded per term', () => {
    // 2,000 items all sharing one term: with a probe depth of 4, each item reads at most 4 candidates.
    const items = Array.from({ length: 2000 }, (_, i) => vec({ common: 1, [`own${i}`]: 3 }));
    const groups = singlePassClusters(items, { probeDepth: 4, join: 0.5 });
    expect(groups.reduce((n, g) => n + g.length, 0)).toBe(2000);
  });
});

describe('cosine', () => {
  it('is 1 for the same direction and 0 for disjoint terms', () => {
    expect(cosine(vec({ a: 1, b: 2 }), vec({ a: 2, b: 4 }))).toBeCloseTo(1);
    expect(cosine(vec({ a: 1 }), vec({ b: 1 }))).toBe(0);
  });
});
