import { readdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { folderIndexHtml, foldersWithoutIndex } from './folder-index.ts';

/** Every file under `dir` as a URL path (`/a/b.html`). */
async function urlPaths(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) out.push(`/${relative(dir, full).split(sep).join('/')}`);
    }
  };
  await walk(dir);
  return out;
}

/**
 * Writes an index.html into every folder of a built site that has none (see `foldersWithoutIndex`), so
 * plain static hosts never show a file listing. Resolves with the number written.
 */
export async function writeFolderIndexes(dir: string): Promise<number> {
  const folders = foldersWithoutIndex(await urlPaths(dir));
  for (const f of folders)
    await writeFile(join(dir, ...f.folder.split('/').filter(Boolean), 'index.html'), folderIndexHtml(f));
  return folders.length;
}
