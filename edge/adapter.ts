import { type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, type HttpBindings, RequestError } from '@hono/node-server';
import { SERVER_ERROR } from '../core/envelopes/errors.ts';
import { jsonHeaders } from './env.ts';
import { errorResponse } from './error-handler.ts';
import { badRequest, EdgeError, headersTooLarge } from './errors.ts';
import type { Logger } from './logger.ts';

/** What node's listener hands a request to: the edge app's `fetch`. */
export interface EdgeListenerDeps {
  fetch(request: Request, env: HttpBindings): Response | Promise<Response>;
  logger: Logger;
}

/**
 * The answer to a request @hono/node-server cannot turn into a Fetch Request (its `RequestError`: a
 * backslash in the path, an invalid Host header, an absolute URL it refuses), or to anything thrown
 * before the app answered: the contract's JSON error instead of the adapter's empty 400 or 500.
 */
export function adapterError(error: unknown, logger: Logger): Response {
  if (error instanceof RequestError) {
    // The adapter's own words ("Backslash in request path", "Invalid host header"), except its bare
    // "Invalid URL" (also what an unparsable Host gives), which names both inputs it came from.
    const problem =
      error.message === 'Invalid URL'
        ? 'the Host header and the request target do not form a valid URL'
        : error.message.toLowerCase();
    return errorResponse(badRequest(problem));
  }
  logger.error('request failed before the app answered', {
    error: error instanceof Error ? error.message : String(error),
  });
  return errorResponse(new EdgeError(500, { ...SERVER_ERROR }));
}

/**
 * node's request listener of the edge: the adapter (with `adapterError` for what it refuses) calling
 * the app. `wiring.fetch` is read per request, so
 * start.ts may listen before the app exists and fill them in afterwards.
 */
export function edgeRequestListener(wiring: EdgeListenerDeps): RequestListener {
  return getRequestListener((request, env) => wiring.fetch(request, env as HttpBindings), {
    errorHandler: (error) => adapterError(error, wiring.logger),
  });
}

/** An EdgeError as raw HTTP/1.1 bytes, for a socket node refused to parse (no request object exists). */
export function rawErrorAnswer(error: EdgeError): string {
  const body = JSON.stringify(error.body);
  const headers = {
    ...jsonHeaders(error.headers),
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** The EdgeError of a node parser error: 431 for an oversized header section, else 400. */
export function clientErrorFor(error: NodeJS.ErrnoException): EdgeError {
  if (error.code === 'HPE_HEADER_OVERFLOW') return headersTooLarge();
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new EdgeError(408, {
      success: false,
      error: 'request timeout',
      message: 'Send the whole request sooner.',
    });
  }
  return badRequest('malformed HTTP request');
}

/**
 * Answers requests node's HTTP parser refuses (a malformed request line or header, headers too large)
 * with the contract's JSON error instead of node's bare `400 Bad Request`, then closes the connection.
 * Like node's own handler, nothing is written when the socket is gone or a response already started.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(rawErrorAnswer(clientErrorFor(error)));
  });
}
