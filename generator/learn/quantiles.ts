import { quantileSorted } from 'simple-statistics';

const r4 = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * 101 quantiles (0 %, 1 %, …, 100 %) of the values (simple-statistics, linear interpolation), rounded
 * to 4 decimals and made non-decreasing; all 0 for no values.
 */
export function quantiles101(values: readonly number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const q = Array.from({ length: 101 }, (_, i) =>
    sorted.length === 0 ? 0 : r4(quantileSorted(sorted, i / 100)),
  );
  for (let i = 1; i < 101; i++) q[i] = Math.max(q[i] as number, q[i - 1] as number);
  return q;
}
