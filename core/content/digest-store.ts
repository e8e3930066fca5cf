import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addHours, floorHour } from '../hours.ts';
import { Digest } from '../schemas/digest.ts';
import { HourSignals } from '../schemas/signals.ts';
import { hourFiles } from './paths.ts';

/** A content file that exists but does not hold what it should. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
}

/** Reads and parses a JSON file; undefined when it does not exist, ContentError naming the file when it is not JSON. */
export async function readJson(path: string): Promise<unknown | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ContentError(`${path}: not valid JSON (${(error as Error).message})`);
  }
}

function describeIssues(path: string, issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const shown = issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`);
  return `${path}: invalid (${shown.join('; ')})`;
}

/** Reads and validates the digest of an hour; undefined when the hour has none. */
export async function readDigest(contentDir: string, hourStart: Date): Promise<Digest | undefined> {
  const path = hourFiles(contentDir, hourStart).json;
  const raw = await readJson(path);
  if (raw === undefined) return undefined;
  const parsed = Digest.safeParse(raw);
  if (!parsed.success) throw new ContentError(describeIssues(path, parsed.error.issues));
  return parsed.data;
}

/** The digests of the `hours` hours up to `now`'s hour (included), newest first; missing hours skipped. */
export async function recentDigests(contentDir: string, now: Date, hours: number): Promise<Digest[]> {
  const newest = floorHour(now);
  const starts = Array.from({ length: hours }, (_, i) => addHours(newest, -i));
  const read = await Promise.all(starts.map((h) => readDigest(contentDir, h)));
  return read.filter((d): d is Digest => d !== undefined);
}

/** Reads and validates the signals of an hour; undefined when the hour has none. */
export async function readSignals(contentDir: string, hourStart: Date): Promise<HourSignals | undefined> {
  const path = hourFiles(contentDir, hourStart).signals;
  const raw = await readJson(path);
  if (raw === undefined) return undefined;
  const parsed = HourSignals.safeParse(raw);
  if (!parsed.success) throw new ContentError(describeIssues(path, parsed.error.issues));
  return parsed.data;
}

/** Every hour that has a digest file, oldest first (read from the folder names, not the files). */
export async function listDigestHours(contentDir: string): Promise<Date[]> {
  const root = join(contentDir, 'digests');
  const hours: Date[] = [];
  const numeric = async (dir: string, pattern: RegExp): Promise<string[]> => {
    try {
      return (await readdir(dir)).filter((n) => pattern.test(n)).sort();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  };
  for (const y of await numeric(root, /^\d{4}$/))
    for (const m of await numeric(join(root, y), /^\d{2}$/))
      for (const d of await numeric(join(root, y, m), /^\d{2}$/))
        for (const file of await numeric(join(root, y, m, d), /^\d{2}\.json$/)) {
          const date = new Date(`${y}-${m}-${d}T${file.slice(0, 2)}:00:00.000Z`);
          if (!Number.isNaN(date.getTime())) hours.push(date);
        }
  return hours;
}
