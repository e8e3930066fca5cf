/**
 * Test support: a clock that moves only when told, for the `now` option of the state stores' locks
 * (and of whatever else takes one), so a lock's expiry is a step of the test instead of a sleep.
 */
export function manualClock(startMs = Date.UTC(2026, 2, 10, 10)) {
  let t = startMs;
  return {
    now: () => t,
    /** Moves the clock `ms` forward. */
    advance(ms: number): void {
      t += ms;
    },
  };
}
