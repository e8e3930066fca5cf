import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishBuild } from './finish-build.ts';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main data-pagefind-body><h1>${title}</h1><p>${body}</p></main></body></html>`;

let dir: string;
let result: Awaited<ReturnType<typeof finishBuild>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'finish-build-'));
  await mkdir(join(dir, 'digests', '2026', '01', '28', '23'), { recursive: true });
  await writeFile(join(dir, 'index.html'), page('Home', 'murmur '.repeat(300)));
  await writeFile(
    join(dir, 'digests', '2026', '01', '28', '23', 'index.html'),
    page('An hour', 'the zanzibar lighthouse protocol'),
  );
  result = await finishBuild(dir);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('finishBuild', () => {
  it('writes folder index pages and a Pagefind index of the marked pages', async () => {
    // /digests/, /digests/2026/, … /digests/2026/01/28/ had no index.html.
    expect(result.folderIndexes).toBe(4);
    expect(result.searchedFiles).toBeGreaterThanOrEqual(2);
    const entry = JSON.parse(await readFile(join(dir, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    expect(entry.languages.en?.page_count).toBe(2);
    expect(existsSync(join(dir, 'pagefind', 'pagefind-ui.js'))).toBe(true);
  });

  it("compresses Pagefind's scripts and styles after writing them; its gzip index files are left as they are", async () => {
    const files = await readdir(join(dir, 'pagefind'), { recursive: true });
    const text = files.filter((f) => /\.(js|css)$/.test(f));
    expect(text).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-ui.js', 'pagefind-ui.css']));
    for (const name of text) {
      const full = join(dir, 'pagefind', name);
      const body = await readFile(full);
      expect(brotliDecompressSync(await readFile(`${full}.br`)).equals(body), `${name}.br`).toBe(true);
      expect(gunzipSync(await readFile(`${full}.gz`)).equals(body), `${name}.gz`).toBe(true);
    }
    const packed = files.filter((f) => /\.pf_(meta|index|fragment)$|^wasm\..*\.pagefind$/.test(f));
    expect(packed.length).toBeGreaterThan(3);
    for (const name of packed) {
      const head = (await readFile(join(dir, 'pagefind', name))).subarray(0, 2);
      expect([...head], name).toEqual([0x1f, 0x8b]);
      expect(existsSync(join(dir, 'pagefind', `${name}.br`)), name).toBe(false);
    }
    expect(result.compressed.files).toBe(text.length + 1);
  });
});
