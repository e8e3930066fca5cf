import { fullJitterMs } from './backoff.ts';
import { ForumError, type ForumErrorKind } from './errors.ts';
import type { FetchStats, ForumClientEvent, RetryReason } from './events.ts';
import { rateLimitResumeAt, retryAfterMs } from './rate-limit.ts';

/** What the JSON getter needs; one context lives for one `fetchHour`. */
export interface HttpContext {
  readonly fetch: typeof fetch;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly now: () => number;
  readonly log: (event: ForumClientEvent) => void;
  /** The configured base URL, to tell the user which URL to configure after a cross-origin redirect. */
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly userAgent: string;
  readonly requestTimeoutMs: number;
  readonly maxRetries: number;
  readonly backoffBaseMs: number;
  readonly backoffCapMs: number;
  /** Time (per `now`) after which nothing more may be started. */
  readonly deadline: number;
  readonly stats: FetchStats;
}

type Attempt =
  | { readonly ok: true; readonly body: unknown }
  | {
      readonly ok: false;
      readonly reason: RetryReason;
      readonly detail: string;
      readonly status?: number;
      /** Wait the server asked for; backoff applies when absent. */
      readonly waitMs?: number;
    };

const MAX_SAME_ORIGIN_REDIRECTS = 5;

const EXHAUSTED_KIND: Record<RetryReason, ForumErrorKind> = {
  network: 'unreachable',
  timeout: 'unreachable',
  'server-error': 'server-error',
  'rate-limited': 'rate-limited',
  'invalid-json': 'bad-response',
};

/**
 * A polite, budgeted `GET` that returns parsed JSON or throws `ForumError`. It waits for the rate-limit
 * window when `X-RateLimit-Remaining` reached 0, retries 5xx, network errors, per-request timeouts and
 * unparseable bodies with exponential backoff and full jitter, waits as told on 429, fails at once on
 * 401/403 and other 4xx, follows same-origin redirects only, and never starts a wait or a request that
 * the time budget cannot cover.
 */
export function createJsonGetter(ctx: HttpContext): (url: URL) => Promise<unknown> {
  let notBefore = 0;

  const pause = async (ms: number, what: string, url: URL): Promise<void> => {
    const left = ctx.deadline - ctx.now();
    if (ms > left) {
      throw new ForumError(
        'timeout-budget',
        `${what} before GET ${safeUrl(url)} would take ${seconds(ms)}, more than the ${seconds(Math.max(0, left))} left of the time budget`,
      );
    }
    if (ms <= 0) return;
    ctx.stats.waitedMs += ms;
    await ctx.sleep(ms);
  };

  const attemptOnce = async (start: URL, attempt: number): Promise<Attempt> => {
    let url = start;
    for (let hop = 0; ; hop++) {
      const left = ctx.deadline - ctx.now();
      if (left <= 0) throw new ForumError('timeout-budget', `time budget spent before GET ${safeUrl(url)}`);
      const budgetBound = left < ctx.requestTimeoutMs;
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), Math.min(ctx.requestTimeoutMs, left));
      ctx.stats.requests += 1;
      ctx.log({ type: 'request', url: safeUrl(url), attempt });
      try {
        const res = await ctx.fetch(url, {
          headers: headers(ctx),
          redirect: 'manual',
          signal: controller.signal,
        });
        const resumeAt = rateLimitResumeAt(res.headers, ctx.now());
        if (resumeAt !== null) notBefore = Math.max(notBefore, resumeAt);
        const { status } = res;

        if (status >= 300 && status < 400 && status !== 304) {
          await discard(res);
          const next = redirectTarget(res, url, ctx.baseUrl);
          if (hop >= MAX_SAME_ORIGIN_REDIRECTS) {
            throw new ForumError('bad-response', `GET ${safeUrl(start)}: too many redirects`, { status });
          }
          url = next;
          continue;
        }
        if (status === 401 || status === 403) {
          await discard(res);
          const why = ctx.apiKey ? 'the configured API key was refused' : 'no API key is configured';
          throw new ForumError('unauthorized', `GET ${safeUrl(url)} answered ${status}: ${why}`, { status });
        }
        if (status === 429) {
          const body = parseJson(await res.text().catch(() => ''));
          const hint = retryAfterMs(res.headers.get('retry-after'), body.ok ? body.value : null, ctx.now());
          const waitMs = hint ?? (resumeAt === null ? undefined : Math.max(0, resumeAt - ctx.now()));
          return { ok: false, reason: 'rate-limited', status, detail: 'answered 429', ...spread(waitMs) };
        }
        if (status >= 500) {
          await discard(res);
          const hint = retryAfterMs(res.headers.get('retry-after'), null, ctx.now());
          return { ok: false, reason: 'server-error', status, detail: `answered ${status}`, ...spread(hint) };
        }
        if (status < 200 || status >= 300) {
          await discard(res);
          const hint = status === 404 ? missingApiPathHint(ctx.baseUrl) : null;
          throw new ForumError(
            'http-error',
            `GET ${safeUrl(url)} answered ${status}${hint ? `; ${hint}` : ''}`,
            {
              status,
            },
          );
        }
        const parsed = parseJson(await res.text());
        if (!parsed.ok) return { ok: false, reason: 'invalid-json', status, detail: parsed.error };
        return { ok: true, body: parsed.value };
      } catch (err) {
        if (err instanceof ForumError) throw err;
        if (controller.signal.aborted) {
          if (budgetBound) {
            throw new ForumError('timeout-budget', `GET ${safeUrl(url)} was cut off by the time budget`, {
              cause: err,
            });
          }
          return {
            ok: false,
            reason: 'timeout',
            detail: `no complete answer within ${ctx.requestTimeoutMs} ms`,
          };
        }
        return { ok: false, reason: 'network', detail: networkDetail(err) };
      } finally {
        clearTimeout(timer);
      }
    }
  };

  return async function getJson(url: URL): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const waitForQuota = notBefore - ctx.now();
      if (waitForQuota > 0) {
        ctx.stats.rateLimitWaits += 1;
        ctx.log({
          type: 'rate-limited',
          url: safeUrl(url),
          waitMs: waitForQuota,
          source: 'rate-limit-headers',
        });
        await pause(waitForQuota, 'waiting for the rate-limit window to reset', url);
      }
      const outcome = await attemptOnce(url, attempt);
      if (outcome.ok) return outcome.body;
      if (attempt >= ctx.maxRetries) {
        throw new ForumError(
          EXHAUSTED_KIND[outcome.reason],
          `GET ${safeUrl(url)} failed after ${attempt + 1} attempts: ${outcome.detail}`,
          outcome.status === undefined ? {} : { status: outcome.status },
        );
      }
      const waitMs = outcome.waitMs ?? fullJitterMs(attempt, ctx.backoffBaseMs, ctx.backoffCapMs, ctx.random);
      if (outcome.reason === 'rate-limited') {
        ctx.stats.rateLimitWaits += 1;
        ctx.log({ type: 'rate-limited', url: safeUrl(url), waitMs, source: 'retry-after' });
      }
      ctx.stats.retries += 1;
      ctx.log({
        type: 'retry',
        url: safeUrl(url),
        attempt,
        reason: outcome.reason,
        waitMs,
        ...(outcome.status === undefined ? {} : { status: outcome.status }),
      });
      await pause(waitMs, `waiting to retry (${outcome.detail})`, url);
    }
  };
}

function spread(waitMs: number | null | undefined): { waitMs?: number } {
  return waitMs === null || waitMs === undefined ? {} : { waitMs };
}

function headers(ctx: HttpContext): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json', 'user-agent': ctx.userAgent };
  if (ctx.apiKey) h.authorization = `Bearer ${ctx.apiKey}`;
  return h;
}

/**
 * The next URL of a same-origin redirect. Another origin would silently lose the Authorization header
 * (fetch drops it across origins) — the bare-domain trap of the forum — so that is an error telling
 * which base URL to configure instead.
 */
function redirectTarget(res: Response, url: URL, baseUrl: string): URL {
  const location = res.headers.get('location');
  let target: URL | null = null;
  try {
    target = location === null ? null : new URL(location, url);
  } catch {
    target = null;
  }
  if (target === null) {
    throw new ForumError(
      'bad-response',
      `GET ${safeUrl(url)} answered ${res.status} without a usable Location`,
      {
        status: res.status,
      },
    );
  }
  if (target.origin !== url.origin) {
    const suggestion = `${target.origin}${new URL(baseUrl).pathname.replace(/\/+$/, '')}`;
    throw new ForumError(
      'redirect',
      `GET ${safeUrl(url)} redirects to ${safeUrl(target)} on another origin, which would drop the Authorization header; configure the forum base URL as ${suggestion}`,
      { status: res.status },
    );
  }
  return target;
}

/**
 * For a 404: when the base URL does not end in `/api/v1` (the path of every Moltbook-compatible API,
 * the open-source server's included), what to configure instead; null when it does.
 */
export function missingApiPathHint(baseUrl: string): string | null {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  if (path.endsWith('/api/v1')) return null;
  const fixed = path.endsWith('/api') ? `${path}/v1` : `${path}/api/v1`;
  return `the base URL has no /api/v1: configure the forum base URL as ${url.origin}${fixed}`;
}

async function discard(res: Response): Promise<void> {
  await res.body?.cancel().catch(() => undefined);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return {
      ok: false,
      error: text.length ? `invalid or truncated JSON (${text.length} bytes)` : 'empty body',
    };
  }
}

function networkDetail(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  const message = err instanceof Error ? err.message : String(err);
  return code ? `${message} (${code})` : message;
}

/** A URL fit for logs and messages: user-info removed. */
export function safeUrl(url: URL): string {
  if (!url.username && !url.password) return url.href;
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}
