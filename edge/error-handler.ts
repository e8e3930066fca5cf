import { SERVER_ERROR } from '../core/envelopes/errors.ts';
import type { EdgeContext } from './env.ts';
import { jsonHeaders, reply, replyJson } from './env.ts';
import { EdgeError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * The edge's one error handler: an EdgeError becomes its status, headers and contract-shaped body;
 * anything else is logged and answered 500 with the fixed SERVER_ERROR body (no internals leak).
 */
export function errorHandler(logger: Logger) {
  return function handleError(error: Error, c: EdgeContext): Response {
    if (error instanceof EdgeError) return reply(c, error.status, error.json, jsonHeaders(error.headers));
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    });
    return replyJson(c, 500, SERVER_ERROR);
  };
}

/**
 * An EdgeError as a Response, for answers given outside a Hono context (the HTTP adapter's own
 * refusals): the same status, headers and body the error handler gives, without RateLimit-* headers.
 */
export function errorResponse(error: EdgeError): Response {
  return new Response(error.json, {
    status: error.status,
    headers: jsonHeaders(error.headers),
  });
}
