import type { PriorValue } from '../../core/advisor/features.ts';

/** Running sums of log-engagement per name (community or author). */
export class PriorTable {
  private readonly sums = new Map<string, { n: number; up: number; com: number }>();

  /** Adds one labelled post. */
  add(name: string | null, logUp: number, logCom: number): void {
    if (name === null) return;
    const s = this.sums.get(name) ?? { n: 0, up: 0, com: 0 };
    s.n++;
    s.up += logUp;
    s.com += logCom;
    this.sums.set(name, s);
  }

  /** The shrunk prior of a name against global means, or null when never seen. */
  get(name: string | null, globalUp: number, globalCom: number, k: number): PriorValue | null {
    if (name === null) return null;
    const s = this.sums.get(name);
    if (!s) return null;
    return {
      n: s.n,
      up: (s.up + k * globalUp) / (s.n + k) - globalUp,
      com: (s.com + k * globalCom) / (s.n + k) - globalCom,
    };
  }

  /** Like get(), with one post (of engagement logUp, logCom) taken out: the leave-one-out prior. */
  getWithout(
    name: string | null,
    logUp: number,
    logCom: number,
    globalUp: number,
    globalCom: number,
    k: number,
  ): PriorValue | null {
    if (name === null) return null;
    const s = this.sums.get(name);
    if (!s || s.n <= 1) return null;
    const n = s.n - 1;
    return {
      n,
      up: (s.up - logUp + k * globalUp) / (n + k) - globalUp,
      com: (s.com - logCom + k * globalCom) / (n + k) - globalCom,
    };
  }

  /** A copy (so a fixed table can be taken from a running one). */
  clone(): PriorTable {
    const t = new PriorTable();
    for (const [k, v] of this.sums) t.sums.set(k, { ...v });
    return t;
  }

  /** The `limit` names with most posts (ties by name) as [posts, mean up, mean com], means rounded. */
  top(limit: number): Record<string, [number, number, number]> {
    const out: Record<string, [number, number, number]> = {};
    const names = [...this.sums].sort((a, b) => b[1].n - a[1].n || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
    for (const [name, s] of names) out[name] = [s.n, round(s.up / s.n), round(s.com / s.n)];
    return out;
  }
}

function round(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}
