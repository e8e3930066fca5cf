import { asNumber, asRecord } from './lenient.ts';

/**
 * How long a 429 (or 503) asks us to wait, in ms: the `Retry-After` header (delay-seconds or an
 * HTTP-date, RFC 9110 §10.2.3) and the body's `retry_after_seconds` / `retry_after_minutes` (production)
 * or `retryAfter` (seconds) / `retryAfterMinutes` (open-source server), also when nested under `data` or
 * `error`. The most precise hint wins: any hint in seconds (the longest of them) over the minutes
 * fields, which round a one-second wait up to a minute. Null when none is readable.
 */
export function retryAfterMs(header: string | null, body: unknown, nowMs: number): number | null {
  const seconds: number[] = [];
  const minutes: number[] = [];
  const fromHeader = parseRetryAfterHeader(header, nowMs);
  if (fromHeader !== null) seconds.push(fromHeader);
  const records = [asRecord(body)];
  records.push(asRecord(records[0]?.data), asRecord(records[0]?.error));
  for (const record of records) {
    if (!record) continue;
    for (const [key, unit] of BODY_HINTS) {
      const n = asNumber(record[key]);
      if (n !== null && n >= 0) (unit === 1000 ? seconds : minutes).push(n * unit);
    }
  }
  const hints = seconds.length > 0 ? seconds : minutes;
  return hints.length ? Math.ceil(Math.max(...hints)) : null;
}

/** Body fields that hint at a wait, with their unit in ms. */
const BODY_HINTS: readonly (readonly [string, number])[] = [
  ['retry_after_seconds', 1000],
  ['retry_after_minutes', 60_000],
  ['retryAfter', 1000],
  ['retryAfterMinutes', 60_000],
];

/** `Retry-After` as ms from now: delay-seconds or an HTTP-date (a past date means 0). */
export function parseRetryAfterHeader(header: string | null, nowMs: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * When the response says the quota is used up (`X-RateLimit-Remaining: 0`), the time (ms since the
 * epoch) at which `X-RateLimit-Reset` says it refills; null when requests may go on. The reset is read
 * as epoch milliseconds, epoch seconds or delta seconds depending on its size, since servers differ.
 * A reset in whole seconds (or an HTTP-date) may have been rounded down by the server, so the wait runs
 * to the end of the second it names: resuming at its start would meet one more 429. Without a usable
 * reset, the window is assumed to be one minute (the forum's documented window).
 */
export function rateLimitResumeAt(headers: Headers, nowMs: number): number | null {
  const remaining = asNumber(headers.get('x-ratelimit-remaining') ?? headers.get('ratelimit-remaining'));
  if (remaining === null || remaining > 0) return null;
  const resetText = headers.get('x-ratelimit-reset') ?? headers.get('ratelimit-reset');
  const reset = asNumber(resetText);
  if (reset === null) {
    const at = resetText === null ? Number.NaN : Date.parse(resetText);
    return Number.isNaN(at) ? nowMs + 60_000 : Math.max(nowMs, at + WHOLE_SECOND_MS);
  }
  const roundedDown = Number.isInteger(reset) ? WHOLE_SECOND_MS : 0;
  if (reset > 1e12) return Math.max(nowMs, reset);
  if (reset > 1e9) return Math.max(nowMs, Math.ceil(reset * 1000) + roundedDown);
  return nowMs + Math.ceil(Math.max(0, reset) * 1000) + roundedDown;
}

/** The most a value in whole seconds may lie before the moment it stands for. */
const WHOLE_SECOND_MS = 1000;
