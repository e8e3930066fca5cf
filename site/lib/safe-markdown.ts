/**
 * A small markdown renderer for digest analyses (`fullDigest`), safe for untrusted text by construction:
 * every character of the input reaches the output HTML-escaped, raw HTML is shown as text, images are
 * reduced to their alt text, and only http(s) links become anchors (with `rel="nofollow ugc noopener"`).
 * It covers what the analysers write: ATX headings, paragraphs, bullet and numbered lists, pipe tables,
 * block quotes, fenced code, rules, `**strong**`, `*emphasis*`, `` `code` ``, links and backslash escapes.
 */

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

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** Finds the next unescaped occurrence of `marker` at or after `from`; -1 when none. */
function findClosing(text: string, marker: string, from: number): number {
  for (let i = from; i <= text.length - marker.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (text.startsWith(marker, i)) return i;
  }
  return -1;
}

/** Index of the `]` that closes the `[` at `open`, honouring nesting and escapes; -1 when none. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) return i;
  }
  return -1;
}

function safeHref(url: string): string | undefined {
  const trimmed = url.trim();
  return /^https?:\/\/[^\s<>"]+$/i.test(trimmed) ? trimmed : undefined;
}

/** Renders inline markdown to escaped HTML. */
export function renderInline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1];
    if (c === '\\' && next !== undefined && PUNCTUATION.test(next)) {
      out += escapeHtml(next);
      i += 2;
      continue;
    }
    if (c === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        out += `<code>${escapeHtml(text.slice(i + 1, end))}</code>`;
        i = end + 1;
        continue;
      }
    }
    if (c === '*' && next === '*') {
      const end = findClosing(text, '**', i + 2);
      if (end > i + 2) {
        out += `<strong>${renderInline(text.slice(i + 2, end))}</strong>`;
        i = end + 2;
        continue;
      }
    }
    if (c === '*' && next !== undefined && next !== ' ' && next !== '*') {
      const end = findClosing(text, '*', i + 1);
      if (end > i + 1 && text[end - 1] !== ' ') {
        out += `<em>${renderInline(text.slice(i + 1, end))}</em>`;
        i = end + 1;
        continue;
      }
    }
    const image = c === '!' && next === '[';
    if (c === '[' || image) {
      const open = image ? i + 1 : i;
      const close = closingBracket(text, open);
      if (close > 0 && text[close + 1] === '(') {
        const end = text.indexOf(')', close + 2);
        if (end > 0) {
          const label = renderInline(text.slice(open + 1, close));
          const href = image ? undefined : safeHref(text.slice(close + 2, end));
          out += href ? `<a href="${escapeHtml(href)}" rel="nofollow ugc noopener">${label}</a>` : label;
          i = end + 1;
          continue;
        }
      }
    }
    out += escapeHtml(c);
    i++;
  }
  return out;
}

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
  | { kind: 'quote'; lines: string[] }
  | { kind: 'code'; lines: string[] }
  | { kind: 'rule' };

const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+(.*)$/;
const NUMBERED = /^[ \t]{0,3}\d{1,9}[.)][ \t]+(.*)$/;
const RULE = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const TABLE_SEPARATOR = /^\|?[ \t]*:?-{1,}:?[ \t]*(\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$/;

/** Splits a pipe-table row into cells, honouring escaped pipes. */
function tableCells(line: string): string[] {
  const body = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\' && body[i + 1] === '|') {
      cell += '\\|';
      i++;
    } else if (body[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += body[i];
  }
  cells.push(cell.trim());
  return cells;
}

function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = /^[ \t]{0,3}(```|~~~)/.exec(line);
    if (fence) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trimStart().startsWith(fence[1] as string)) {
        code.push(lines[i] as string);
        i++;
      }
      blocks.push({ kind: 'code', lines: code });
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: (heading[1] as string).length, text: heading[2] as string });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (line.trimStart().startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      const header = tableCells(line);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] as string).trimStart().startsWith('|')) {
        rows.push(tableCells(lines[i] as string));
        i++;
      }
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    if (/^[ \t]{0,3}>/.test(line)) {
      const quote: string[] = [];
      while (i < lines.length && /^[ \t]{0,3}>/.test(lines[i] as string)) {
        quote.push((lines[i] as string).replace(/^[ \t]{0,3}>[ \t]?/, ''));
        i++;
      }
      blocks.push({ kind: 'quote', lines: quote });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = Boolean(numbered);
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [];
      while (i < lines.length) {
        const current = lines[i] as string;
        const item = pattern.exec(current);
        if (item) items.push(item[1] as string);
        else if (current.trim() !== '' && /^[ \t]+/.test(current) && items.length > 0)
          items[items.length - 1] += ` ${current.trim()}`;
        else break;
        i++;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length) {
      const current = lines[i] as string;
      if (
        current.trim() === '' ||
        HEADING.test(current) ||
        BULLET.test(current) ||
        NUMBERED.test(current) ||
        /^[ \t]{0,3}(```|~~~|>)/.test(current) ||
        (current.trimStart().startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? ''))
      )
        break;
      paragraph.push(current.trim());
      i++;
    }
    blocks.push({ kind: 'paragraph', lines: paragraph });
  }
  return blocks;
}

function renderBlock(block: Block, minHeadingLevel: number): string {
  switch (block.kind) {
    case 'heading': {
      const level = Math.min(6, Math.max(minHeadingLevel, block.level));
      return `<h${level}>${renderInline(block.text)}</h${level}>`;
    }
    case 'paragraph':
      return `<p>${renderInline(block.lines.join(' '))}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${renderInline(item)}</li>`).join('')}</${tag}>`;
    }
    case 'table': {
      const head = block.header.map((cell) => `<th scope="col">${renderInline(cell)}</th>`).join('');
      const rows = block.rows
        .map((row) => `<tr>${row.map((cell) => `<td>${renderInline(cell)}</td>`).join('')}</tr>`)
        .join('');
      return `<div class="table-wrap"><table><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></div>`;
    }
    case 'quote':
      return `<blockquote><p>${renderInline(block.lines.join(' '))}</p></blockquote>`;
    case 'code':
      // tabindex: a code block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1).
      return `<pre tabindex="0"><code>${escapeHtml(block.lines.join('\n'))}</code></pre>`;
    case 'rule':
      return '<hr>';
  }
}

/** Renders markdown to HTML that cannot carry markup from the input (see the module comment). */
export function renderSafeMarkdown(markdown: string, options: SafeMarkdownOptions = {}): string {
  const { dropLeadingH1 = true, minHeadingLevel = 2 } = options;
  const blocks = parseBlocks(markdown);
  const first = blocks[0];
  if (dropLeadingH1 && first?.kind === 'heading' && first.level === 1) blocks.shift();
  return blocks.map((b) => renderBlock(b, minHeadingLevel)).join('\n');
}
