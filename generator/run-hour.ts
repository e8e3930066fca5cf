import { isIncomplete, type ScrapedHour, type ThreadCounts } from '../core/forum.ts';
import { addHours } from '../core/hours.ts';
import type { Analyser } from './analyse/types.ts';
import { clearIncomplete, markIncomplete } from './content/incomplete.ts';
import { readPreviousHours } from './content/previous-hours.ts';
import { type PublishOutcome, publishHour } from './content/publish.ts';
import { buildDigest } from './digest/build-digest.ts';
import { learnFromHour } from './learn/learn-hour.ts';
import { logEvent } from './log.ts';

/** The part of the forum client one run needs. */
export interface HourSource {
  fetchHour(hourStart: Date, hourEnd: Date): Promise<ScrapedHour>;
}

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

/**
 * Scrapes one hour, builds its digest against the previous hours in `contentDir` and publishes it.
 * When scraping fails the error propagates before anything is written. An incomplete hour (failed
 * comment threads) is published with a marker written first (`markIncomplete`); a complete run removes it.
 */
export async function runHour(options: {
  contentDir: string;
  hourStart: Date;
  source: HourSource;
  analyser: Analyser;
  now: () => Date;
  /** Run the advisor's learning step after publishing (default true); its failures are logged, never thrown. */
  learn?: boolean;
}): Promise<HourReport> {
  const { contentDir, hourStart } = options;
  const scraped = await options.source.fetchHour(hourStart, addHours(hourStart, 1));
  const previous = await readPreviousHours(contentDir, hourStart);
  const built = await buildDigest({ scraped, previous, analyser: options.analyser, now: options.now() });
  const incomplete = isIncomplete(scraped);
  if (incomplete) await markIncomplete(contentDir, hourStart, scraped.threads);
  const outcome = await publishHour(contentDir, built.digest, built.signals);
  if (!incomplete) await clearIncomplete(contentDir, hourStart);
  if (options.learn !== false) {
    try {
      const learned = await learnFromHour({
        contentDir,
        scraped,
        source: options.source,
        hourStart,
        now: options.now,
      });
      logEvent({ event: 'advisor-learn', hourStart: built.digest.hourStart, ...learned });
    } catch (error) {
      logEvent({ event: 'advisor-learn-failed', hourStart: built.digest.hourStart, error: String(error) });
    }
  }
  return {
    hourStart: built.digest.hourStart,
    outcome,
    digestId: built.digest.id,
    totalPosts: built.digest.totalPosts,
    qualityPosts: built.digest.qualityPosts,
    title: built.digest.title,
    threads: scraped.threads,
    incomplete,
  };
}
