import type { IncomingHttpHeaders } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { CORS_EXPOSE } from './cors.ts';

/**
 * Hono environment of the edge. Bindings are node-server's (absent under `app.request()` in tests,
 * which may pass `{ incoming: { socket: { remoteAddress } } }` to pose as a client).
 */
export type EdgeEnv = {
  Bindings: Partial<HttpBindings>;
  Variables: {
    /** RateLimit-* headers of the tightest limit, merged into every response by `reply`. */
    rateLimitHeaders: Record<string, string>;
  };
};

/** A context of the edge. */
export type EdgeContext = Context<EdgeEnv>;

/**
 * A request header, read from node's already-parsed headers when there is a socket (cheaper than
 * materialising a Fetch `Headers`), else from the Request.
 */
export function requestHeader(c: EdgeContext, name: string): string | undefined {
  const incoming = c.env?.incoming;
  return incoming?.headers ? incomingHeader(incoming, name) : c.req.header(name);
}

/** A header of a node request (lower-case `name`), repeated values joined with `, `. */
export function incomingHeader(
  incoming: { readonly headers: IncomingHttpHeaders },
  name: string,
): string | undefined {
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The socket's remote address, when there is a socket. */
export function socketAddress(c: EdgeContext): string | undefined {
  return c.env?.incoming?.socket?.remoteAddress;
}

/**
 * The one way the edge builds a response: plain-object headers (node-server's fast path) with the
 * request's RateLimit-* headers merged in. 204 and 304 never carry a body.
 */
export function reply(
  c: EdgeContext,
  status: number,
  body: string | Uint8Array | null,
  headers: Readonly<Record<string, string>>,
): Response {
  const limits = c.get('rateLimitHeaders');
  const all = limits ? { ...headers, ...limits } : headers;
  // A Uint8Array is a valid body at run time; the DOM typings only want ArrayBuffer-backed ones.
  return new Response(status === 204 || status === 304 ? null : (body as BodyInit | null), {
    status,
    headers: all,
  });
}

/**
 * The headers of every JSON reply, with `headers` added. `nosniff` keeps a browser from reading a JSON
 * body as HTML or script (the built files carry it too, see static/dist-map.ts).
 */
export function jsonHeaders(headers: Readonly<Record<string, string>> = {}): Record<string, string> {
  return {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': CORS_EXPOSE,
    ...headers,
  };
}

/** A JSON reply (`application/json; charset=utf-8`). */
export function replyJson(
  c: EdgeContext,
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): Response {
  return reply(c, status, JSON.stringify(value), jsonHeaders(headers));
}

/**
 * The path and query as the client sent them (still percent-encoded). Hono's `c.req.path` is decoded,
 * and a decoded control character must never reach a `Location` header.
 */
export function rawTarget(c: EdgeContext): { path: string; query: string } {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return { path: '/', query: '' };
  const q = url.indexOf('?', start);
  return q === -1
    ? { path: url.slice(start), query: '' }
    : { path: url.slice(start, q), query: url.slice(q + 1) };
}

/** Whether a Content-Type names JSON (`application/json`, or any `+json` type), parameters allowed. */
export function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}
