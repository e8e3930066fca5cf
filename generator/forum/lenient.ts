/**
 * Lenient readers for single values of forum JSON: numbers that arrive as strings, nulls where a value
 * was expected, timestamps in several spellings. Each returns null when the value cannot be read, and
 * the caller decides on a default; strict validation happens afterwards on what is kept.
 */

/** A plain JSON object, or null for anything else (arrays included). */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** A finite number from a number or a numeric string (`"12"`, `" 3.5 "`). */
export function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** An integer (fractions truncated) from a number or numeric string. */
export function asInt(value: unknown): number | null {
  const n = asNumber(value);
  return n === null ? null : Math.trunc(n);
}

/** A count: an integer clamped at 0 (a negative vote count is bogus, not information). */
export function asCount(value: unknown): number | null {
  const n = asInt(value);
  return n === null ? null : Math.max(0, n);
}

/** A boolean from `true`/`false`, `"true"`/`"false"`, `1`/`0`. */
export function asBool(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0') return false;
  return null;
}

/** Text from a string, or a number written as text; null otherwise. */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Trimmed non-empty text, or null. */
export function asNonEmptyText(value: unknown): string | null {
  const text = asText(value)?.trim();
  return text ? text : null;
}

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Milliseconds since the epoch from an ISO-8601 or PostgreSQL timestamp (`2026-01-31T01:34:02.703333+00:00`,
 * `2026-01-31 01:34:02+00`; no zone means UTC) or from epoch seconds / milliseconds as a number.
 * Null when unreadable or out of range (years 1970–9999).
 */
export function asTimestampMs(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value <= 0) return null;
    // Below 1e11 it cannot be milliseconds of any date after 1973: read it as seconds.
    return inRange(value < 1e11 ? value * 1000 : value);
  }
  if (typeof value !== 'string') return null;
  const m = TIMESTAMP.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '0', frac = '', zone = 'Z'] = m;
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  const ms = Number(frac.slice(0, 3).padEnd(3, '0'));
  let t = Date.UTC(Number(y), month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 31 February over into March: reject dates that do not exist.
  if (new Date(t).getUTCDate() !== day) return null;
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMin = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    t -= sign * offsetMin * 60_000;
  }
  return inRange(t);
}

function inRange(ms: number): number | null {
  return ms >= 0 && ms < 253_402_300_800_000 ? ms : null;
}
