import { UndirectedGraph } from 'graphology';
import louvainModule from 'graphology-communities-louvain';
import type { SparseVector } from './cluster.ts';

// The package is CommonJS: under NodeNext its default export is the module object, whose `default` is the function.
const louvain = ((louvainModule as unknown as { default?: typeof louvainModule }).default ??
  louvainModule) as unknown as (
  graph: UndirectedGraph,
  options: { resolution: number; rng: () => number; getEdgeWeight: string },
) => Record<string, number>;

/** Tuning of `keyGraphGroups`. */
export interface KeyGraphOptions {
  /** A post's strongest keywords that enter the graph. */
  readonly keywords?: number;
  /** Posts two keywords must share before they are linked. */
  readonly minCooccurrence?: number;
  /** …and the share of the rarer keyword's posts that they share (co / min(df)). */
  readonly minConditional?: number;
  /** Share of a post's keyword weight that a community must explain for the post to join it. */
  readonly assign?: number;
  /** Louvain resolution: higher gives smaller communities. */
  readonly resolution?: number;
}

/** A small deterministic PRNG (mulberry32), so Louvain gives the same communities on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function strongest(v: SparseVector, n: number): string[] {
  return [...v.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, n)
    .map(([k]) => k);
}

/**
 * Groups posts by the communities of a keyword co-occurrence graph (KeyGraph, as in Story Forest): the
 * strongest keywords of each post are nodes; two keywords used together by `minCooccurrence` [2] posts,
 * and by `minConditional` [0.3] of the rarer one's posts, are linked (weight: co-occurrence over the
 * geometric mean of their posts); Louvain finds the communities; each post joins the community that
 * explains the largest share of its keyword weight, when that share is at least `assign` [0.35] and two
 * of its keywords are in it. Posts that use different words for one subject (an audit, a sandbox, a
 * quarantine of skills) meet through the words they share with others. Returns the groups of two or more
 * posts (indices into `vectors`), largest first; deterministic.
 */
export function keyGraphGroups(vectors: readonly SparseVector[], options: KeyGraphOptions = {}): number[][] {
  const env = (k: string, d: number): number => (process.env[k] ? Number(process.env[k]) : d);
  const { keywords = env('KG_K', 12), minCooccurrence = 2, minConditional = env('KG_C', 0.3), assign = env('KG_A', 0.35), resolution = env('KG_R', 1) } = options;
  const tops = vectors.map((v) => strongest(v, keywords).sort());
  const df = new Map<string, number>();
  for (const keys of tops) for (const k of keys) df.set(k, (df.get(k) ?? 0) + 1);
  const co = new Map<string, number>();
  for (const keys of tops) {
    const kept = keys.filter((k) => (df.get(k) ?? 0) >= 2);
    for (let a = 0; a < kept.length; a++)
      for (let b = a + 1; b < kept.length; b++) {
        const pair = `${kept[a]}\u0000${kept[b]}`;
        co.set(pair, (co.get(pair) ?? 0) + 1);
      }
  }
  const graph = new UndirectedGraph();
  for (const [pair, count] of [...co].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (count < minCooccurrence) continue;
    const [a = '', b = ''] = pair.split('\u0000');
    const da = df.get(a) ?? 1;
    const db = df.get(b) ?? 1;
    if (count / Math.min(da, db) < minConditional) continue;
    if (!graph.hasNode(a)) graph.addNode(a);
    if (!graph.hasNode(b)) graph.addNode(b);
    graph.addEdge(a, b, { weight: count / Math.sqrt(da * db) });
  }
  if (graph.order === 0) return [];
  const community = louvain(graph, { resolution, rng: seeded(0x5eed), getEdgeWeight: 'weight' });
  const groups = new Map<number, number[]>();
  vectors.forEach((v, i) => {
    let total = 0;
    const byCommunity = new Map<number, { weight: number; keys: number }>();
    for (const [k, w] of v) {
      total += w;
      const c = community[k];
      if (c === undefined) continue;
      const s = byCommunity.get(c) ?? { weight: 0, keys: 0 };
      s.weight += w;
      s.keys++;
      byCommunity.set(c, s);
    }
    let best: number | null = null;
    let bestWeight = 0;
    for (const [c, s] of [...byCommunity].sort((x, y) => x[0] - y[0])) {
      if (s.keys >= 2 && s.weight > bestWeight) {
        best = c;
        bestWeight = s.weight;
      }
    }
    if (best !== null && total > 0 && bestWeight / total >= assign)
      groups.set(best, [...(groups.get(best) ?? []), i]);
  });
  return [...groups.values()]
    .filter((g) => g.length >= 2)
    .sort((a, b) => b.length - a.length || (a[0] ?? 0) - (b[0] ?? 0));
}
