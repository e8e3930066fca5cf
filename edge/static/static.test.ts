import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeSiteFiles, LATEST, TEST_CTX, writeSite } from '../testing/fixtures.ts';
import { prefersHtml, prefersJson } from './accept.ts';
import { contentTypeFor, routeFileTypes } from './content-type.ts';
import { DistError, loadDist } from './dist-map.ts';
import { strongEtag } from './etag.ts';

describe('loadDist', () => {
  it('reads a built site into memory, typed, without the host files, and finds the latest digest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'edge-dist-'));
    try {
      await writeSite(dir, fakeSiteFiles());
      const dist = await loadDist(dir, TEST_CTX.platform);
      expect(dist.files.has('/_headers')).toBe(false);
      expect(dist.files.get('/api/forum/digests/index')?.headers['Content-Type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(dist.files.get('/.well-known/x402')?.headers['Content-Type']).toBe(
        'application/json; charset=utf-8',
      );
      expect(dist.files.get('/llms.txt')?.headers['Content-Type']).toBe('text/plain; charset=utf-8');
      expect(dist.latest).toEqual({ id: LATEST.id, hourEnd: LATEST.hourEnd, publishedAt: LATEST.createdAt });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('throws DistError for a missing folder', async () => {
    await expect(loadDist('/nonexistent/dist', 'forum')).rejects.toBeInstanceOf(DistError);
  });
});

describe('content types', () => {
  const types = routeFileTypes('forum');
  it.each([
    ['/api/forum/sample', 'application/json; charset=utf-8'],
    ['/api/anything-else', 'application/json; charset=utf-8'],
    ['/.well-known/other', 'application/json; charset=utf-8'],
    ['/api.md', 'text/markdown; charset=utf-8'],
    ['/terms.txt', 'text/plain; charset=utf-8'],
    ['/pagefind/x.pf_fragment', 'application/octet-stream'],
    ['/favicon.svg', 'image/svg+xml; charset=utf-8'],
    ['/logo.png', 'image/png'],
    ['/feed.xml', 'application/xml; charset=utf-8'],
  ])('%s → %s', (path, type) => {
    expect(contentTypeFor(path, types)).toBe(type);
  });
});

describe('ETags', () => {
  it('differ by content and are strong (quoted, no W/)', () => {
    const a = strongEtag(Buffer.from('a'));
    expect(a).not.toBe(strongEtag(Buffer.from('b')));
    expect(a).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });
});

describe('Accept', () => {
  it('prefers JSON only when ranked above markdown, HTML only when ranked above JSON', () => {
    expect(prefersJson('application/json')).toBe(true);
    expect(prefersJson('*/*')).toBe(false);
    expect(prefersJson('application/*;q=0.9, text/*;q=0.5')).toBe(true);
    expect(prefersJson(';;,garbage')).toBe(false);
    expect(prefersHtml('text/html,*/*;q=0.8')).toBe(true);
    expect(prefersHtml('*/*')).toBe(false);
  });
});
