import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { IndexResponse } from '../../core/schemas/envelope.ts';
import { CORS_EXPOSE } from '../cors.ts';
import { cacheControlFor } from './cache-control.ts';
import { contentTypeFor, routeFileTypes } from './content-type.ts';
import type { Coding } from './encoding.ts';
import { strongEtag } from './etag.ts';

/** One representation of a file: its bytes with the headers they are served with. */
export interface Representation {
  readonly body: Uint8Array;
  readonly etag: string;
  /** Content-Type, Content-Length, ETag, Cache-Control and the fixed headers, ready to send. */
  readonly headers: Readonly<Record<string, string>>;
}

/** One file of the built site, held in memory, with the compressed copies the build made of it. */
export interface StaticFile extends Representation {
  /** Brotli and gzip copies (`file.br`, `file.gz` beside it in dist/), each its own representation. */
  readonly encoded?: Readonly<Partial<Record<Coding, Representation>>>;
}

/** Suffixes of the build's compressed copies and their codings. */
const COPIES: ReadonlyArray<readonly [string, Coding]> = [
  ['.br', 'br'],
  ['.gz', 'gzip'],
];

/** What the published index says about the latest digest (for /health). */
export interface PublishedDigest {
  readonly id: string;
  readonly hourEnd: string;
  readonly publishedAt: string;
}

/** The whole built site in memory: URL path → file. Replaced as a whole on reload, never mutated. */
export interface DistMap {
  readonly files: ReadonlyMap<string, StaticFile>;
  readonly bytes: number;
  readonly loadedAt: Date;
  /** The latest digest named by the built index route, or null when the site has none. */
  readonly latest: PublishedDigest | null;
}

/** Host files for Netlify/Cloudflare that must never be served. */
const HOST_FILES = new Set(['/_headers', '/_redirects']);

/**
 * Builds a static file entry with its ready-made headers; with `encoded` copies, every representation
 * says `Vary: Accept-Encoding` and the copies carry `Content-Encoding` and their own ETag.
 */
export function staticFile(
  body: Uint8Array,
  contentType: string,
  cacheControl: string,
  encoded: Partial<Record<Coding, Uint8Array>> = {},
): StaticFile {
  const codings = Object.keys(encoded) as Coding[];
  const vary: Record<string, string> = codings.length > 0 ? { Vary: 'Accept-Encoding' } : {};
  const representation = (bytes: Uint8Array, coding?: Coding): Representation => {
    const etag = strongEtag(bytes);
    return {
      body: bytes,
      etag,
      headers: {
        'Content-Type': contentType,
        ...(coding ? { 'Content-Encoding': coding } : {}),
        'Content-Length': String(bytes.byteLength),
        ETag: etag,
        'Cache-Control': cacheControl,
        'Access-Control-Allow-Origin': '*',
        ...vary,
        'X-Content-Type-Options': 'nosniff',
        'Access-Control-Expose-Headers': CORS_EXPOSE,
      },
    };
  };
  const copies = Object.fromEntries(
    codings.map((c) => [c, representation(encoded[c] as Uint8Array, c)]),
  ) as Partial<Record<Coding, Representation>>;
  return { ...representation(body), ...(codings.length > 0 ? { encoded: copies } : {}) };
}

function publishedDigest(files: ReadonlyMap<string, StaticFile>, platform: string): PublishedDigest | null {
  const index = files.get(`/api/${platform}/digests/index`);
  if (!index) return null;
  try {
    const parsed = IndexResponse.safeParse(JSON.parse(Buffer.from(index.body).toString('utf8')));
    if (!parsed.success) return null;
    const { id, hourEnd, publishedAt } = parsed.data;
    return { id, hourEnd, publishedAt };
  } catch {
    return null;
  }
}

/** A DistMap from files given in memory (URL path → content); for tests and benches. */
export function distFromEntries(
  entries: Iterable<[string, string | Uint8Array]>,
  platform: string,
  loadedAt = new Date(),
): DistMap {
  const routeTypes = routeFileTypes(platform);
  const bodies = new Map<string, Uint8Array>();
  for (const [path, content] of entries)
    bodies.set(path, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
  // A `.br`/`.gz` beside a file is the build's compressed copy of it, never a file of its own.
  const isCopy = (path: string) =>
    COPIES.some(([suffix]) => path.endsWith(suffix) && bodies.has(path.slice(0, -suffix.length)));
  const files = new Map<string, StaticFile>();
  let bytes = 0;
  for (const [path, body] of bodies) {
    if (HOST_FILES.has(path) || isCopy(path)) continue;
    const encoded: Partial<Record<Coding, Uint8Array>> = {};
    for (const [suffix, coding] of COPIES) {
      const copy = bodies.get(`${path}${suffix}`);
      if (copy) encoded[coding] = copy;
    }
    bytes += body.byteLength;
    files.set(path, staticFile(body, contentTypeFor(path, routeTypes), cacheControlFor(path), encoded));
  }
  return { files, bytes, loadedAt, latest: publishedDigest(files, platform) };
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/** Thrown when dist/ is missing or not a folder. */
export class DistError extends Error {
  override readonly name = 'DistError';
}

/**
 * Reads every file of `distDir` into memory. Throws DistError when the folder is missing, so a
 * caller reloading after a change can keep the previous map.
 */
export async function loadDist(distDir: string, platform: string, loadedAt = new Date()): Promise<DistMap> {
  const info = await stat(distDir).catch(() => null);
  if (!info?.isDirectory()) throw new DistError(`${distDir}: not a folder (build the site first)`);
  const entries: Array<[string, Uint8Array]> = [];
  for await (const full of walk(distDir)) {
    const path = `/${relative(distDir, full).split(sep).join('/')}`;
    entries.push([path, await readFile(full)]);
  }
  return distFromEntries(entries, platform, loadedAt);
}

/** A DistMap with no files: what the edge serves before the site is built. */
export function emptyDist(loadedAt = new Date()): DistMap {
  return { files: new Map(), bytes: 0, loadedAt, latest: null };
}
