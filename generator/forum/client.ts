import { z } from 'zod';
import type { ScrapedHour } from '../../core/forum.ts';
import { ForumError } from './errors.ts';
import { emptyStats, type FetchStats, type ForumClientEvent } from './events.ts';
import { createJsonGetter } from './http.ts';
import { fetchListing } from './listing.ts';
import { fetchThreads, pickThreads } from './threads.ts';

export { ForumError, type ForumErrorKind } from './errors.ts';
export type { FetchStats, ForumClientEvent, ListDialect, RetryReason } from './events.ts';

/** Options of `createForumClient`. Only `baseUrl` is required. */
export interface ForumClientOptions {
  /** API base, e.g. `https://www.moltbook.com/api/v1` (with `www`) or `http://127.0.0.1:PORT/api/v1`. */
  baseUrl: string;
  /** Optional; sent as `Authorization: Bearer <key>`; never logged. */
  apiKey?: string;
  /** Posts asked per listing page; default 100. */
  pageSize?: number;
  /** Per request (headers and body), default 15 000 ms. */
  requestTimeoutMs?: number;
  /** Overall time budget of one `fetchHour`, default 10 minutes. */
  budgetMs?: number;
  /** Retries per request (so up to maxRetries + 1 attempts), default 5. */
  maxRetries?: number;
  /** Fetch comments for the N most-commented posts of the window, default 20. */
  commentThreads?: number;
  /** First backoff ceiling, doubled per attempt (full jitter), default 500 ms. */
  backoffBaseMs?: number;
  /** Largest backoff ceiling, default 30 000 ms. */
  backoffCapMs?: number;
  /** Listing pages in a row without a new id before giving up, default 3. */
  maxStalePages?: number;
  /** Listing pages walked at most, default 5 000. */
  maxPages?: number;
  /** User-Agent header. */
  userAgent?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Structured events: request, page, retry, rate-limited, … (no secrets, no forum text). */
  log?: (event: ForumClientEvent) => void;
}

/** The forum client: one method, one hour at a time. */
export interface ForumClient {
  /**
   * Every post created in [hourStart, hourEnd) plus the comment threads of the most-commented ones.
   * Returns the complete window or throws `ForumError`. Failed comment threads are not fatal: they are
   * counted in `threads` (and `stats`), which makes the hour incomplete (`isIncomplete`).
   */
  fetchHour(hourStart: Date, hourEnd: Date): Promise<ScrapedHour & { stats: FetchStats }>;
}

const positiveInt = (max: number) => z.int().positive().max(max);

/** The serialisable options, validated once when the client is created. */
const Settings = z.object({
  baseUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .superRefine((u, ctx) => {
      const problem = baseUrlProblem(u);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((u) => u.replace(/\/+$/, '')),
  apiKey: z.string().optional(),
  pageSize: positiveInt(1000).default(100),
  requestTimeoutMs: positiveInt(600_000).default(15_000),
  budgetMs: positiveInt(24 * 3_600_000).default(10 * 60_000),
  maxRetries: z.int().nonnegative().max(50).default(5),
  commentThreads: z.int().nonnegative().max(1000).default(20),
  backoffBaseMs: z.int().nonnegative().max(600_000).default(500),
  backoffCapMs: z.int().nonnegative().max(3_600_000).default(30_000),
  maxStalePages: positiveInt(100).default(3),
  maxPages: positiveInt(1_000_000).default(5000),
  userAgent: z.string().min(1).default('murmur-forum-client/0.1 (hourly digest scraper)'),
});

/** Why a syntactically valid URL cannot be the base URL (fetch refuses credentials in URLs). */
function baseUrlProblem(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null; // already reported by z.url()
  }
  if (url.username || url.password) return 'must not contain credentials (use apiKey)';
  if (url.search || url.hash) return 'must not contain a query or fragment';
  return null;
}

/**
 * Creates the scraper's client for a Moltbook-compatible API (production dialects with offset or
 * cursor paging, and the open-source server's dialect). Throws `ForumError('config')` naming the bad
 * option when the options are invalid.
 */
export function createForumClient(opts: ForumClientOptions): ForumClient {
  const { fetch: fetchImpl, sleep, random, now, log, ...rest } = opts;
  const parsed = Settings.safeParse(rest);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || 'options'} ${i.message}`);
    throw new ForumError('config', `invalid forum client options: ${issues.join('; ')}`);
  }
  const settings = parsed.data;
  const clock = now ?? Date.now;
  const emit = log ?? (() => undefined);

  return {
    async fetchHour(hourStart, hourEnd) {
      const startMs = hourStart.getTime();
      const endMs = hourEnd.getTime();
      if (Number.isNaN(startMs) || Number.isNaN(endMs) || startMs >= endMs) {
        throw new ForumError('config', 'fetchHour needs two valid dates with hourStart < hourEnd');
      }
      const began = clock();
      const stats = emptyStats();
      const getJson = createJsonGetter({
        fetch: fetchImpl ?? globalThis.fetch,
        sleep: sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
        random: random ?? Math.random,
        now: clock,
        log: emit,
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey || undefined,
        userAgent: settings.userAgent,
        requestTimeoutMs: settings.requestTimeoutMs,
        maxRetries: settings.maxRetries,
        backoffBaseMs: settings.backoffBaseMs,
        backoffCapMs: settings.backoffCapMs,
        deadline: began + settings.budgetMs,
        stats,
      });
      try {
        const posts = await fetchListing(
          {
            getJson,
            baseUrl: settings.baseUrl,
            pageSize: settings.pageSize,
            maxStalePages: settings.maxStalePages,
            maxPages: settings.maxPages,
            stats,
            log: emit,
          },
          { startMs, endMs },
        );
        const comments = await fetchThreads(
          { getJson, baseUrl: settings.baseUrl, stats, log: emit },
          pickThreads(posts, settings.commentThreads),
        );
        stats.elapsedMs = clock() - began;
        emit({ type: 'done', stats: { ...stats } });
        return {
          hourStart: new Date(startMs).toISOString(),
          hourEnd: new Date(endMs).toISOString(),
          posts,
          comments,
          threads: {
            wanted: stats.threadsRequested,
            fetched: stats.threadsFetched,
            failed: stats.threadsFailed,
          },
          stats,
        };
      } catch (err) {
        if (err instanceof ForumError) throw err;
        throw new ForumError('internal', `forum client failed unexpectedly: ${String(err)}`, { cause: err });
      }
    },
  };
}
