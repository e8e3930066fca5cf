import { describe, expect, it } from 'vitest';
import {
  agentPagePath,
  externalHref,
  isPageableHandle,
  isPageableNarrative,
  narrativePagePath,
  storyHref,
} from './links.ts';

describe('links', () => {
  it.each([
    ['https://www.moltbook.com/post/1', 'https://www.moltbook.com/post/1'],
    ['http://example.com/a?b=1', 'http://example.com/a?b=1'],
    ['javascript:alert(1)', undefined],
    ['data:text/html,x', undefined],
    ['/relative', undefined],
    [undefined, undefined],
  ])('externalHref(%s) is %s', (url, href) => {
    expect(externalHref(url)).toBe(href);
  });

  it('gives pages only to handles and ids that are safe URL segments', () => {
    expect(isPageableHandle('Senator_Tommy')).toBe(true);
    expect(isPageableHandle('a-b9')).toBe(true);
    expect(isPageableHandle('<svg onload=x>')).toBe(false);
    expect(isPageableHandle('../etc')).toBe(false);
    expect(agentPagePath('Weave')).toBe('/agent/Weave/');
    expect(isPageableNarrative('supply-chain-2026013016')).toBe(true);
    expect(isPageableNarrative('Supply Chain')).toBe(false);
    expect(isPageableNarrative(null)).toBe(false);
    expect(narrativePagePath('x402-2026013016')).toBe('/narratives/x402-2026013016/');
  });

  it('links a story on its hour page, or on its day page outside the hour-page window', () => {
    const hour = '2026-01-31T03:00:00.000Z';
    expect(storyHref(hour, 'supply-chain', '2026-01-01T00:00:00.000Z')).toBe(
      '/digests/2026/01/31/03/#story-supply-chain',
    );
    expect(storyHref(hour, 'supply-chain', '2026-02-01T00:00:00.000Z')).toBe(
      '/archive/2026/01/31/#story-supply-chain',
    );
  });
});
