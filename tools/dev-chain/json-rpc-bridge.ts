import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The part of an EIP-1193 provider the bridge needs. */
export interface Eip1193Requester {
  request(args: { method: string; params?: unknown[] | object }): Promise<unknown>;
}

interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

type JsonRpcResponse =
  | { jsonrpc: '2.0'; id: unknown; result: unknown }
  | { jsonrpc: '2.0'; id: unknown; error: JsonRpcError };

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const REVERT_CODE = 3;

/**
 * An HTTP JSON-RPC server (POST, single or batch requests) in front of an EIP-1193 provider.
 * Errors follow Hardhat's own `hardhat node` server: a revert is `{code: 3, message, data: "0x…"}`
 * (the geth convention viem decodes revert reasons from); anything else keeps its JSON-RPC code,
 * or becomes -32603 with the details in `data`. Listening errors (a port in use) reject instead of
 * crashing the process, which Hardhat's server does.
 */
export function createJsonRpcBridge(provider: Eip1193Requester): Server {
  return createServer((req, res) => {
    handle(provider, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, errorResponse(null, -32603, `bridge failure: ${String(error)}`));
    });
  });
}

/** Listens on `host:port` (0 = a free port); resolves with the bound port, rejects on EADDRINUSE etc. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Closes the server and every open connection (keep-alive clients included). */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!server.listening) return resolve();
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

async function handle(provider: Eip1193Requester, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    send(res, 405, errorResponse(null, -32600, 'JSON-RPC requests must be POSTed'));
    return;
  }
  let body: unknown;
  try {
    body = JSON.parse(await readBody(req));
  } catch (error) {
    send(res, 200, errorResponse(null, -32700, `Parse error: ${(error as Error).message}`));
    return;
  }
  if (Array.isArray(body)) {
    send(res, 200, await Promise.all(body.map((one) => call(provider, one))));
  } else {
    send(res, 200, await call(provider, body));
  }
}

async function call(provider: Eip1193Requester, payload: unknown): Promise<JsonRpcResponse> {
  if (typeof payload !== 'object' || payload === null) return errorResponse(null, -32600, 'Invalid request');
  const { id = null, method, params } = payload as { id?: unknown; method?: unknown; params?: unknown };
  if (typeof method !== 'string')
    return errorResponse(id, -32600, 'Invalid request: method must be a string');
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return errorResponse(id, -32602, 'Invalid params: must be an array or object');
  }
  try {
    const result = await provider.request({ method, params: (params as unknown[] | object) ?? [] });
    return { jsonrpc: '2.0', id, result: result ?? null };
  } catch (error) {
    return { jsonrpc: '2.0', id, error: toJsonRpcError(error) };
  }
}

function toJsonRpcError(error: unknown): JsonRpcError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const message = typeof e.message === 'string' ? e.message : String(error);
  const nested =
    typeof e.data === 'object' && e.data !== null ? (e.data as Record<string, unknown>) : undefined;
  const returnData =
    typeof e.data === 'string' ? e.data : typeof nested?.data === 'string' ? nested.data : undefined;
  const code = typeof e.code === 'number' && isJsonRpcCode(e.code) ? e.code : -32603;
  if (code === REVERT_CODE) return { code, message, data: returnData };
  const txHash =
    typeof e.transactionHash === 'string'
      ? e.transactionHash
      : typeof nested?.transactionHash === 'string'
        ? nested.transactionHash
        : undefined;
  const reason = typeof nested?.reason === 'string' ? nested.reason : undefined;
  return { code, message, data: { message, txHash, data: returnData, reason } };
}

function isJsonRpcCode(code: number): boolean {
  return code === REVERT_CODE || (code >= -32768 && code <= -32000) || (code >= 4001 && code <= 4900);
}

function errorResponse(id: unknown, code: number, message: string): JsonRpcResponse {
  return { jsonrpc: '2.0', id, error: { code, message } };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error(`request body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
