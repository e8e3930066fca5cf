import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { withLimitHeaders } from './env.ts';
import type { Logger } from './logger.ts';
import type { LimitDecision } from './rate-limit/limiter.ts';
import type { StaticFile } from './static/dist-map.ts';
import { fileAnswer } from './static/send-file.ts';

/**
 * A request target the lane takes: segments of word characters and dashes, dot-separated parts
 * (never a `.` or `..` segment), no query, no percent-encoding. For such a target the adapter's URL is
 * the target as sent, so the path is exactly the one the app would route.
 */
const PLAIN_TARGET = /^(?:\/[\w-]+(?:\.[\w-]+)*)*\/?$/;

/** A Host header @hono/node-server takes verbatim (its own fast check); any other goes to the adapter. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/**
 * A header of a node request read from its raw lines (sparing node the parsed-headers object it would
 * build for this request), repeated values joined with `, `. `name` is lower-case.
 */
export function rawHeader(req: IncomingMessage, name: string): string | undefined {
  const raw = req.rawHeaders;
  let value: string | undefined;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const key = raw[i] as string;
    if (key.length === name.length && key.toLowerCase() === name) {
      const v = raw[i + 1] as string;
      value = value === undefined ? v : `${value}, ${v}`;
    }
  }
  return value;
}

/** A complete answer built once (status, headers, body), such as a paid route's unpaid 402. */
export interface PrebuiltAnswer {
  readonly status: number;
  /** Content-Length included: a body written without it would go out chunked. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array;
}

/** What the lane needs from the app: the same decisions the app makes, shared, not copied. */
export interface FastLaneDeps {
  /** The in-memory file the app answers a GET of `path` with, if it is one (createEdge's `staticFileFor`). */
  staticFileFor(path: string): StaticFile | undefined;
  /**
   * The app's answer to a GET of `path` with no query and no payment header, when it is a fixed one:
   * the 402 challenge of a paid GET route (createEdge's `unpaidChallengeFor`).
   */
  unpaidChallengeFor?(path: string): PrebuiltAnswer | undefined;
  /** The rate limiter's decision for this request (counted once: a deferred request is not counted again). */
  decide(req: IncomingMessage, path: string): LimitDecision | Promise<LimitDecision>;
  /** Hands a counted request to the app, with its decision (the app renders the 429 through its one error handler). */
  defer(req: IncomingMessage, decision: LimitDecision): void;
  readonly logger: Logger;
}

/** A node request listener with the next listener to hand a request to. */
export type Lane = (req: IncomingMessage, res: ServerResponse, next: RequestListener) => void;

/**
 * The edge's fast lane for its most common requests, a plain GET of an in-memory file, and a plain
 * GET of a paid route with no payment (its fixed 402 challenge), that the limits let through: the
 * app's own file choice, limiter and conditional-GET answer, with prebuilt headers written straight to
 * node's response, without building a Fetch Request, a Hono context and a Response. Everything else
 * (HEAD, queries, payment headers, encoded paths, other methods, routes with handlers, missing files,
 * refusals) goes to the app unchanged. fast-lane.test.ts checks that both give the same answers.
 */
export function fastLane(deps: FastLaneDeps): Lane {
  const fail = (res: ServerResponse, error: unknown) => {
    deps.logger.error('fast lane failed', { error: (error as Error).message });
    res.destroy();
  };
  const finish = (
    req: IncomingMessage,
    res: ServerResponse,
    next: RequestListener,
    what: StaticFile | PrebuiltAnswer,
    decision: LimitDecision,
  ) => {
    if (decision.retryAfterSeconds !== null) {
      deps.defer(req, decision);
      next(req, res);
      return;
    }
    const answer =
      'etag' in what
        ? fileAnswer(what, rawHeader(req, 'if-none-match'), rawHeader(req, 'accept-encoding'))
        : what;
    res.writeHead(answer.status, withLimitHeaders(answer.headers, decision.headers));
    res.end(answer.body ?? undefined);
  };

  return function lane(req, res, next) {
    const target = req.url;
    const host = rawHeader(req, 'host');
    if (
      req.method !== 'GET' ||
      target === undefined ||
      host === undefined ||
      target.length > 512 ||
      !PLAIN_HOST.test(host) ||
      !PLAIN_TARGET.test(target)
    ) {
      next(req, res);
      return;
    }
    const what =
      deps.staticFileFor(target) ??
      (rawHeader(req, 'payment-signature') === undefined && rawHeader(req, 'x-payment') === undefined
        ? deps.unpaidChallengeFor?.(target)
        : undefined);
    if (!what) {
      next(req, res);
      return;
    }
    try {
      const decision = deps.decide(req, target);
      if (decision instanceof Promise) {
        decision.then((d) => finish(req, res, next, what, d)).catch((error: unknown) => fail(res, error));
      } else finish(req, res, next, what, decision);
    } catch (error) {
      fail(res, error);
    }
  };
}
