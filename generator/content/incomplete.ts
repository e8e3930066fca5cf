import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { ThreadCounts } from '../../core/forum.ts';
import { hourFileStem } from '../../core/hours.ts';
import { writeFileAtomic } from './atomic-write.ts';

const count = z.int().nonnegative();

/**
 * The marker of an hour published incomplete (some comment threads could not be fetched), kept beside
 * its digest as `digests/YYYY/MM/DD/HH.incomplete.json` until a complete run of the hour removes it.
 */
export const IncompleteMarker = z
  .object({
    hourStart: z.iso.datetime(),
    threads: z.object({ wanted: count, fetched: count, failed: count }).strict(),
  })
  .strict();
export type IncompleteMarker = z.infer<typeof IncompleteMarker>;

/** Path of an hour's incompleteness marker, relative to the content folder. */
export function incompleteMarkerPath(hourStart: Date): string {
  return `${hourFileStem(hourStart)}.incomplete.json`;
}

/**
 * Records, atomically, that the hour is being published incomplete. Written before the digest, so an
 * interrupted run never leaves an incomplete digest without its marker.
 */
export async function markIncomplete(
  contentDir: string,
  hourStart: Date,
  threads: ThreadCounts,
): Promise<void> {
  const marker = IncompleteMarker.parse({ hourStart: hourStart.toISOString(), threads });
  await writeFileAtomic(join(contentDir, incompleteMarkerPath(hourStart)), canonicalJson(marker));
}

/** Removes the hour's marker (after a complete digest of it was published); nothing when there is none. */
export async function clearIncomplete(contentDir: string, hourStart: Date): Promise<void> {
  await rm(join(contentDir, incompleteMarkerPath(hourStart)), { force: true });
}

/**
 * Whether the hour carries a marker, i.e. was published incomplete and is to be redone. A marker that
 * cannot be read or parsed counts as present: redoing an hour is always safe.
 */
export async function isMarkedIncomplete(contentDir: string, hourStart: Date): Promise<boolean> {
  try {
    await readFile(join(contentDir, incompleteMarkerPath(hourStart)), 'utf8');
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    return true;
  }
}
