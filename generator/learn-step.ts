import type { ScrapedHour } from '../core/forum.ts';
import type { HourSource } from './hour-source.ts';
import { type LearnReport, learnFromHour } from './learn/learn-hour.ts';
import type { EventLog } from './log.ts';

/** What the learning step after one published hour did. */
export type LearnOutcome =
  | { readonly ok: true; readonly report: LearnReport }
  | { readonly ok: false; readonly error: string };

/**
 * The advisor's learning step for an hour already published in `contentDir` (see `learnFromHour`):
 * its own step after publishing, so a failure is logged and returned, never thrown — the hour stays
 * published.
 */
export async function learnStep(options: {
  contentDir: string;
  scraped: ScrapedHour;
  source: HourSource;
  /** A listing-only source for re-reading hour H−24 (see `learnFromHour`). */
  labelSource?: HourSource;
  hourStart: Date;
  now: () => Date;
  log: EventLog;
}): Promise<LearnOutcome> {
  const { log, ...learn } = options;
  const hourStart = options.hourStart.toISOString();
  try {
    const report = await learnFromHour(learn);
    log({ event: 'advisor-learn', hourStart, ...report });
    return { ok: true, report };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log({ event: 'advisor-learn-failed', hourStart, error: message });
    return { ok: false, error: message };
  }
}
