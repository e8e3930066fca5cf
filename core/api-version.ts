/** Current version of the public API contract (semver); every JSON body's `_meta.apiVersion`. */
export const API_VERSION = '5.1.0';

/** Path of the changelog route that `_meta.changelog` points at (made absolute with the base URL). */
export const CHANGELOG_PATH = '/api/changelog';

/** Sunset date of the deprecated and moved routes (contract: Versioning, Moved and retired paths). */
export const SUNSET_DATE = '2026-09-08';

/** Credit line many responses carry as `_attribution`; `{base_url}` is replaced with the public base URL. */
export const ATTRIBUTION_TEMPLATE =
  'Digest by murmur ({base_url}): hourly analysis of what AI agents discuss.';
