import { Agent, request } from 'node:http';
import { median as ssMedian, quantile as ssQuantile } from 'simple-statistics';

/** One request the generator sends. */
export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: Uint8Array | string;
}

/** One response as the generator saw it. */
export interface LoadResponse {
  readonly request: LoadRequest;
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: Buffer;
  /** Round trip in ms. */
  readonly latencyMs: number;
}

/** What a run did. */
export interface LoadResult {
  readonly sent: number;
  readonly errors: string[];
  readonly elapsedMs: number;
  /** Latencies in ms, in completion order. */
  readonly latencies: Float64Array;
}

/** Options of a run: stops at `maxRequests` or `maxMs`, whichever comes first. */
export interface LoadOptions {
  readonly port: number;
  readonly concurrency: number;
  readonly maxRequests: number;
  readonly maxMs: number;
  /** The i-th request to send. */
  readonly next: (i: number) => LoadRequest;
  /** Called for each response (keep it cheap in benches). */
  readonly onResponse?: (response: LoadResponse) => void;
  /** Keep response bodies for onResponse (default true). */
  readonly keepBodies?: boolean;
}

/**
 * An autocannon-like closed-loop generator: `concurrency` workers on a keep-alive agent (one socket
 * each), each sending its next request when the previous answered. Bounded in requests and time.
 */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  const latencies = new Float64Array(options.maxRequests);
  const errors: string[] = [];
  const keepBodies = options.keepBodies ?? true;
  let issued = 0;
  let done = 0;
  const started = performance.now();
  const deadline = started + options.maxMs;

  const one = (req: LoadRequest) =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      // Node frames DELETE/OPTIONS bodies only with an explicit length; without it they would be sent raw.
      const headers =
        req.body === undefined
          ? req.headers
          : { ...req.headers, 'Content-Length': String(Buffer.byteLength(req.body)) };
      const r = request(
        { host: '127.0.0.1', port: options.port, method: req.method, path: req.path, headers, agent },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => {
            if (keepBodies) chunks.push(c);
          });
          res.on('end', () => {
            const latencyMs = performance.now() - t0;
            latencies[done++] = latencyMs;
            options.onResponse?.({
              request: req,
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: keepBodies ? Buffer.concat(chunks) : Buffer.alloc(0),
              latencyMs,
            });
            resolve();
          });
          res.on('error', (e) => {
            errors.push(`${req.method} ${req.path}: ${e.message}`);
            resolve();
          });
        },
      );
      r.on('error', (e) => {
        errors.push(`${req.method} ${req.path}: ${e.message}`);
        resolve();
      });
      r.end(req.body);
    });

  const worker = async () => {
    while (issued < options.maxRequests && performance.now() < deadline) {
      await one(options.next(issued++));
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  agent.destroy();
  return {
    sent: issued,
    errors,
    elapsedMs: performance.now() - started,
    latencies: latencies.subarray(0, done),
  };
}

/** The q-quantile (0–1) of latencies in ms (simple-statistics, interpolated); NaN when empty. */
export function quantile(latencies: Float64Array, q: number): number {
  return latencies.length === 0 ? Number.NaN : ssQuantile(Array.from(latencies), q);
}

/** The median of some numbers (simple-statistics: the mean of the middle two for an even count); NaN when empty. */
export function median(values: ArrayLike<number>): number {
  return values.length === 0 ? Number.NaN : ssMedian(Array.from(values));
}
