import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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
    // The bundle is taken from the service and written here: Pagefind's own writeFiles could answer before
    // its files were complete on a loaded machine (an empty pagefind-entry.json was seen).
    const bundle = await index.getFiles();
    if (bundle.errors.length > 0)
      throw new Error(`pagefind: building the bundle: ${bundle.errors.join('; ')}`);
    const out = join(dir, SEARCH_BUNDLE);
    for (const file of bundle.files) {
      const target = join(out, file.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    return { htmlFiles: added.page_count };
  } finally {
    await close();
  }
}
