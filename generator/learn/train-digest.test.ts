import { describe, expect, it } from 'vitest';
import { DENSE_FEATURES } from '../../core/advisor/features.ts';
import { plantedRows } from './synthetic.ts';
import { trainModel } from './train.ts';

describe('digest-match features', () => {
  it('are never fitted, even when they track engagement in the training rows', () => {
    // Rows whose topic match follows their upvotes: a stuffable signal the model must not learn.
    const rows = plantedRows(400, 9).map((r) => {
      const match = Math.log1p(r.upvotes) / 4;
      return { ...r, context: [match, match, 0, 0, 0, 0] };
    });
    const model = trainModel(rows, { source: 'file', now: new Date(0), buckets: 1024 });
    const digest = DENSE_FEATURES.flatMap((f, j) => (f.group === 'digest' ? [j] : []));
    expect(digest.length).toBe(6);
    for (const j of digest) {
      expect(model.upvotes.dense[j]).toBe(0);
      expect(model.comments.dense[j]).toBe(0);
    }
  });
});
