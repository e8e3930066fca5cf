import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { EdgeEnv } from '../env.ts';
import { distFromEntries } from './dist-map.ts';
import { conditionalGet, representationFor, sendFile } from './send-file.ts';

const page = `<!doctype html><p>${'murmur '.repeat(300)}</p>`;
const dist = distFromEntries(
  [
    ['/index.html', page],
    ['/index.html.br', brotliCompressSync(page)],
    ['/index.html.gz', gzipSync(page)],
    ['/plain.txt', 'short'],
    ['/orphan.js.br', brotliCompressSync('x')],
  ],
  'forum',
);

describe('compressed copies made at build time', () => {
  it('attaches file.br and file.gz to their file and never serves them as files', () => {
    expect([...dist.files.keys()].sort()).toEqual(['/index.html', '/orphan.js.br', '/plain.txt']);
    const file = dist.files.get('/index.html');
    expect(Object.keys(file?.encoded ?? {})).toEqual(['br', 'gzip']);
    expect(dist.files.get('/plain.txt')?.encoded).toBeUndefined();
    expect(dist.files.get('/plain.txt')?.headers.Vary).toBeUndefined();
  });

  it('answers brotli, gzip or the file by Accept-Encoding, each with Vary and its own ETag', () => {
    const file = dist.files.get('/index.html');
    if (!file) throw new Error('missing');
    const br = representationFor(file, 'gzip, deflate, br');
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(br.headers.Vary).toBe('Accept-Encoding');
    expect(Number(br.headers['Content-Length'])).toBe(br.body.byteLength);
    expect(Number(br.headers['Content-Length'])).toBeLessThan(page.length / 10);
    const gz = representationFor(file, 'gzip');
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    const plain = representationFor(file, undefined);
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(plain.headers.Vary).toBe('Accept-Encoding');
    expect(Buffer.from(plain.body).toString()).toBe(page);
    expect(new Set([br.headers.ETag, gz.headers.ETag, plain.headers.ETag]).size).toBe(3);
  });

  it('answers 304 only for the ETag of the representation it would send, keeping Vary', async () => {
    const app = new Hono<EdgeEnv>().get('/', conditionalGet, (c) => {
      const file = dist.files.get('/index.html');
      if (!file) throw new Error('missing');
      return sendFile(c, file);
    });
    const get = (headers: Record<string, string>) => app.request('/', { headers });
    const etag = (await get({ 'Accept-Encoding': 'br' })).headers.get('etag') ?? '';
    const hit = await get({ 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(hit.status).toBe(304);
    expect(hit.headers.get('vary')).toBe('Accept-Encoding');
    expect(hit.headers.get('access-control-allow-origin')).toBe('*');
    expect(hit.headers.get('content-encoding')).toBeNull();
    expect((await get({ 'If-None-Match': etag })).status).toBe(200);
  });
});
