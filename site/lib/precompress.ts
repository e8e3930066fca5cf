import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { mapLimited } from './map-limited.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing: text by extension, or extensionless (the JSON API routes). */
const TEXT = /\.(html|css|js|mjs|json|xml|txt|md|svg|webmanifest)$/;
/** Below this size compression saves less than the headers it costs. */
const MIN_BYTES = 1024;

/** Whether a built file gets compressed copies (`name` is its file name). */
export function isCompressible(name: string, bytes: number): boolean {
  if (bytes < MIN_BYTES || name.endsWith('.br') || name.endsWith('.gz') || name.startsWith('_')) return false;
  return TEXT.test(name) || !name.includes('.');
}

/**
 * The brotli (quality 6) and gzip (level 9) copies of a body, compressed on libuv's thread pool so a
 * build uses every core. Text of 1 KB or more always shrinks; a copy is a valid encoding either way.
 */
export async function compressedCopies(body: Uint8Array): Promise<{ br: Uint8Array; gz: Uint8Array }> {
  // Quality 6: within a few per cent of 11 on these pages at a fiftieth of the time (bench:site stays fast).
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br, gz };
}

/**
 * Writes `file.br` and `file.gz` beside every compressible file of a built site, once, at build time,
 * for the edge to serve by `Accept-Encoding` (Astro empties the output folder on every build, so every
 * build compresses everything: about 0.6 s of CPU for 13 MB of pages). Resolves with the files
 * compressed and their bytes before and after (brotli).
 */
export async function precompressDir(
  dir: string,
): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const candidates: string[] = [];
  const walk = async (at: string): Promise<void> => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      const full = join(at, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isCompressible(entry.name, Number.POSITIVE_INFINITY)) candidates.push(full);
    }
  };
  await walk(dir);
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  await mapLimited(candidates, 8, async (full) => {
    const body = await readFile(full);
    if (body.byteLength < MIN_BYTES) return;
    const { br, gz } = await compressedCopies(body);
    await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gz)]);
    files++;
    bytes += body.byteLength;
    brotliBytes += br.byteLength;
  });
  return { files, bytes, brotliBytes };
}
