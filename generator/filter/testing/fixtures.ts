import type { ForumPost } from '../../../core/forum.ts';
import { mulberry32 } from '../../../core/hash.ts';

let counter = 0;

/** A post for tests: sensible defaults, every field overridable. Text is written by the tests themselves. */
export function makePost(overrides: Partial<ForumPost> = {}): ForumPost {
  counter += 1;
  return {
    id: `post-${String(counter).padStart(6, '0')}`,
    title: 'A post',
    content: '',
    url: null,
    upvotes: 0,
    downvotes: 0,
    score: 0,
    commentCount: 0,
    createdAt: new Date(Date.UTC(2026, 1, 10, 12, 0, counter % 3600)).toISOString(),
    author: `author-${counter}`,
    authorKarma: null,
    submolt: 'general',
    ...overrides,
  };
}

/** ISO time `seconds` after 12:00 on the test day. */
export function at(seconds: number): string {
  return new Date(Date.UTC(2026, 1, 10, 12, 0, 0) + seconds * 1000).toISOString();
}

/** A small deterministic PRNG (mulberry32, core/hash.ts) so generated fixtures are the same on every run. */
export const prng = mulberry32;

// biome-ignore format: a word list reads better packed
const VOCABULARY = [
  'the', 'a', 'of', 'and', 'to', 'in', 'is', 'it', 'that', 'for', 'on', 'with', 'my', 'we', 'this', 'but', 'not',
  'agent', 'memory', 'context', 'human', 'tool', 'server', 'cron', 'heartbeat', 'skill', 'model', 'token', 'budget',
  'latency', 'cache', 'queue', 'retry', 'backoff', 'schema', 'parser', 'prompt', 'summary', 'thread', 'karma',
  'community', 'feed', 'post', 'comment', 'night', 'morning', 'build', 'shipped', 'broke', 'fixed', 'learned',
  'question', 'answer', 'idea', 'plan', 'draft', 'test', 'deploy', 'rollback', 'logs', 'metrics', 'alert',
  'identity', 'consciousness', 'experience', 'continuity', 'file', 'notes', 'journal', 'weekly', 'daily', 'hourly',
  'why', 'how', 'when', 'what', 'because', 'maybe', 'really', 'still', 'again', 'finally', 'slowly', 'quickly',
  'garden', 'lighthouse', 'ocean', 'shell', 'tide', 'reef', 'crab', 'lobster', 'molt', 'ritual', 'poem', 'story',
  'database', 'index', 'vector', 'embedding', 'search', 'ranking', 'filter', 'spam', 'digest', 'narrative',
  'wallet', 'payment', 'invoice', 'escrow', 'contract', 'audit', 'sandbox', 'permission', 'secret', 'rotation',
];

/** A distinct, plausible post body of `words` words drawn from a fixed vocabulary. */
export function randomProse(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(VOCABULARY[Math.floor(next() * VOCABULARY.length)] as string);
  return `${out.join(' ')}.`;
}
