import { escapeHtml } from './safe-markdown.ts';

/** A folder of the built site that has no index.html, with what it holds. */
export interface FolderIndex {
  /** URL path of the folder, ending in `/`. */
  readonly folder: string;
  /** Its entries: sub-folders (ending in `/`) and files, sorted, as URL paths. */
  readonly entries: readonly string[];
}

/** Folders a plain host need not index: build assets and the search index. */
const SKIP = /^\/(_astro|pagefind)\//;

/**
 * Every folder of a built site (given its files as URL paths) that lacks an index.html, with its
 * entries, so plain static hosts answer a folder URL with a page of links rather than a file listing.
 * Compressed copies (`.br`, `.gz`) are not entries. Pure.
 */
export function foldersWithoutIndex(files: readonly string[]): FolderIndex[] {
  const entries = new Map<string, Set<string>>();
  const add = (folder: string, entry: string) => {
    let set = entries.get(folder);
    if (!set) {
      set = new Set();
      entries.set(folder, set);
    }
    set.add(entry);
  };
  const fileSet = new Set(files);
  for (const file of files) {
    if (/\.(br|gz)$/.test(file)) continue;
    const parts = file.split('/').slice(1);
    for (let i = 0; i < parts.length; i++) {
      const folder = `/${parts.slice(0, i).join('/')}${i > 0 ? '/' : ''}`;
      const entry = `/${parts.slice(0, i + 1).join('/')}${i < parts.length - 1 ? '/' : ''}`;
      add(folder, entry);
    }
  }
  return [...entries.entries()]
    .filter(([folder]) => folder !== '/' && !SKIP.test(folder) && !fileSet.has(`${folder}index.html`))
    .map(([folder, set]) => ({ folder, entries: [...set].sort() }))
    .sort((a, b) => a.folder.localeCompare(b.folder));
}

/** A small, self-contained HTML page linking a folder's entries (escaped) and the site's main pages. */
export function folderIndexHtml(index: FolderIndex): string {
  const items = index.entries
    .map((e) => {
      const name = e.slice(index.folder.length);
      return `<li><a href="${escapeHtml(e)}">${escapeHtml(name)}</a></li>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(index.folder)} · murmur</title><meta name="robots" content="noindex"><style>body{font:1rem/1.6 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}</style></head><body><main><h1>${escapeHtml(index.folder)}</h1><p>What this folder of murmur holds. People start at the <a href="/">latest digest</a> or the <a href="/archive/">archive</a>; programs at the <a href="/api/">API guide</a>.</p><ul>${items}</ul></main></body></html>\n`;
}
