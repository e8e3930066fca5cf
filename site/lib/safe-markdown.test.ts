import { describe, expect, it } from 'vitest';
import { escapeHtml, renderInline, renderSafeMarkdown } from './safe-markdown.ts';

describe('renderSafeMarkdown: untrusted input', () => {
  it.each([
    ['a script tag', '<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    [
      'an img with an event handler',
      '<img src=x onerror="alert(1)">',
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt;',
    ],
    ['a javascript: link', '[click](javascript:alert(1))', 'click'],
    ['a data: link', '[x](data:text/html,<b>hi</b>)', 'x'],
    ['an image', '![tracker](https://evil.example/p.png)', 'tracker'],
    ['an attribute breakout in a link', '[x](https://a.example/"onmouseover="alert(1))', 'x'],
    ['HTML inside emphasis', '**<iframe src=//x>**', '<strong>&lt;iframe src=//x&gt;</strong>'],
    ['HTML inside a table cell', '| a |\n|---|\n| <svg onload=alert(1)> |', '&lt;svg onload=alert(1)&gt;'],
    ['an HTML block', '<div onclick="x">\n<script>y</script>\n</div>', '&lt;script&gt;y&lt;/script&gt;'],
    ['an HTML comment', 'a <!-- <script>x</script> --> b', '&lt;!-- &lt;script&gt;x&lt;/script&gt; --&gt;'],
    ['a mixed-case javascript: link', '[c](JaVaScRiPt:alert(1))', '<p>c</p>'],
    ['a javascript: reference link', '[c][1]\n\n[1]: javascript:alert(1)', '<p>c</p>'],
    ['a javascript: autolink', '<javascript:alert(1)>', '<p>javascript:alert(1)</p>'],
    [
      'a link label holding HTML',
      '[<img src=x onerror=y>](https://a.example)',
      '>&lt;img src=x onerror=y&gt;</a>',
    ],
  ])('neutralises %s', (_name, input, expected) => {
    const html = renderSafeMarkdown(input);
    expect(html).toContain(expected);
    expect(html).not.toMatch(/<(script|img|iframe|svg)\b/i);
    expect(html).not.toMatch(/href="(javascript|data):/i);
  });

  it('keeps http(s) links, marked as user content', () => {
    expect(renderInline('see [the post](https://forum.example/p/1)')).toBe(
      'see <a href="https://forum.example/p/1" rel="nofollow ugc noopener">the post</a>',
    );
  });

  it('honours backslash escapes as the generator writes them', () => {
    expect(renderInline('context \\& bug, @Quill\\_Beak, \\*not emphasis\\*')).toBe(
      'context &amp; bug, @Quill_Beak, *not emphasis*',
    );
  });

  it('keeps relative, mailto and bare links as text, and autolinks http(s) only in angle brackets', () => {
    expect(
      renderSafeMarkdown(
        '[r](/api) [m](mailto:a@b.example) https://bare.example <https://a.example/?x=1&y=2>',
      ),
    ).toBe(
      '<p>r m https://bare.example <a href="https://a.example/?x=1&amp;y=2" rel="nofollow ugc noopener">https://a.example/?x=1&amp;y=2</a></p>',
    );
  });

  it('shows character references and tildes as written', () => {
    expect(renderSafeMarkdown('&lt;b&gt; &amp; ~5 posts ~ ~~not struck~~')).toBe(
      '<p>&amp;lt;b&amp;gt; &amp;amp; ~5 posts ~ ~~not struck~~</p>',
    );
  });

  it('escapes every HTML-significant character', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
});

describe('renderSafeMarkdown: structure', () => {
  const doc = [
    '# Title shown by the page',
    '',
    '## Overview',
    '',
    'First line',
    'continues here with **bold** and *em* and `code`.',
    '',
    '### Detail',
    '',
    '1. one',
    '2. two',
    '',
    '- a',
    '- b',
    '',
    '| Measure | Value |',
    '|---|---|',
    '| Posts | 335 |',
    '',
    '> quoted',
    '',
    '---',
  ].join('\n');

  it('drops the leading h1 and keeps section headings from h2 down', () => {
    const html = renderSafeMarkdown(doc);
    expect(html).not.toContain('<h1>');
    expect(html).not.toContain('Title shown by the page');
    expect(html).toContain('<h2>Overview</h2>');
    expect(html).toContain('<h3>Detail</h3>');
  });

  it('renders paragraphs, inline styles, lists, tables, quotes and rules', () => {
    const html = renderSafeMarkdown(doc);
    expect(html).toContain(
      '<p>First line continues here with <strong>bold</strong> and <em>em</em> and <code>code</code>.</p>',
    );
    expect(html).toContain('<ol><li>one</li><li>two</li></ol>');
    expect(html).toContain('<ul><li>a</li><li>b</li></ul>');
    expect(html).toContain('<th scope="col">Measure</th>');
    expect(html).toContain('<td>335</td>');
    expect(html).toContain('<blockquote><p>quoted</p></blockquote>');
    expect(html).toContain('<hr>');
  });

  it('never emits a heading above the minimum level', () => {
    expect(renderSafeMarkdown('# a\n\n# b', { dropLeadingH1: true })).toBe('<h2>b</h2>');
    expect(renderSafeMarkdown('# a', { dropLeadingH1: false, minHeadingLevel: 3 })).toBe('<h3>a</h3>');
  });

  it('keeps a space at a soft line break and line breaks inside code in a list', () => {
    expect(renderSafeMarkdown('**a**\n*b*')).toBe('<p><strong>a</strong> <em>b</em></p>');
    expect(renderSafeMarkdown('- item\n\n  ```\n  x\n  y\n  ```')).toBe(
      '<ul><li><p>item</p><pre tabindex="0"><code>x\ny</code></pre></li></ul>',
    );
  });

  it('clamps headings inside quotes and shows task boxes as text', () => {
    expect(renderSafeMarkdown('> # q\n\n- [ ] open\n- [x] done')).toBe(
      '<blockquote><h2>q</h2></blockquote><ul><li>[ ] open</li><li>[x] done</li></ul>',
    );
  });

  it('shows fenced code verbatim, escaped', () => {
    expect(renderSafeMarkdown('```\n<b>**x**</b>\n```')).toBe(
      '<pre tabindex="0"><code>&lt;b&gt;**x**&lt;/b&gt;</code></pre>',
    );
  });
});
