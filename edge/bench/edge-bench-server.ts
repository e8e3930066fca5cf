// The edge for `npm run bench:edge` and `npm run bench:pay`: the real app with rate limiting ON (every
// request takes a token from the general bucket and counts in the route's own window, in the in-process
// store), the window's `max` and the bucket's size and rate raised so the single benchmarking client is
// never refused. Payments come from the environment as in production (bench:pay sets the embedded
// facilitator). Prints the same `listening` line as edge/server.ts. Started with an IPC channel, it
// answers the message 'timings' with the gate's facilitator times (null when payments are off), so
// the bench reads them in the same run (timings-channel.ts).
import { loadEdgeConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { startEdge } from '../start.ts';
import { TIMINGS_MESSAGE, type TimingsAnswer } from './timings-channel.ts';

const edge = await startEdge(loadEdgeConfig(), silentLogger, {
  adjustLimit: (limit) => ({ ...limit, max: 1_000_000_000 }),
  adjustBucket: (bucket) => ({ ...bucket, burst: 1_000_000_000, ratePerSecond: 1_000_000_000 }),
});
if (process.send) {
  process.on('message', (message) => {
    if (message !== TIMINGS_MESSAGE) return;
    const answer: TimingsAnswer =
      edge.payments.setup.mode === 'challenge-only' ? null : edge.payments.shop.x402.timings();
    process.send?.(answer);
  });
  process.channel?.unref();
}
process.stdout.write(`${JSON.stringify({ listening: edge.port })}\n`);
process.on('SIGTERM', () => void edge.close(1_000).then(() => process.exit(0)));
