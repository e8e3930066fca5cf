import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { canonicalJson } from '../../core/canonical-json.ts';
import type { ThreadCounts } from '../../core/forum.ts';
import { IncompleteMarker, incompleteMarkerPath } from '../../core/schemas/incomplete.ts';
import { writeFileAtomic } from './atomic-write.ts';

export { IncompleteMarker, incompleteMarkerPath } from '../../core/schemas/incomplete.ts';

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
