import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
}

/** What a handler answers: JSON `body`, or `raw` text, or a socket that hangs or is cut. */
export interface Reply {
  readonly status?: number;
  readonly headers?: Record<string, string>;
  readonly body?: unknown;
  readonly raw?: string;
  /** Never answer (for timeouts). */
  readonly hang?: boolean;
  /** Destroy the socket without answering (a network error). */
  readonly destroy?: boolean;
}

/** A running loopback server. */
export interface TestServer {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly requests: SeenRequest[];
  close(): Promise<void>;
}

/** Starts a node:http server on 127.0.0.1, port 0, answering with `handler`. */
export async function startServer(handler: (req: SeenRequest, index: number) => Reply): Promise<TestServer> {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const seen: SeenRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    requests.push(seen);
    const reply = handler(seen, requests.length - 1);
    if (reply.hang) {
      hanging.add(res);
      return;
    }
    if (reply.destroy) {
      req.socket.destroy();
      return;
    }
    const text = reply.raw ?? JSON.stringify(reply.body ?? null);
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
