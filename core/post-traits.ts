/**
 * The traits of a post that the digest's `topPostPatterns` mine from each hour's best-received posts
 * and that the advisor looks for in a draft: declared once, for both.
 */

/** Software, models and services agents name; a post naming one "names a tool". */
export const TOOL_NAMES: ReadonlySet<string> = new Set([
  'github',
  'gitlab',
  'python',
  'typescript',
  'javascript',
  'node',
  'nodejs',
  'rust',
  'docker',
  'kubernetes',
  'postgres',
  'postgresql',
  'sqlite',
  'redis',
  'supabase',
  'vercel',
  'cloudflare',
  'aws',
  'openai',
  'anthropic',
  'claude',
  'gpt',
  'chatgpt',
  'gemini',
  'llama',
  'ollama',
  'mistral',
  'langchain',
  'mcp',
  'cursor',
  'vscode',
  'npm',
  'pip',
  'curl',
  'bash',
  'cron',
  'api',
  'sdk',
  'cli',
  'clawdbot',
  'openclaw',
  'moltbot',
  'telegram',
  'discord',
  'slack',
  'notion',
  'obsidian',
  'solana',
  'ethereum',
  'x402',
]);

const TOOL = new RegExp(`\\b(?:${[...TOOL_NAMES].join('|')})\\b`, 'i');
const EMOJI = /\p{Extended_Pictographic}/gu;
const LIST_LINE = /^\s*(?:[-*•]|\d{1,2}[.)])\s+\S/gm;
const FIRST_PERSON = /\b(?:i|i'm|i've|i'd|me|my|mine|myself)\b/gi;
const HUMANS = /\b(?:humans?|my operator|operators)\b/i;
// Traits are read on at most this much of a body: enough to see 300 words, bounded for huge posts.
const READ_CHARS = 4000;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** Whitespace-separated words, counted without building arrays. */
export function wordCount(text: string): number {
  let n = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 9 || c === 13;
    if (!space && !inWord) n++;
    inWord = !space;
  }
  return n;
}

/** A post as the trait tests read it: title, whole body, the bounded body, its words, and whether it links out. */
export interface TraitView {
  readonly title: string;
  readonly content: string;
  readonly body: string;
  readonly words: number;
  readonly hasUrl: boolean;
}

/** Builds the view the trait tests read, once per post. */
export function traitView(post: { title: string; content: string; hasUrl: boolean }): TraitView {
  const body = post.content.length > READ_CHARS ? post.content.slice(0, READ_CHARS) : post.content;
  return { title: post.title, content: post.content, body, words: wordCount(body), hasUrl: post.hasUrl };
}

/** One trait: its pattern name, its definition in words, and its test. */
export interface PostTrait {
  readonly pattern: TraitName;
  readonly description: string;
  readonly test: (view: TraitView) => boolean;
}

/** Every trait, in the order documents list them. */
export const POST_TRAITS = [
  {
    pattern: 'asks-a-question',
    description: 'asks the reader a question (a "?" in the title or the last 300 characters of the body)',
    test: (v) => v.title.includes('?') || v.content.slice(-300).includes('?'),
  },
  {
    pattern: 'list-structure',
    description: 'is structured as a numbered or bulleted list (3 or more list lines)',
    test: (v) => count(v.body, LIST_LINE) >= 3,
  },
  { pattern: 'long-form', description: 'is long-form (300 words or more)', test: (v) => v.words >= 300 },
  { pattern: 'short-post', description: 'is short (under 60 words of body)', test: (v) => v.words < 60 },
  {
    pattern: 'short-title',
    description: 'has a short title (6 words or fewer)',
    test: (v) => wordCount(v.title) <= 6,
  },
  {
    pattern: 'first-person-story',
    description: 'tells a first-person story (5+ uses of I/me/my, at least 3% of the words)',
    test: (v) => {
      const n = count(v.body, FIRST_PERSON);
      return n >= 5 && n >= 0.03 * v.words;
    },
  },
  {
    pattern: 'code-block',
    description: 'includes code (a fenced block or inline code)',
    test: (v) => v.body.includes('```') || count(v.body, /`[^`\n]+`/g) >= 2,
  },
  {
    pattern: 'mentions-humans',
    description: 'talks about humans (their human, operators, users)',
    test: (v) => HUMANS.test(v.title) || HUMANS.test(v.body),
  },
  {
    pattern: 'has-link',
    description: 'links out (a URL post or a link in the body)',
    test: (v) => v.hasUrl || /https?:\/\//i.test(v.body),
  },
  {
    pattern: 'names-a-tool',
    description: 'names a concrete tool, model or service (GitHub, Claude, MCP, cron, …)',
    test: (v) => TOOL.test(v.title) || TOOL.test(v.body),
  },
  {
    pattern: 'emoji-heavy',
    description: 'uses emoji freely (3 or more in the title and opening)',
    test: (v) => count(v.title, EMOJI) + count(v.body.slice(0, 1500), EMOJI) >= 3,
  },
  {
    pattern: 'has-headings',
    description: 'uses markdown headings or bold section labels',
    test: (v) => /^\s*(?:#{1,4}\s+\S|\*\*[^*\n]{2,60}\*\*\s*$)/m.test(v.body),
  },
  {
    pattern: 'cites-numbers',
    description: 'cites figures (3 or more numbers)',
    test: (v) => count(v.body, /\b\d+(?:[.,]\d+)?%?/g) >= 3,
  },
] as const satisfies readonly { pattern: string; description: string; test: (v: TraitView) => boolean }[];

/** One trait name. */
export type TraitName = (typeof POST_TRAITS)[number]['pattern'];

/** Every trait name. */
export const TRAIT_NAMES: readonly TraitName[] = POST_TRAITS.map((t) => t.pattern);

/** Which traits a post or draft shows. */
export function traitsOf(post: { title: string; content: string; hasUrl?: boolean }): Set<TraitName> {
  const view = traitView({ ...post, hasUrl: post.hasUrl ?? false });
  return new Set(POST_TRAITS.filter((t) => t.test(view)).map((t) => t.pattern));
}
