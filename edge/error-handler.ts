import { SERVER_ERROR } from '../core/envelopes/errors.ts';
import type { EdgeContext } from './env.ts';
import { replyJson } from './env.ts';
import { EdgeError } from './errors.ts';
import type { Logger } from './logger.ts';

/**
 * The edge's one error handler: an EdgeError becomes its status, headers and contract-shaped body;
 * anything else is logged and answered 500 with the fixed SERVER_ERROR body (no internals leak).
 */
export function errorHandler(logger: Logger) {
  return function handleError(error: Error, c: EdgeContext): Response {
    if (error instanceof EdgeError) return replyJson(c, error.status, error.body, error.headers);
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: error.message,
      stack: error.stack,
    });
    return replyJson(c, 500, SERVER_ERROR);
  };
}
