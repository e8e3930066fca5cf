import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { distFromEntries } from './dist-map.ts';
import { fileAnswer } from './send-file.ts';

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
    const br = fileAnswer(file, undefined, 'gzip, deflate, br');
    expect(br.headers['Content-Encoding']).toBe('br');
    expect(br.headers.Vary).toBe('Accept-Encoding');
    expect(Number(br.headers['Content-Length'])).toBe(br.body?.byteLength);
    expect(Number(br.headers['Content-Length'])).toBeLessThan(page.length / 10);
    const gz = fileAnswer(file, undefined, 'gzip');
    expect(gz.headers['Content-Encoding']).toBe('gzip');
    const plain = fileAnswer(file, undefined, undefined);
    expect(plain.headers['Content-Encoding']).toBeUndefined();
    expect(plain.headers.Vary).toBe('Accept-Encoding');
    expect(Buffer.from(plain.body ?? []).toString()).toBe(page);
    expect(new Set([br.headers.ETag, gz.headers.ETag, plain.headers.ETag]).size).toBe(3);
  });

  it('answers 304 only for the ETag of the representation it would send', () => {
    const file = dist.files.get('/index.html');
    if (!file) throw new Error('missing');
    const etag = fileAnswer(file, undefined, 'br').headers.ETag;
    expect(fileAnswer(file, etag, 'br').status).toBe(304);
    expect(fileAnswer(file, etag, 'br').headers.Vary).toBe('Accept-Encoding');
    expect(fileAnswer(file, etag, undefined).status).toBe(200);
  });
});
