import type { LabelledRow, PostingRow } from './rows.ts';

/** Predictions of one scorer for the test rows: log1p(upvotes) and log1p(comments). */
export interface Scores {
  readonly up: readonly number[];
  readonly com: readonly number[];
}

/** The single-signal baselines the model is judged against (field notes §6). */
export const BASELINE_NAMES = [
  'constant',
  'length',
  'hour-of-day',
  'community-prior',
  'author-prior',
] as const;
/** One baseline name. */
export type BaselineName = (typeof BASELINE_NAMES)[number];

const K = 5;

function groupMeans(
  train: readonly LabelledRow[],
  key: (r: PostingRow) => string | null,
): (r: PostingRow) => { up: number; com: number } {
  let gu = 0;
  let gc = 0;
  for (const r of train) {
    gu += Math.log1p(r.upvotes);
    gc += Math.log1p(r.comments);
  }
  gu /= Math.max(1, train.length);
  gc /= Math.max(1, train.length);
  const sums = new Map<string, { n: number; up: number; com: number }>();
  for (const r of train) {
    const k = key(r);
    if (k === null) continue;
    const s = sums.get(k) ?? { n: 0, up: 0, com: 0 };
    s.n++;
    s.up += Math.log1p(r.upvotes);
    s.com += Math.log1p(r.comments);
    sums.set(k, s);
  }
  return (r) => {
    const k = key(r);
    const s = k === null ? undefined : sums.get(k);
    if (!s) return { up: gu, com: gc };
    return { up: (s.up + K * gu) / (s.n + K), com: (s.com + K * gc) / (s.n + K) };
  };
}

/**
 * A baseline's predictions for the test rows, learned from the train rows only: constant (the train
 * mean), length (log of title + body characters), hour of day, community and author priors (shrunk
 * means with strength 5; unknown → train mean).
 */
export function baselineScores(
  name: BaselineName,
  train: readonly LabelledRow[],
  test: readonly PostingRow[],
): Scores {
  const both = (f: (r: PostingRow) => { up: number; com: number }): Scores => {
    const v = test.map(f);
    return { up: v.map((x) => x.up), com: v.map((x) => x.com) };
  };
  switch (name) {
    case 'constant': {
      const f = groupMeans(train, () => null);
      return both(f);
    }
    case 'length':
      return both((r) => {
        const v = Math.log1p(r.title.length + r.content.length);
        return { up: v, com: v };
      });
    case 'hour-of-day':
      return both(groupMeans(train, (r) => String(new Date(r.createdAt).getUTCHours())));
    case 'community-prior':
      return both(groupMeans(train, (r) => r.submolt));
    case 'author-prior':
      return both(groupMeans(train, (r) => r.author));
  }
}
