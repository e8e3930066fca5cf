import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEvaluation } from './eval-report.ts';
import { evaluateSplit } from './evaluate.ts';
import { readPostsFile, splitByTime, splitTimeAt, withActivity } from './posts-file.ts';
import type { LabelledRow } from './rows.ts';
import { plantedRows } from './synthetic.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-advisor-eval-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('time-only splits', () => {
  const rows = plantedRows(300, 2);
  it('splits at a time, never shuffling', () => {
    const at = splitTimeAt(rows, 0.7);
    const { before, after } = splitByTime(rows, at);
    expect(before).toHaveLength(210);
    expect(after).toHaveLength(90);
    expect(before.every((r) => Date.parse(r.createdAt) < at.getTime())).toBe(true);
    expect(after.every((r) => Date.parse(r.createdAt) >= at.getTime())).toBe(true);
  });
  it('refuses a test set that starts before the training set ends', () => {
    expect(() => evaluateSplit(rows.slice(100), rows.slice(0, 150))).toThrow(/must all be later/);
  });
  it('prints the metrics table with the summary as its last line, within-hour figures included', () => {
    // 20 rows an hour, so the test hours reach the 10 rows the within-hour ρ needs
    const dense = plantedRows(300, 2, Date.UTC(2026, 0, 20), 180_000);
    const lines = formatEvaluation(evaluateSplit(dense.slice(0, 210), dense.slice(210), { buckets: 1024 }));
    expect(lines.join('\n')).toMatch(/baseline author-prior/);
    expect(lines.join('\n')).toMatch(/model content-only/);
    expect(lines.at(-1)).toMatch(
      /^spearman=-?\d\.\d{3} baseline=-?\d\.\d{3} hour_spearman=-?\d\.\d{3} hour_baseline=-?\d\.\d{3} pairwise=\d\.\d{3} pairwise_baseline=\d\.\d{3}$/,
    );
  });
});

describe('readPostsFile', () => {
  it('labels rows at least 24 h old, reads score when upvotes are missing, and reports bad lines', async () => {
    const path = join(dir, 'posts.jsonl');
    const post = (id: string, created: string, age: number, extra: object) =>
      JSON.stringify({
        id,
        title: `Post ${id}`,
        content: null,
        url: null,
        comment_count: '3',
        created_at: created,
        author_name: 'Alice',
        submolt_name: null,
        age_at_snapshot_hours: age,
        ...extra,
      });
    await writeFile(
      path,
      [
        post('b', '2026-01-28T02:00:00Z', 30, { upvotes: 5 }),
        post('a', '2026-01-28T01:00:00Z', 40, { upvotes: null, score: -2 }),
        post('c', '2026-01-28T03:00:00Z', 3, { upvotes: 9 }),
        '{not json',
        '',
      ].join('\n'),
    );
    const file = await readPostsFile(path);
    expect(file.total).toBe(3);
    expect(file.skipped).toBe(1);
    expect(file.firstProblem).toMatch(/line 4/);
    expect(file.labelled.map((r) => [r.id, r.upvotes, r.comments, r.author])).toEqual([
      ['a', 0, 3, 'alice'],
      ['b', 5, 3, 'alice'],
    ]);
    // Activity comes from every earlier post, labelled or not; never from the row itself or later ones.
    expect(file.labelled.map((r) => r.activity)).toEqual([
      [0, 0, -1],
      [1, 1, 1],
    ]);
    expect(file.posts).toHaveLength(3);
    const [late] = withActivity(
      [{ ...(file.labelled[1] as LabelledRow), createdAt: '2026-01-28T04:00:00.000Z' }],
      file.posts,
    );
    expect(late?.activity).toEqual([3, 3, 1]);
  });
  it('names the file when it cannot be read', async () => {
    await expect(readPostsFile(join(dir, 'missing.jsonl'))).rejects.toThrow(/missing\.jsonl: cannot read/);
  });
});
