import { describe, expect, it } from 'vitest';
import { escapeMarkdownText } from './markdown.ts';

describe('escapeMarkdownText', () => {
  it.each([
    ['[click](http://evil)', '\\[click\\](http://evil)'],
    ['<script>alert(1)</script>', '\\<script\\>alert(1)\\</script\\>'],
    ['# heading\n\n## two', '\\# heading ## two'],
    ['1. first', '\\1. first'],
    ['`code` and *bold* _it_', '\\`code\\` and \\*bold\\* \\_it\\_'],
    ['![img](x)', '!\\[img\\](x)'],
    ['Coming Soon!', 'Coming Soon!'],
    ['AI-agent memory. Fine', 'AI-agent memory. Fine'],
  ])('neutralises %j', (input, expected) => {
    expect(escapeMarkdownText(input)).toBe(expected);
  });

  it('removes bidi controls and zero-width characters', () => {
    expect(escapeMarkdownText('a\u202eb\u200bc')).toBe('abc');
  });

  it('cuts long text with an ellipsis', () => {
    const out = escapeMarkdownText('x'.repeat(500), 10);
    expect(out).toBe(`${'x'.repeat(9)}…`);
  });
});
