import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the proxy does with one JSON-RPC request, by its method: pass it on (`pass`), pass it on and
 * hold the chain's answer back for `delayMs` (`delay`: the chain acts at once, its caller learns late),
 * or neither pass it on nor ever answer (`drop`: the chain never sees it).
 */
export type RpcPolicy = (method: string) => 'pass' | 'drop' | { readonly delayMs: number };

/** A JSON-RPC proxy in front of a chain. */
export interface RpcProxy {
  /** The proxy's endpoint, to give a facilitator instead of the chain's. */
  readonly url: string;
  /** What the proxy does from now on (default: pass everything). */
  setPolicy(policy: RpcPolicy): void;
  /** Requests seen, by method. */
  readonly seen: Map<string, number>;
  /** Stops listening and cuts every connection (dropped requests included). */
  close(): Promise<void>;
}

/** The methods of a JSON-RPC body (a request or a batch). */
function methodsOf(body: string): string[] {
  try {
    const parsed = JSON.parse(body) as { method?: unknown } | Array<{ method?: unknown }>;
    return (Array.isArray(parsed) ? parsed : [parsed]).map((r) => String(r.method));
  } catch {
    return [];
  }
}

/**
 * Test support: an HTTP JSON-RPC proxy in front of `target` (the dev chain) whose policy decides, per
 * request, to pass it on, delay the chain's answer, or drop it: what a slow or lossy RPC provider does
 * to a facilitator settling a payment. A batch takes the strictest policy of its methods.
 */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  let policy: RpcPolicy = () => 'pass';
  const seen = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const methods = methodsOf(body);
      for (const m of methods) seen.set(m, (seen.get(m) ?? 0) + 1);
      const decisions = methods.map((m) => policy(m));
      if (decisions.includes('drop')) return;
      const delayMs = Math.max(0, ...decisions.map((d) => (typeof d === 'object' ? d.delayMs : 0)));
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
        .then(async (answer) => {
          const text = await answer.text();
          setTimeout(() => {
            res.writeHead(answer.status, { 'content-type': 'application/json' });
            res.end(text);
          }, delayMs);
        })
        .catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setPolicy(next) {
      policy = next;
    },
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
