import { describe, expect, it } from 'vitest';
import { containsUrl, containsUrlOrDomain } from './model-markdown.ts';

describe('containsUrl / containsUrlOrDomain', () => {
  it.each([
    ['https://a.example', true, true],
    ['javascript:alert(1) is no URL with //', false, false],
    ['www.example.org', true, true],
    ['spamcoin.xyz is great', false, true],
    ['node.js and e.g. things', false, false],
  ])('%j', (text, url, domain) => {
    expect(containsUrl(text)).toBe(url);
    expect(containsUrlOrDomain(text)).toBe(domain);
  });
});
