import { connect, type Socket } from 'node:net';
import { quantile } from './load-generator.ts';

/** What a raw-socket run measured. */
export interface RawResult {
  readonly completed: number;
  readonly elapsedMs: number;
  /** Latencies in ms. */
  readonly latencies: Float64Array;
  /** Count per status code. */
  readonly statuses: ReadonlyMap<number, number>;
  readonly errors: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * A lean closed-loop HTTP/1.1 load generator for the bench, like autocannon: `connections` keep-alive
 * sockets, each writing one pre-serialised GET (or POST) and reading the answer by its Content-Length before the
 * next, so the client costs far less per request than node:http and the server is what is measured.
 */
export function runRaw(options: {
  port: number;
  path: string;
  connections: number;
  durationMs: number;
  /** Extra request header lines, e.g. `Accept-Encoding: br`. */
  headers?: readonly string[];
  /** A JSON body: the request is then a POST of it (an MCP call), else a GET. */
  body?: string;
}): Promise<RawResult> {
  const extra = (options.headers ?? []).map((h) => `${h}\r\n`).join('');
  const body = options.body;
  const head = body === undefined ? 'GET' : 'POST';
  const length = body === undefined ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
  const requestBytes = Buffer.from(
    `${head} ${options.path} HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\nConnection: keep-alive\r\n${extra}${length}\r\n${body ?? ''}`,
  );
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;

  const one = () =>
    new Promise<void>((resolve) => {
      const socket: Socket = connect(options.port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer: Buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        socket.write(requestBytes);
      };
      socket.on('connect', send);
      socket.on('data', (chunk: Buffer) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          const end = buffer.indexOf(HEADER_END);
          if (end === -1) return;
          const head = buffer.toString('latin1', 0, end);
          const status = Number(head.slice(9, 12));
          const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          const total = end + 4 + (m ? Number(m[1]) : 0);
          if (buffer.length < total) return;
          buffer = buffer.subarray(total);
          latencies.push(performance.now() - sentAt);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          send();
        }
      });
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  return Promise.all(Array.from({ length: options.connections }, one)).then(() => ({
    completed: latencies.length,
    elapsedMs: performance.now() - started,
    latencies: Float64Array.from(latencies),
    statuses,
    errors,
  }));
}

/** Requests per second, requests completed and latency quantiles (ms) of one measured run. */
export interface Throughput {
  readonly rps: number;
  readonly ok: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * One bench measurement: a 1.5 s warm-up, then `durationMs` of `runRaw`; any socket error or status other
 * than 200 fails the bench rather than counting as throughput.
 */
export async function measureThroughput(options: Parameters<typeof runRaw>[0]): Promise<Throughput> {
  await runRaw({ ...options, durationMs: 1_500 });
  const r = await runRaw(options);
  if (r.errors > 0 || [...r.statuses.keys()].some((s) => s !== 200)) {
    throw new Error(`bench saw errors: ${r.errors} socket errors, statuses ${[...r.statuses].join(' ')}`);
  }
  return {
    rps: r.completed / (r.elapsedMs / 1000),
    ok: r.completed,
    p50: quantile(r.latencies, 0.5),
    p99: quantile(r.latencies, 0.99),
  };
}
