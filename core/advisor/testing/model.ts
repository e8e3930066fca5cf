import { DENSE_FEATURES } from '../features.ts';
import type { ModelArtifact } from '../model.ts';

/**
 * Test support: a small valid artifact whose weights a test sets by dense feature name (everything
 * else zero), so a test knows exactly what the model prefers. Standardisation is the identity.
 */
export function testArtifact(
  weights: Record<string, number> = {},
  overrides: Partial<ModelArtifact> = {},
): ModelArtifact {
  const dense = DENSE_FEATURES.map((f) => weights[f.name] ?? 0);
  for (const name of Object.keys(weights))
    if (!DENSE_FEATURES.some((f) => f.name === name))
      throw new Error(`testArtifact: no dense feature ${name}`);
  const target = { intercept: 1, hashed: [], dense, residualQ10: -0.5, residualQ90: 0.7 };
  return {
    format: 'murmur-advisor-model',
    schemaVersion: 1,
    version: '1.0.0+test',
    createdAt: '2026-01-28T12:00:00.000Z',
    source: 'simulator',
    trainingWindow: { from: '2026-01-27T00:00:00.000Z', to: '2026-01-28T00:00:00.000Z' },
    rows: { train: 100, validation: 20 },
    buckets: 16,
    useAuthor: true,
    targets: 'hour-normal-score',
    authorBlend: { upvotes: 0, comments: 0 },
    // log1p levels 0…5 in even steps: the median post has expm1(2.5) ≈ 11 upvotes
    levels: {
      from: '2026-01-27T00:00:00.000Z',
      rows: 100,
      upvotes: Array.from({ length: 101 }, (_, i) => i * 0.05),
      comments: Array.from({ length: 101 }, (_, i) => i * 0.03),
    },
    priorStrength: 5,
    globalUp: 1,
    globalCom: 0.5,
    denseMean: DENSE_FEATURES.map(() => 0),
    denseStd: DENSE_FEATURES.map(() => 1),
    upvotes: target,
    comments: { ...target, intercept: 0.5 },
    communities: { general: [10, 2, 1] },
    authors: { alice: [8, 3, 1.5] },
    reference: Array.from({ length: 101 }, (_, i) => 1 + i * 0.03),
    groupMeans: { wording: 0, format: 0, timing: 0, community: 0, author: 0, digest: 0 },
    validation: null,
    ...overrides,
  };
}

/**
 * Test support: rolling-origin figures in which the served scorer has the given within-hour ρ and
 * same-hour pairs with intervals ± `spread`, against an author prior at `prior` (ρ) and 0.5 + prior / 2.
 */
export function testRolling(
  own: number,
  prior: number,
  spread: number,
  served: 'model' | 'length' | 'author-prior' = 'model',
): NonNullable<ModelArtifact['rolling']> {
  const figure = (rho: number, width: number) => ({
    hourSpearman: rho,
    hourSpearmanInterval: [rho - width, rho + width] as [number, number],
    pairwise: 0.5 + rho / 2,
    pairwiseInterval: [0.5 + rho / 2 - width / 2, 0.5 + rho / 2 + width / 2] as [number, number],
  });
  const others = {
    model: figure(prior, spread),
    length: figure(prior, spread),
    'author-prior': figure(prior, spread),
  };
  return {
    blockHours: 6,
    blocks: 4,
    rows: 400,
    hours: 24,
    from: '2026-01-27T00:00:00.000Z',
    to: '2026-01-28T00:00:00.000Z',
    spearman: own,
    scorers: { ...others, constant: figure(0, 0), [served]: figure(own, spread) },
    served,
  };
}
