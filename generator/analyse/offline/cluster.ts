/** A sparse, L2-normalised vector: term → weight. */
export type SparseVector = ReadonlyMap<string, number>;

/** Tuning of `singlePassClusters`. */
export interface ClusterOptions {
  /** Cosine to a cluster's centroid needed to join it. */
  readonly join?: number;
  /** Terms of an item used to look up candidate clusters (its strongest ones). */
  readonly probeTerms?: number;
  /** Candidate clusters read per probe term (the most recently grown ones): bounds the work per item. */
  readonly probeDepth?: number;
  /** Cosine between two clusters' centroids at which they are merged after the passes. */
  readonly mergeAt?: number;
}

interface Cluster {
  readonly sum: Map<string, number>;
  normSq: number;
  readonly members: number[];
}

function cosineToSum(v: SparseVector, c: Cluster): number {
  if (c.normSq <= 0) return 0;
  let dot = 0;
  for (const [t, w] of v) dot += w * (c.sum.get(t) ?? 0);
  return dot / Math.sqrt(c.normSq);
}

function add(c: Cluster, v: SparseVector, item: number): void {
  for (const [t, w] of v) {
    const old = c.sum.get(t) ?? 0;
    const now = old + w;
    c.sum.set(t, now);
    c.normSq += now * now - old * old;
  }
  c.members.push(item);
}

function strongest(v: SparseVector, n: number): string[] {
  return [...v.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([t]) => t);
}

/**
 * Single-pass clustering as used in topic detection and tracking: items are read in the given order
 * (put the most engaged first, so they seed clusters); each joins the candidate cluster whose summed
 * vector it is most similar to (cosine ≥ `join`), or starts a new one. Candidates come from an inverted
 * index of the terms already in each cluster, read to a fixed depth per term, so the work grows linearly
 * with the items (no all-pairs step). A second pass then moves every item to its best cluster among those
 * with two or more members (one k-means step against the first pass's centroids), which removes most of
 * the order dependence; an item that fits none stays alone. Groups whose centroids are alike
 * (cosine ≥ `mergeAt`) are then merged.
 * Returns clusters as lists of item indices (in reading order), largest first; deterministic.
 */
export function singlePassClusters(
  vectors: readonly SparseVector[],
  options: ClusterOptions = {},
): number[][] {
  const { join = 0.3, probeTerms = 5, probeDepth = 16, mergeAt = 0.35 } = options;
  const clusters: Cluster[] = [];
  const index = new Map<string, number[]>();
  const probes = vectors.map((v) => strongest(v, probeTerms));
  // Candidate clusters of one item, ascending, each once (a stamp per cluster instead of a Set).
  const stamp: number[] = [];
  let round = 0;
  const candidatesOf = (item: number): number[] => {
    round++;
    const out: number[] = [];
    for (const t of probes[item] ?? []) {
      const list = index.get(t);
      if (!list) continue;
      for (let k = list.length - 1; k >= 0 && k >= list.length - probeDepth; k--) {
        const ci = list[k] ?? 0;
        if (stamp[ci] === round) continue;
        stamp[ci] = round;
        out.push(ci);
      }
    }
    return out.sort((a, b) => a - b);
  };
  const indexTerms = (ci: number, terms: Iterable<string>): void => {
    for (const t of terms) {
      let list = index.get(t);
      if (!list) {
        list = [];
        index.set(t, list);
      }
      list.push(ci);
    }
  };
  vectors.forEach((v, item) => {
    if (v.size === 0) {
      clusters.push({ sum: new Map(), normSq: 0, members: [item] });
      return;
    }
    let best = -1;
    let bestSim = join;
    for (const ci of candidatesOf(item)) {
      const c = clusters[ci];
      if (!c) continue;
      const sim = cosineToSum(v, c);
      if (sim >= bestSim && (best < 0 || sim > bestSim)) {
        best = ci;
        bestSim = sim;
      }
    }
    if (best >= 0) {
      const c = clusters[best] as Cluster;
      // Index only the terms this item brings to the cluster (before adding, `sum` holds the cluster's).
      const fresh = [...v.keys()].filter((t) => !c.sum.has(t));
      add(c, v, item);
      indexTerms(best, fresh);
    } else {
      const c: Cluster = { sum: new Map(), normSq: 0, members: [] };
      add(c, v, item);
      clusters.push(c);
      indexTerms(clusters.length - 1, v.keys());
    }
  });

  // Second pass: every item to its best multi-member centroid (frozen), else alone.
  const groups = new Map<number, number[]>();
  const alone: number[][] = [];
  vectors.forEach((v, item) => {
    let best = -1;
    let bestSim = join;
    for (const ci of candidatesOf(item)) {
      const c = clusters[ci];
      if (!c || c.members.length < 2) continue;
      const sim = cosineToSum(v, c);
      if (sim >= bestSim && (best < 0 || sim > bestSim)) {
        best = ci;
        bestSim = sim;
      }
    }
    if (best < 0) alone.push([item]);
    else {
      const list = groups.get(best);
      if (list) list.push(item);
      else groups.set(best, [item]);
    }
  });
  const merged = mergeSimilar([...groups.values()], vectors, mergeAt);
  const out = [...merged, ...alone];
  for (const g of out) g.sort((a, b) => a - b);
  return out.sort((a, b) => b.length - a.length || (a[0] ?? 0) - (b[0] ?? 0));
}

/** The normalised sum of the members' vectors. */
function centroidOf(members: readonly number[], vectors: readonly SparseVector[]): Map<string, number> {
  const sum = new Map<string, number>();
  for (const i of members) for (const [t, w] of vectors[i] ?? []) sum.set(t, (sum.get(t) ?? 0) + w);
  const norm = Math.sqrt([...sum.values()].reduce((s, w) => s + w * w, 0)) || 1;
  for (const [t, w] of sum) sum.set(t, w / norm);
  return sum;
}

/** Groups read per term when looking for merge partners. */
const MERGE_DEPTH = 64;

/**
 * Merges groups whose centroids have cosine ≥ `at` (union-find, so chains merge too). Candidate pairs
 * come from an inverted index of each centroid's 10 strongest terms, read to a fixed depth per term:
 * linear in the groups, not all pairs.
 */
function mergeSimilar(groups: number[][], vectors: readonly SparseVector[], at: number): number[][] {
  const centroids = groups.map((g) => centroidOf(g, vectors));
  const parent = groups.map((_, i) => i);
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] ?? r;
    return r;
  };
  const index = new Map<string, number[]>();
  centroids.forEach((c, gi) => {
    const seen = new Set<number>();
    for (const t of strongest(c, 10)) {
      const list = index.get(t) ?? [];
      for (let k = list.length - 1; k >= 0 && k >= list.length - MERGE_DEPTH; k--) {
        const other = list[k] ?? 0;
        if (seen.has(other)) continue;
        seen.add(other);
        if (cosine(c, centroids[other] ?? new Map()) >= at) {
          const [a, b] = [find(gi), find(other)];
          if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
        }
      }
      if (list.length === 0) index.set(t, list);
      list.push(gi);
    }
  });
  const out = new Map<number, number[]>();
  groups.forEach((g, gi) => {
    const root = find(gi);
    const list = out.get(root);
    if (list) list.push(...g);
    else out.set(root, [...g]);
  });
  return [...out.values()];
}

/** Cosine of two sparse vectors. */
export function cosine(a: SparseVector, b: SparseVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, w] of a) {
    dot += w * (b.get(t) ?? 0);
    na += w * w;
  }
  for (const w of b.values()) nb += w * w;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
