import { describe, expect, it } from 'vitest';
import { DENSE_FEATURES } from '../../core/advisor/features.ts';
import { parseModelArtifact } from '../../core/advisor/model.ts';
import { testArtifact } from '../../core/advisor/testing/model.ts';
import { evaluateSplit } from './evaluate.ts';
import { spearman } from './metrics.ts';
import { predictRows } from './predict-rows.ts';
import { plantedRows } from './synthetic.ts';
import { trainModel } from './train.ts';

describe('trainModel', () => {
  // 20 rows an hour: the targets are ranks within each creation hour, as the hourly job's 100-post samples give
  const rows = plantedRows(700, 1, Date.UTC(2026, 0, 20), 180_000);
  const train = rows.slice(0, 500);
  const test = rows.slice(500);

  it('recovers a planted word signal on later rows', () => {
    const model = trainModel(train, { source: 'simulator', now: new Date(), buckets: 4096 });
    const p = predictRows(model, test);
    expect(
      spearman(
        p.map((x) => x.up),
        test.map((r) => Math.log1p(r.upvotes)),
      ),
    ).toBeGreaterThan(0.6);
    const [zebra, plain] = predictRows(model, [
      { ...(test[0] as (typeof test)[0]), title: 'zebra notes', author: null },
      { ...(test[0] as (typeof test)[0]), title: 'weather notes', author: null },
    ]);
    expect((zebra?.up ?? 0) - (plain?.up ?? 0)).toBeGreaterThan(0.3);
    expect(model.validation?.model.spearman).toBeGreaterThan(model.validation?.baseline.spearman ?? 1);
  });

  it('is deterministic and versioned by its training window and weights', () => {
    const a = trainModel(train, { source: 'simulator', now: new Date(0), buckets: 1024 });
    const b = trainModel(train, { source: 'simulator', now: new Date(0), buckets: 1024 });
    expect(a).toEqual(b);
    expect(a.version).toMatch(/^4\.1\.0\+2026012\d{3}\.[0-9a-f]{8}$/);
    expect(a.targets).toBe('hour-normal-score');
    expect(a.levels.upvotes).toHaveLength(101);
    expect(a.reference).toHaveLength(101);
    expect(a.upvotes.residualQ10).toBeLessThan(a.upvotes.residualQ90);
  });

  it('learns the author prior: content + author beats content only when authors matter', () => {
    const r = evaluateSplit(train, test, { buckets: 4096 });
    expect(r.model.spearman).toBeGreaterThan(r.contentOnly.spearman);
    expect(r.baselines.constant.spearman).toBe(0);
  });

  it('keeps the artifact under 5 MB even with every bucket and 5 000 long author names filled (priors and activity)', () => {
    const buckets = 2 ** 15;
    const hashed = Array.from({ length: buckets }, (_, i) => [i, -0.1234]).flat();
    const authors = Object.fromEntries(
      Array.from({ length: 5000 }, (_, i) => [`${'a'.repeat(90)}${i}`, [1234, 1.2345, 0.1234]]),
    );
    const full = testArtifact(
      {},
      {
        buckets,
        upvotes: { ...testArtifact().upvotes, hashed, dense: DENSE_FEATURES.map(() => -0.1234) },
        comments: { ...testArtifact().comments, hashed, dense: DENSE_FEATURES.map(() => -0.1234) },
        authors: authors as never,
        activity: {
          at: '2026-01-28T00:00:00.000Z',
          authors: Object.fromEntries(
            Object.keys(authors).map((name) => [name, [123456, ...Array.from({ length: 12 }, () => 10079)]]),
          ),
        },
      },
    );
    const json = JSON.stringify(parseModelArtifact(full));
    expect(Buffer.byteLength(json)).toBeLessThan(5 * 1024 * 1024);
  });
});
