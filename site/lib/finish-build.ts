import { precompressDir } from './precompress.ts';
import { writeSearchIndex } from './search-index.ts';
import { writeFolderIndexes } from './write-folder-indexes.ts';

/** What the steps after the pages did. */
export interface FinishedBuild {
  readonly folderIndexes: number;
  /** HTML files Pagefind read (it indexes those marked `data-pagefind-body`). */
  readonly searchedFiles: number;
  readonly compressed: { files: number; bytes: number; brotliBytes: number };
}

/**
 * The steps of the build after Astro has written the pages into `dir`, in order (the `astro:build:done`
 * hook of astro.config.mjs runs them, so `astro build` is the whole build): an index.html in every folder
 * that has none (plain static hosts), the Pagefind search index in `dir/pagefind/`, then brotli and gzip
 * copies of every text file, Pagefind's scripts and styles included (its index, fragments and wasm are
 * gzip files already, which the browser side of Pagefind inflates itself).
 */
export async function finishBuild(dir: string): Promise<FinishedBuild> {
  const folderIndexes = await writeFolderIndexes(dir);
  const { htmlFiles } = await writeSearchIndex(dir);
  const compressed = await precompressDir(dir);
  return { folderIndexes, searchedFiles: htmlFiles, compressed };
}
