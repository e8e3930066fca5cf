/** A fake clock for the client's `now` and `sleep`: sleeping advances time at once and is recorded. */
export function fakeClock(startMs = Date.UTC(2026, 1, 10, 12, 5)) {
  let t = startMs;
  const sleeps: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    /** Every sleep asked for, in order. */
    sleeps,
  };
}
