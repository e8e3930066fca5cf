import { describe, expect, it } from 'vitest';
import { containsUrl, containsUrlOrDomain, countSections, sanitiseModelMarkdown } from './model-markdown.ts';

describe('sanitiseModelMarkdown', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script>alert(1)&lt;/script>'],
    ['![pixel](https://t.example/p.png)', 'pixel'],
    ['[click here](javascript:alert(1))', 'click here'],
    ['see <https://x.example>', 'see &lt;(link removed)>'],
    ['go to www.spam.example now', 'go to (link removed) now'],
    ['[ref]: https://x.example\n\ntext', 'text'],
    ['## Head\u202e\n\n\n\n- item', '## Head\n\n- item'],
    ['**bold** and `code` stay', '**bold** and `code` stay'],
  ])('%j → %j', (input, expected) => {
    expect(sanitiseModelMarkdown(input)).toBe(expected);
  });
});

describe('countSections', () => {
  it('counts only second-level headings at a line start', () => {
    expect(countSections('# Title\n## One\ntext ## not\n### Three\n## Two')).toBe(2);
  });
});

describe('containsUrl / containsUrlOrDomain', () => {
  it.each([
    ['https://a.example', true, true],
    ['www.example.org', true, true],
    ['spamcoin.xyz is great', false, true],
    ['node.js and e.g. things', false, false],
  ])('%j', (text, url, domain) => {
    expect(containsUrl(text)).toBe(url);
    expect(containsUrlOrDomain(text)).toBe(domain);
  });
});
