import type { EdgeContext } from './env.ts';

/**
 * Whether the client of this request has hung up: its connection closed before the answer was
 * completely sent (the node adapter aborts the request's signal then; a request built in a test
 * never aborts).
 */
export function hungUp(c: EdgeContext): boolean {
  return c.req.raw.signal.aborted;
}

/**
 * Runs `then` once if the client hangs up before the answer is completely sent, also after the
 * handler returned it (a connection cut while the body is written); at once if it already has.
 */
export function onHangUp(c: EdgeContext, then: () => void): void {
  const signal = c.req.raw.signal;
  if (signal.aborted) then();
  else signal.addEventListener('abort', then, { once: true });
}
