import { describe, expect, it } from 'vitest';
import { formatRolling } from './eval-report.ts';
import { rollingOrigin, servedScorer } from './rolling.ts';
import type { LabelledRow } from './rows.ts';
import { plantedRows } from './synthetic.ts';
import { trainModel } from './train.ts';

// Rows every 4 minutes over 4 days: 15 an hour, the planted word and author carry the signal.
const rows = plantedRows(1440, 3, Date.UTC(2026, 0, 20), 240_000);

describe('rolling-origin evaluation', () => {
  const seen: { now: string; newest: string; count: number }[] = [];
  const report = rollingOrigin(rows, {
    blockHours: 12,
    train: (fit, now) => {
      const newest = fit.reduce((a, r) => (r.createdAt > a ? r.createdAt : a), '');
      seen.push({ now: now.toISOString(), newest, count: fit.length });
      return trainModel(fit, { source: 'file', now, buckets: 1024 });
    },
  });

  it('trains each block only on rows created 24 h before its start, and tests on the block', () => {
    expect(report.blocks.length).toBeGreaterThanOrEqual(4);
    for (const [i, b] of report.blocks.entries()) {
      const s = seen[i] as (typeof seen)[number];
      expect(s.now).toBe(b.from);
      expect(Date.parse(s.newest)).toBeLessThan(Date.parse(b.from) - 24 * 3_600_000);
      expect(Date.parse(b.to) - Date.parse(b.from)).toBe(12 * 3_600_000);
      expect(b.rows).toBe(180);
    }
    expect(report.skill.rows).toBe(report.blocks.reduce((n, b) => n + b.rows, 0));
  });

  it('measures the planted signal with an interval above the baselines, and serves the model', () => {
    const s = report.skill;
    const model = s.scorers.model;
    expect(model?.hourSpearman).toBeGreaterThan(0.5);
    expect(model?.hourSpearmanInterval?.[0]).toBeGreaterThan(s.scorers.length?.hourSpearman ?? 1);
    expect(s.served).toBe('model');
    const lines = formatRolling(report);
    expect(lines.at(-1)).toMatch(
      /^spearman=-?\d\.\d{3} baseline=-?\d\.\d{3} hour_spearman=\d\.\d{3} hour_baseline=-?\d\.\d{3} pairwise=\d\.\d{3} pairwise_baseline=\d\.\d{3}$/,
    );
  });

  it('serves post length when length ranks later posts better than the model', () => {
    // Engagement follows the body's length, shorter first until hour 60, then longer: every model
    // trained before the flip learns the old sign, which the untrained length baseline does not carry.
    const byLength: LabelledRow[] = rows.map((r, i) => {
      const n = 5 + ((i * 7919) % 60);
      return {
        ...r,
        content: 'word '.repeat(n).trim(),
        title: 'same title',
        author: null,
        upvotes: i < 900 ? 70 - n : n,
        comments: 0,
      };
    });
    const r = rollingOrigin(byLength, {
      blockHours: 12,
      maxBlocks: 3,
      train: (fit, now) => trainModel(fit, { source: 'file', now, buckets: 1024, useAuthor: false }),
    });
    expect(r.blocks).toHaveLength(3);
    expect(r.skill.scorers.length?.hourSpearman).toBeGreaterThan(0.9);
    expect(r.skill.served).toBe('length');
  });

  it('gives no interval from too few hours, and no block without 20 rows labelled before it', () => {
    const few = rollingOrigin(rows.slice(0, 400), {
      blockHours: 6,
      train: (fit, now) => trainModel(fit, { source: 'file', now, buckets: 1024 }),
    });
    for (const b of few.blocks) expect(b.trainRows).toBeGreaterThanOrEqual(20);
    expect(
      rollingOrigin(rows.slice(0, 300), {
        train: () => {
          throw new Error('no block');
        },
      }).blocks,
    ).toEqual([]);
    const one = servedScorer({
      model: { hourSpearman: 0.1, hourSpearmanInterval: null, pairwise: 0.5, pairwiseInterval: null },
    });
    expect(one).toBe('model');
  });
});
