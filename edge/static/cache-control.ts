/** Cache-Control of a dist file at URL path `path`. */
export function cacheControlFor(path: string): string {
  // Astro fingerprints everything under /_astro/, so a name never changes content.
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  // Everything else may change at the next hourly build; the ETag makes revalidation cheap.
  return 'public, max-age=60, must-revalidate';
}

/** Cache-Control of a past hour's file read from content/: published once, rarely rewritten. */
export const HOUR_FILE_CACHE_CONTROL = 'public, max-age=3600';
