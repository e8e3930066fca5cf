import { readFile } from 'node:fs/promises';
import { hourFiles } from '../../core/content/paths.ts';
import { Digest } from '../../core/schemas/digest.ts';
import { HOUR_FILE_CACHE_CONTROL } from '../static/cache-control.ts';
import { withCharset } from '../static/content-type.ts';
import { type StaticFile, staticFile } from '../static/dist-map.ts';

/** URL pattern of an hour's published files: `/digests/YYYY/MM/DD/HH.json` or `.md`. */
export const HOUR_FILE_PATH = /^\/digests\/(\d{4})\/(\d{2})\/(\d{2})\/(\d{2})\.(json|md)$/;

/** The hour a path names, and which file; null when it names no real UTC hour. */
export function parseHourFilePath(path: string): { hourStart: Date; kind: 'json' | 'md' } | null {
  const m = HOUR_FILE_PATH.exec(path);
  if (!m) return null;
  const [, y, mo, d, h, ext] = m;
  const hourStart = new Date(`${y}-${mo}-${d}T${h}:00:00.000Z`);
  // Reject dates JavaScript would roll over (month 13, hour 24, 31 February).
  if (Number.isNaN(hourStart.getTime()) || hourStart.toISOString().slice(0, 13) !== `${y}-${mo}-${d}T${h}`) {
    return null;
  }
  return { hourStart, kind: ext === 'md' ? 'md' : 'json' };
}

/** A content file that exists but is not a valid digest: a publishing fault, answered 500. */
export class HourFileError extends Error {
  override readonly name = 'HourFileError';
}

/**
 * Reads an hour's digest JSON (validated against Digest) or markdown from content/; null when the
 * hour has no digest. Served as published, byte for byte.
 */
export async function readHourFile(
  contentDir: string,
  hourStart: Date,
  kind: 'json' | 'md',
): Promise<StaticFile | null> {
  const files = hourFiles(contentDir, hourStart);
  const path = kind === 'json' ? files.json : files.markdown;
  let body: Buffer;
  try {
    body = await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (kind === 'json') {
    let parsed: ReturnType<typeof Digest.safeParse>;
    try {
      parsed = Digest.safeParse(JSON.parse(body.toString('utf8')));
    } catch {
      throw new HourFileError(`${path}: not valid JSON`);
    }
    if (!parsed.success) throw new HourFileError(`${path}: not a valid digest`);
  }
  const type = withCharset(kind === 'json' ? 'application/json' : 'text/markdown');
  return staticFile(body, type, HOUR_FILE_CACHE_CONTROL);
}
