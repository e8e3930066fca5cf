// The bench-only IPC question between `npm run bench:pay` and its edge process (edge-bench-server.ts):
// the facilitator's own verify and settle times, which the gate records in the edge's process.
import type { ChildProcess } from 'node:child_process';
import type { FacilitatorTimings as GateTimings } from '../paid/guard.ts';

/** The message asking the edge process for its gate's timings. */
export const TIMINGS_MESSAGE = 'timings';

/** The edge process's answer: the gate's timings, or null when payments are off. */
export type TimingsAnswer = GateTimings | null;

/** Asks an edge process started with an IPC channel for its gate's verify and settle times. */
export function askTimings(child: ChildProcess, timeoutMs = 5_000): Promise<GateTimings> {
  return new Promise((resolve, reject) => {
    if (!child.send) return reject(new Error('the edge process has no IPC channel'));
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`the edge process did not answer '${TIMINGS_MESSAGE}' within ${timeoutMs} ms`));
    }, timeoutMs);
    const onMessage = (answer: unknown) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (answer === null) reject(new Error('payments are off in the edge process: no gate timings'));
      else resolve(answer as GateTimings);
    };
    child.on('message', onMessage);
    child.send(TIMINGS_MESSAGE);
  });
}
