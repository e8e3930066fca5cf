// The edge for `npm run bench:edge`: the real app with rate limiting ON (every request takes a token from
// the general bucket and counts in the route's own window, in the in-process store), the window's `max`
// and the bucket's size and rate raised so the single benchmarking client is never refused. Prints the same `listening` line as edge/server.ts.
import { loadEdgeConfig } from '../config.ts';
import { silentLogger } from '../logger.ts';
import { startEdge } from '../start.ts';

const edge = await startEdge(loadEdgeConfig(), silentLogger, {
  adjustLimit: (limit) => ({ ...limit, max: 1_000_000_000 }),
  adjustBucket: (bucket) => ({ ...bucket, burst: 1_000_000_000, ratePerSecond: 1_000_000_000 }),
});
process.stdout.write(`${JSON.stringify({ listening: edge.port })}\n`);
process.on('SIGTERM', () => void edge.close(1_000).then(() => process.exit(0)));
