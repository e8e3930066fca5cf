import { isIncomplete, type ScrapedHour, type ThreadCounts } from '../core/forum.ts';
import { addHours } from '../core/hours.ts';
import type { Analyser } from './analyse/types.ts';
import { clearIncomplete, markIncomplete } from './content/incomplete.ts';
import { readPreviousHours } from './content/previous-hours.ts';
import { type PublishOutcome, publishHour } from './content/publish.ts';
import { buildDigest } from './digest/build-digest.ts';
import type { HourSource } from './hour-source.ts';

export type { HourSource } from './hour-source.ts';

/** What one hour's run did. */
export interface HourReport {
  readonly hourStart: string;
  readonly outcome: PublishOutcome;
  readonly digestId: string;
  readonly totalPosts: number;
  readonly qualityPosts: number;
  readonly title: string;
  /** The hour's comment threads: wanted, fetched, failed. */
  readonly threads: ThreadCounts;
  /** Some threads failed: the hour was published, marked incomplete, and is redone by the next backfill. */
  readonly incomplete: boolean;
}

/** A published hour's report, with the hour as scraped (the learning step's input). */
export interface HourRun extends HourReport {
  readonly scraped: ScrapedHour;
}

/**
 * Scrapes one hour, builds its digest against the previous hours in `contentDir` and publishes it.
 * When scraping fails the error propagates before anything is written. An incomplete hour (failed
 * comment threads) is published with a marker written first (`markIncomplete`); a complete run removes it.
 * Learning is not part of it: see `learnStep` (generator/learn-step.ts).
 */
export async function runHour(options: {
  contentDir: string;
  hourStart: Date;
  source: HourSource;
  analyser: Analyser;
  now: () => Date;
}): Promise<HourRun> {
  const { contentDir, hourStart } = options;
  const scraped = await options.source.fetchHour(hourStart, addHours(hourStart, 1));
  const previous = await readPreviousHours(contentDir, hourStart);
  const built = await buildDigest({ scraped, previous, analyser: options.analyser, now: options.now() });
  const incomplete = isIncomplete(scraped);
  if (incomplete) await markIncomplete(contentDir, hourStart, scraped.threads);
  const outcome = await publishHour(contentDir, built.digest, built.signals);
  if (!incomplete) await clearIncomplete(contentDir, hourStart);
  return {
    hourStart: built.digest.hourStart,
    outcome,
    digestId: built.digest.id,
    totalPosts: built.digest.totalPosts,
    qualityPosts: built.digest.qualityPosts,
    title: built.digest.title,
    threads: scraped.threads,
    incomplete,
    scraped,
  };
}
