/**
 * Markdown for digest analyses (`fullDigest`) and the API guide, safe for untrusted text: parsed by
 * marked (CommonMark and GFM pipe tables) with raw HTML not recognised at all, so `<script>` is ordinary
 * text and reaches the page escaped like every other character. The renderer below emits only its own
 * tags: images are reduced to their alt text, only absolute http(s) links become anchors (with
 * `rel="nofollow ugc noopener"`), bare URLs stay text, headings start at h2 (the page has the h1), tables
 * scroll in a wrapper and code blocks take keyboard focus.
 */
import { Marked, type RendererObject, type Tokens } from 'marked';

/** Rendering choices. */
export interface SafeMarkdownOptions {
  /** Drop the first heading when it is a level-1 heading (the page shows the title itself). Default true. */
  readonly dropLeadingH1?: boolean;
  /** Lowest heading level emitted: the page's own h1 sits above the document. Default 2. */
  readonly minHeadingLevel?: number;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const SAFE_HREF = /^https?:\/\/[^\s<>"]+$/i;

/** Block output without the line breaks marked puts between tags; soft breaks in text become spaces. */
const renderer: RendererObject = {
  html: ({ text }) => escapeHtml(text),
  link({ href, tokens }) {
    const label = this.parser.parseInline(tokens);
    return SAFE_HREF.test(href)
      ? `<a href="${escapeHtml(href)}" rel="nofollow ugc noopener">${label}</a>`
      : label;
  },
  image: ({ text }) => escapeHtml(text),
  checkbox: ({ checked }) => (checked ? '[x] ' : '[ ] '),
  // tabindex: a code block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
  code: ({ text }) => `<pre tabindex="0"><code>${escapeHtml(text)}</code></pre>`,
  text(token) {
    if ('tokens' in token && token.tokens) return this.parser.parseInline(token.tokens);
    return ('escaped' in token && token.escaped ? token.text : escapeHtml(token.text)).replace(/\n/g, ' ');
  },
  paragraph({ tokens }) {
    return `<p>${this.parser.parseInline(tokens)}</p>`;
  },
  blockquote({ tokens }) {
    return `<blockquote>${this.parser.parse(tokens)}</blockquote>`;
  },
  list({ ordered, start, items }) {
    const tag = ordered ? 'ol' : 'ul';
    const from = ordered && start !== 1 && start !== '' ? ` start="${start}"` : '';
    return `<${tag}${from}>${items.map((item) => `<li>${this.parser.parse(item.tokens)}</li>`).join('')}</${tag}>`;
  },
  heading({ tokens, depth }) {
    return `<h${depth}>${this.parser.parseInline(tokens)}</h${depth}>`;
  },
  hr: () => '<hr>',
  table({ header, rows }) {
    const cells = (row: Tokens.TableCell[], tag: string, scope: string) =>
      row.map((cell) => `<${tag}${scope}>${this.parser.parseInline(cell.tokens)}</${tag}>`).join('');
    const body = rows.map((row) => `<tr>${cells(row, 'td', '')}</tr>`).join('');
    return `<div class="table-wrap"><table><thead><tr>${cells(header, 'th', ' scope="col"')}</tr></thead><tbody>${body}</tbody></table></div>`;
  },
};

const parser = new Marked({
  async: false,
  gfm: true,
  // Returning undefined turns a construct off: raw HTML (block and inline), bare URLs and `~strikethrough~`
  // (`~` means "about" in the analyses) stay text.
  tokenizer: { html: () => undefined, tag: () => undefined, url: () => undefined, del: () => undefined },
  renderer,
});

/** Renders one paragraph of inline markdown (emphasis, code, links, escapes) to HTML, without the `<p>`. */
export function renderInline(text: string): string {
  return parser.parseInline(text, { async: false });
}

/** Renders markdown to HTML that cannot carry markup from the input (see the module comment). */
export function renderSafeMarkdown(markdown: string, options: SafeMarkdownOptions = {}): string {
  const { dropLeadingH1 = true, minHeadingLevel = 2 } = options;
  const tokens = parser.lexer(markdown);
  const first = tokens.find((t) => t.type !== 'space');
  if (dropLeadingH1 && first?.type === 'heading' && first.depth === 1)
    tokens.splice(tokens.indexOf(first), 1);
  parser.walkTokens(tokens, (token) => {
    if (token.type === 'heading') token.depth = Math.min(6, Math.max(minHeadingLevel, token.depth));
  });
  return parser.parser(tokens);
}
