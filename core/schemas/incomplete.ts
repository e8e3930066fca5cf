import { z } from 'zod';
import { hourFileStem } from '../hours.ts';

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
