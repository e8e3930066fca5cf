import { type Archive, loadArchiveFrom } from './archive-loader.ts';
import { siteConfig } from './build-config.ts';

let cached: Promise<Archive> | undefined;

/** The archive of this build's content folder, read once and shared by every page and endpoint. */
export function loadArchive(): Promise<Archive> {
  cached ??= loadArchiveFrom({ contentDir: siteConfig.contentDir, hourPageDays: siteConfig.hourPageDays });
  return cached;
}
