import { windowStart } from './archive.ts';
import { loadArchive } from './build-archive.ts';
import { TREND_DAYS } from './site-config.ts';
import { buildSiteIndex, type SiteIndex } from './site-index.ts';

let cached: Promise<SiteIndex> | undefined;

/** The site's cross-links for this build (agents and narratives of the last TREND_DAYS days), built once. */
export function loadSiteIndex(): Promise<SiteIndex> {
  cached ??= loadArchive().then((archive) =>
    buildSiteIndex({
      digests: archive.recent,
      signals: archive.recentSignals,
      indexStart: archive.latest ? windowStart(archive.latest.hourStart, TREND_DAYS) : undefined,
      pageWindowStart: archive.pageWindowStart,
    }),
  );
  return cached;
}
