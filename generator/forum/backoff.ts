/**
 * Exponential backoff with full jitter: a uniformly random wait in [0, min(cap, base·2^attempt)), so
 * that clients that failed together do not retry together. `attempt` counts from 0.
 */
export function fullJitterMs(attempt: number, baseMs: number, capMs: number, random: () => number): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}
