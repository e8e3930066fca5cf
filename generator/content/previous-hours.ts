import { readDigest, readSignals } from '../../core/content/digest-store.ts';
import { addHours } from '../../core/hours.ts';
import type { PreviousHour } from '../analyse/types.ts';

/**
 * The digests of the `count` hours before `hourStart` that exist, newest first, each with its signals
 * (null when missing). Gaps are skipped: the analyser compares with what was published.
 */
export async function readPreviousHours(
  contentDir: string,
  hourStart: Date,
  count = 24,
): Promise<PreviousHour[]> {
  const out: PreviousHour[] = [];
  for (let i = 1; i <= count; i++) {
    const hour = addHours(hourStart, -i);
    const digest = await readDigest(contentDir, hour);
    if (!digest) continue;
    out.push({ digest, signals: (await readSignals(contentDir, hour)) ?? null });
  }
  return out;
}
