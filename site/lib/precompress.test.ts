import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { isCompressible, precompressDir } from './precompress.ts';

describe('precompress', () => {
  it.each([
    ['index.html', 5000, true],
    ['latest', 5000, true],
    ['site.css', 5000, true],
    ['index.html', 100, false],
    ['favicon.ico', 5000, false],
    ['index.html.br', 5000, false],
    ['_headers', 5000, false],
  ])('%s of %i bytes compressible: %s', (name, bytes, expected) => {
    expect(isCompressible(name, bytes)).toBe(expected);
  });

  it('writes brotli and gzip copies that decode to the file, and leaves small files alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'precompress-'));
    try {
      const page = `<!doctype html><p>${'murmur '.repeat(400)}</p>`;
      await mkdir(join(dir, 'a'), { recursive: true });
      await writeFile(join(dir, 'a', 'index.html'), page);
      await writeFile(join(dir, 'tiny.txt'), 'hi');
      const result = await precompressDir(dir);
      expect(result.files).toBe(1);
      expect(result.brotliBytes).toBeLessThan(result.bytes / 10);
      expect(brotliDecompressSync(await readFile(join(dir, 'a', 'index.html.br'))).toString()).toBe(page);
      expect(gunzipSync(await readFile(join(dir, 'a', 'index.html.gz'))).toString()).toBe(page);
      await expect(readFile(join(dir, 'tiny.txt.br'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
