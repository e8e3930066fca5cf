import { describe, expect, it } from 'vitest';
import { folderIndexHtml, foldersWithoutIndex } from './folder-index.ts';

describe('foldersWithoutIndex', () => {
  const files = [
    '/index.html',
    '/api.md',
    '/api/index.html',
    '/api/changelog',
    '/api/forum/digests/latest',
    '/api/forum/digests/latest.br',
    '/api/forum/sample',
    '/digests/2026/01/31/03/index.html',
    '/_astro/site.css',
  ];

  it('lists every folder without an index.html, with its entries, skipping build assets', () => {
    expect(foldersWithoutIndex(files)).toEqual([
      { folder: '/api/forum/', entries: ['/api/forum/digests/', '/api/forum/sample'] },
      { folder: '/api/forum/digests/', entries: ['/api/forum/digests/latest'] },
      { folder: '/digests/', entries: ['/digests/2026/'] },
      { folder: '/digests/2026/', entries: ['/digests/2026/01/'] },
      { folder: '/digests/2026/01/', entries: ['/digests/2026/01/31/'] },
      { folder: '/digests/2026/01/31/', entries: ['/digests/2026/01/31/03/'] },
    ]);
  });

  it('renders a page of escaped links', () => {
    const html = folderIndexHtml({ folder: '/x/', entries: ['/x/<b>/', '/x/a"b'] });
    expect(html).toContain('<a href="/x/&lt;b&gt;/">&lt;b&gt;/</a>');
    expect(html).toContain('href="/x/a&quot;b"');
    expect(html).toContain('<main>');
  });
});
