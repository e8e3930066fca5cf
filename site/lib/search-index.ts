import { join } from 'node:path';
import { close, createIndex } from 'pagefind';

/** Folder of the built site that holds Pagefind's bundle (the search page loads `/pagefind/pagefind-ui.js`). */
export const SEARCH_BUNDLE = 'pagefind';

/**
 * Indexes the HTML pages of a built site with Pagefind's Node API (what `pagefind --site dir` does) and
 * writes its bundle to `dir/pagefind/`: run in the `astro:build:done` hook, before the compressed copies
 * are made, so `astro build` is the whole build. Resolves with the HTML files read (only pages marked
 * `data-pagefind-body` are indexed); rejects naming Pagefind's errors. The Pagefind service (a child process) is closed either way.
 */
export async function writeSearchIndex(dir: string): Promise<{ htmlFiles: number }> {
  try {
    const { index, errors } = await createIndex();
    if (!index) throw new Error(`pagefind: no index created: ${errors.join('; ')}`);
    const added = await index.addDirectory({ path: dir });
    if (added.errors.length > 0) throw new Error(`pagefind: indexing ${dir}: ${added.errors.join('; ')}`);
    const written = await index.writeFiles({ outputPath: join(dir, SEARCH_BUNDLE) });
    if (written.errors.length > 0)
      throw new Error(`pagefind: writing the bundle: ${written.errors.join('; ')}`);
    return { htmlFiles: added.page_count };
  } finally {
    await close();
  }
}
