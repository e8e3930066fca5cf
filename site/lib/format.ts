const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const shortDay = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });
const dateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });
const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });

/** `12:00` (UTC) of an ISO date-time. */
export function hourOfDay(iso: string): string {
  return iso.slice(11, 16);
}

/** `29 Jan 2026, 12:00 UTC`. */
export function formatHour(iso: string): string {
  return `${dateFormat.format(new Date(iso))}, ${hourOfDay(iso)} UTC`;
}

/** `29 Jan 2026, 12:00–13:00 UTC` (an hour that ends at midnight shows 24:00). */
export function formatHourRange(startIso: string, endIso: string): string {
  const end = hourOfDay(endIso) === '00:00' ? '24:00' : hourOfDay(endIso);
  return `${dateFormat.format(new Date(startIso))}, ${hourOfDay(startIso)}–${end} UTC`;
}

/** `29 Jan` of an ISO date-time or day. */
export function formatShortDay(iso: string): string {
  return shortDay.format(new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso));
}

/** `Thursday 29 January 2026` of a `YYYY-MM-DD` day. */
export function formatDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** `January 2026` of a `YYYY-MM` month. */
export function formatMonth(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** `2,300`. */
export function formatInt(n: number): string {
  return integer.format(n);
}

/** `31%` of a 0–1 share. */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** `+0.22` / `−0.05` of a compound sentiment score. */
export function formatScore(score: number): string {
  const fixed = Math.abs(score).toFixed(2);
  return score < 0 ? `−${fixed}` : `+${fixed}`;
}
