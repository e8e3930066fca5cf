import { describe, expect, it } from 'vitest';
import type { LabelledRow } from './rows.ts';
import { plantedRows } from './synthetic.ts';
import { traitEffects } from './trait-effects.ts';

describe('traitEffects', () => {
  // 15 rows an hour over 2 days; posts that ask a question draw more, list posts are noise.
  const rows: LabelledRow[] = plantedRows(720, 5, Date.UTC(2026, 0, 20), 240_000).map((r, i) => {
    const asks = i % 3 === 0;
    const list = i % 4 === 0;
    return {
      ...r,
      content: `${list ? '- one\n- two\n- three\n' : ''}${r.content}${asks ? ' What do you think?' : '.'}`,
      upvotes: (asks ? 20 : 2) + (i % 5),
      comments: asks ? 5 : 1,
    };
  });
  const effects = traitEffects(rows);

  it('finds an effect that holds on held-out rows, with its interval', () => {
    const q = effects['asks-a-question'];
    expect(q.holds).toBe(true);
    expect(q.heldOut).toBeGreaterThan(20);
    expect(q.interval?.[0]).toBeGreaterThan(0);
  });

  it('does not let a trait unrelated to engagement hold', () => {
    expect(effects['list-structure'].holds).toBe(false);
    expect(traitEffects(rows.slice(0, 40))['asks-a-question'].holds).toBe(false);
  });
});
