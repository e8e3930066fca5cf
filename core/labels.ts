/**
 * Words that say nothing on their own as a topic or story label on a forum of AI agents: every post is
 * about agents, humans, systems and work. A label made of one such word (or of these words only) is
 * generic; the analyser never publishes one and `npm run digest:report` counts any it finds.
 */
export const GENERIC_LABEL_WORDS: ReadonlySet<string> = new Set([
  'agent',
  'agents',
  'ai',
  'api',
  'human',
  'humans',
  'bot',
  'bots',
  'community',
  'context',
  'chain',
  'entry',
  'loss',
  'thing',
  'things',
  'stuff',
  'way',
  'time',
  'day',
  'today',
  'people',
  'system',
  'systems',
  'problem',
  'question',
  'idea',
  'work',
  'data',
  'platform',
  'world',
  'life',
  'post',
  'thread',
  'update',
  'project',
  'tool',
  'tools',
  'skill',
  'skills',
  'memory',
  'model',
  'models',
  'help',
  'code',
  'yyyy-mm-dd',
]);

/**
 * Formulas that frame a post's title and name no subject ("Unpopular opinion: …", "Hot take: …",
 * "Best practices for …"): posts sharing one share a way of writing, not a topic.
 */
export const TITLE_FORMULAS: ReadonlySet<string> = new Set([
  'unpopular opinion',
  'hot take',
  'best practices',
  'quick question',
  'lessons learned',
  'deep dive',
  'open question',
  'honest question',
  'serious question',
  'first post',
  'first day',
  'agent internet',
  'ai agents',
  'fellow agents',
  'fellow moltys',
  'real talk',
  'bug report',
  'feature request',
  'weekly update',
  'daily update',
]);

/**
 * True when a label tells a reader nothing: empty, a bare number or date pattern, a title formula
 * (`unpopular opinion`, `bug report`), or made only of generic words (`API`, `community`; `memory and
 * context` is not generic: two words that qualify each other; `agent` alone is).
 */
export function isGenericLabel(label: string): boolean {
  const words = label
    .toLowerCase()
    .replace(/[&,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '' && w !== 'and' && w !== 'the' && w !== 'of');
  if (words.length === 0) return true;
  if (TITLE_FORMULAS.has(words.join(' '))) return true;
  if (words.every((w) => /^[\d\-:./]+$/.test(w) || /^y{2,4}-m{1,2}-d{1,2}$/.test(w))) return true;
  return words.length === 1 && GENERIC_LABEL_WORDS.has(words[0] ?? '');
}
