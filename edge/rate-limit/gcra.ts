/**
 * Slack when comparing against the bucket's capacity, in ms: intervals such as 1000/3 ms are not exact
 * in floating point, and a sum of them must not refuse the request that exactly fills the bucket.
 */
export const SLACK_MS = 1e-3;

/** The outcome of one take from a token bucket. */
export interface GcraStep {
  readonly conforms: boolean;
  /** The theoretical arrival time after the step: when the bucket is full again. */
  readonly tat: number;
}

/**
 * One step of the generic cell rate algorithm, the token bucket kept as a single time: `tat` is when
 * the bucket will be full again (undefined or ≤ now: it is full). A request takes one token, moving
 * `tat` on by `intervalMs`; it conforms while `tat` stays within `burst` intervals of now. A refused
 * request takes nothing (as in nginx), so a client retrying too fast is not pushed further back.
 * redis-store.ts runs the same step in Lua.
 */
export function gcraStep(tat: number | undefined, now: number, intervalMs: number, burst: number): GcraStep {
  const base = tat === undefined || tat < now ? now : tat;
  const next = base + intervalMs;
  if (next - now > burst * intervalMs + SLACK_MS) return { conforms: false, tat: base };
  return { conforms: true, tat: next };
}

/** Whole tokens left in a bucket that is full again at `fullAt`. */
export function tokensLeft(fullAt: number, now: number, intervalMs: number, burst: number): number {
  const used = Math.max(0, fullAt - now) / intervalMs;
  return Math.max(0, Math.min(burst, Math.floor(burst - used + SLACK_MS / intervalMs)));
}

/** When the next token is there (ms since epoch) in a bucket full again at `fullAt`. */
export function nextTokenAt(fullAt: number, intervalMs: number, burst: number): number {
  return fullAt - (burst - 1) * intervalMs;
}
