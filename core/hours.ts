const HOUR_MS = 3_600_000;

/** Start of the UTC hour that contains `date`. */
export function floorHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/** `date` plus `n` hours. */
export function addHours(date: Date, n: number): Date {
  return new Date(date.getTime() + n * HOUR_MS);
}

/** The last hour that has fully ended at `now`. */
export function lastCompleteHour(now: Date): Date {
  return addHours(floorHour(now), -1);
}

/**
 * Parses an hour given on a command line or in a query (`2026-01-28T13`, `2026-01-28T13:00Z`,
 * `2026-01-28T13:00:00.000Z`); UTC unless an offset is given. Returns null when it is not an exact hour.
 */
export function parseHour(text: string): Date | null {
  const m =
    /^(\d{4}-\d{2}-\d{2})T(\d{2})(?::(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
      text.trim(),
    );
  if (!m) return null;
  const [, day, hh, mm = '00', ss = '00', ms = '0', zone = 'Z'] = m;
  const date = new Date(`${day}T${hh}:${mm}:${ss}.${ms.padEnd(3, '0')}${zone}`);
  if (Number.isNaN(date.getTime())) return null;
  return date.getTime() % HOUR_MS === 0 ? date : null;
}

/** Every hour start from `from` to `to`, both included, oldest first. */
export function hoursBetween(from: Date, to: Date): Date[] {
  const out: Date[] = [];
  for (let t = floorHour(from).getTime(); t <= to.getTime(); t += HOUR_MS) out.push(new Date(t));
  return out;
}

/** Relative path of an hour's files without extension: `digests/YYYY/MM/DD/HH`. */
export function hourFileStem(hourStart: Date): string {
  const iso = hourStart.toISOString();
  return `digests/${iso.slice(0, 4)}/${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(11, 13)}`;
}

export { HOUR_MS };
