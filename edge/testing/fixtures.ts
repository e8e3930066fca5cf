import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { hourFiles } from '../../core/content/paths.ts';
import { briefResponse } from '../../core/envelopes/brief.ts';
import type { PublicContext } from '../../core/envelopes/context.ts';
import { indexResponse } from '../../core/envelopes/index-response.ts';
import { latestResponse } from '../../core/envelopes/latest.ts';
import { sampleResponse } from '../../core/envelopes/sample.ts';
import type { Digest } from '../../core/schemas/digest.ts';
import { makeDigest } from '../../core/testing/digest.ts';

/** Test support: the public context every edge test uses. */
export const TEST_CTX: PublicContext = { baseUrl: 'https://murmur.test', platform: 'forum' };

/** Test support: the newest digest of the fake site, and an older one old enough for the sample. */
export const LATEST = makeDigest('2026-01-30T10:00:00.000Z');
export const OLD = makeDigest('2026-01-29T03:00:00.000Z');

/**
 * Test support: the files of a small built site (URL path → content), shaped like the Astro build:
 * extensionless JSON routes, /api.md + /api.json, hour pages, a day archive, a fingerprinted asset.
 * `withDigests: false` leaves out the routes that exist only once a digest is published.
 */
export function fakeSiteFiles(
  ctx: PublicContext = TEST_CTX,
  options: { withDigests?: boolean } = {},
): Map<string, string> {
  const p = ctx.platform;
  const files = new Map<string, string>([
    ['/index.html', '<!doctype html><title>murmur</title>'],
    ['/404.html', '<!doctype html><title>not found</title>'],
    ['/_headers', '/api\n  Content-Type: text/markdown'],
    ['/_redirects', '/api /api.md 200'],
    ['/api.md', '# Setup guide\n'],
    ['/api.json', JSON.stringify({ success: true, guide: 'setup' })],
    ['/api/changelog', JSON.stringify({ success: true, entries: [] })],
    ['/.well-known/catalog', JSON.stringify({ family: 'catalog' })],
    ['/.well-known/x402', JSON.stringify({ x402Version: 2 })],
    ['/discovery', JSON.stringify({ free: [], paid: [] })],
    ['/openapi.json', JSON.stringify({ openapi: '3.1.0' })],
    ['/llms.txt', '# murmur\n'],
    ['/terms.txt', 'Terms\n'],
    ['/feed.xml', '<rss/>'],
    ['/_astro/site.abc123.css', 'body{}'],
    ['/digests/2026/01/30/10/index.html', '<!doctype html><title>hour</title>'],
    ['/archive/2026/01/20/index.html', '<!doctype html><title>day</title>'],
  ]);
  if (options.withDigests ?? true) {
    files.set(`/api/${p}/digests/latest`, JSON.stringify(latestResponse(ctx, LATEST)));
    files.set(`/api/${p}/digests/brief`, JSON.stringify(briefResponse(ctx, LATEST)));
    files.set(`/api/${p}/digests/index`, JSON.stringify(indexResponse(ctx, LATEST)));
    files.set(`/api/${p}/sample`, JSON.stringify(sampleResponse(ctx, OLD)));
  }
  return files;
}

/** Test support: writes site files (URL path → content) under `dir`, as a build would. */
export async function writeSite(dir: string, files: ReadonlyMap<string, string>): Promise<void> {
  for (const [path, content] of files) {
    const full = join(dir, ...path.split('/').filter(Boolean));
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, content);
  }
}

/** Test support: publishes digests into a content folder as the generator lays them out. */
export async function writeContent(dir: string, digests: readonly Digest[]): Promise<void> {
  for (const d of digests) {
    const files = hourFiles(dir, new Date(d.hourStart));
    await mkdir(dirname(files.json), { recursive: true });
    await writeFile(files.json, `${JSON.stringify(d)}\n`);
    await writeFile(files.markdown, `# ${d.title}\n`);
  }
}

/** Test support: the node-server bindings `app.request()` needs to pose as a client at `ip`. */
export function asClient(ip: string): Partial<HttpBindings> {
  return { incoming: { socket: { remoteAddress: ip } } } as unknown as Partial<HttpBindings>;
}
