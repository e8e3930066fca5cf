import { ContentError, listDigestHours, readDigest, readSignals } from '../../core/content/digest-store.ts';
import { hourFiles } from '../../core/content/paths.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../../core/schemas/signals.ts';
import { type DigestSummary, inWindow, summarise, windowStart } from './archive.ts';
import { mapLimited } from './map-limited.ts';
import { HOUR_PAGE_WINDOW_DAYS, TREND_DAYS } from './site-config.ts';

/** Everything the pages and endpoints read from `content/`, validated. */
export interface Archive {
  /** Every published hour, oldest first, reduced to its summary fields. */
  readonly summaries: readonly DigestSummary[];
  /** Full digests of the hours that get their own page (the last `hourPageDays` days), oldest first. */
  readonly recent: readonly Digest[];
  /** The most recent digest, or undefined when none is published. */
  readonly latest: Digest | undefined;
  /** Signals of the last `trendDays` days that have them, oldest first. */
  readonly signals: readonly HourSignals[];
  /** Signals of the hour-page window (or the trend window, if longer), oldest first. */
  readonly recentSignals: readonly HourSignals[];
  /** First hour (ISO) that has its own page; undefined when there are no digests. */
  readonly pageWindowStart: string | undefined;
}

/** Where to read and how much to keep. */
export interface LoadOptions {
  readonly contentDir: string;
  readonly hourPageDays?: number;
  readonly trendDays?: number;
}

/**
 * Reads and validates every digest of the content folder with the shared content store (zod `Digest`;
 * a bad file stops the build with its path and what is wrong), keeping full digests only for the
 * hour-page window and summaries for the rest, plus the signals of the trend window.
 */
export async function loadArchiveFrom(options: LoadOptions): Promise<Archive> {
  const { contentDir, hourPageDays = HOUR_PAGE_WINDOW_DAYS, trendDays = TREND_DAYS } = options;
  const hours = await listDigestHours(contentDir);
  const last = hours.at(-1)?.toISOString();
  const pageStart = last ? windowStart(last, hourPageDays) : undefined;
  const recent: Digest[] = [];
  const summaries = await mapLimited(hours, 32, async (hour) => {
    const digest = await readDigest(contentDir, hour);
    const path = hourFiles(contentDir, hour).json;
    if (!digest) throw new ContentError(`${path}: disappeared while the site was built`);
    if (digest.hourStart !== hour.toISOString())
      throw new ContentError(`${path}: hourStart ${digest.hourStart} does not match the file's hour`);
    if (pageStart && inWindow(digest.hourStart, pageStart)) recent.push(digest);
    return summarise(digest);
  });
  recent.sort((a, b) => a.hourStart.localeCompare(b.hourStart));
  const trendStart = last ? windowStart(last, trendDays) : undefined;
  const signalStart = last ? windowStart(last, Math.max(trendDays, hourPageDays)) : undefined;
  const signalHours = signalStart ? hours.filter((h) => inWindow(h.toISOString(), signalStart)) : [];
  const recentSignals = (await mapLimited(signalHours, 32, (hour) => readSignals(contentDir, hour))).filter(
    (s): s is HourSignals => s !== undefined,
  );
  const signals = trendStart ? recentSignals.filter((s) => inWindow(s.hourStart, trendStart)) : [];
  return { summaries, recent, latest: recent.at(-1), signals, recentSignals, pageWindowStart: pageStart };
}
