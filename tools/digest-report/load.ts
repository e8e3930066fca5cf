import { ContentError, listDigestHours, readDigest, readSignals } from '../../core/content/digest-store.ts';
import type { ReportHour } from './types.ts';

/** The published hours in range, and the files that could not be read (each message names its file). */
export interface LoadedHours {
  readonly hours: ReportHour[];
  readonly problems: string[];
}

/**
 * Reads and validates (with the core content readers) every published digest from `from` to `to`, both
 * included and each optional, with its signals when published. A digest that fails validation is left
 * out and named in `problems`; invalid signals leave the hour without signals, also named.
 */
export async function loadHours(contentDir: string, from?: Date, to?: Date): Promise<LoadedHours> {
  const inRange = (await listDigestHours(contentDir)).filter(
    (h) => (from === undefined || h >= from) && (to === undefined || h <= to),
  );
  const hours: ReportHour[] = [];
  const problems: string[] = [];
  for (const hour of inRange) {
    let digest: ReportHour['digest'] | undefined;
    try {
      digest = await readDigest(contentDir, hour);
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(`${error.message} (hour left out)`);
      continue;
    }
    if (!digest) continue;
    try {
      hours.push({ digest, signals: await readSignals(contentDir, hour) });
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      problems.push(`${error.message} (hour reported without signals)`);
      hours.push({ digest });
    }
  }
  return { hours, problems };
}
