import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGeneratorContext } from './context.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-context-'));
  const post = (id: string, comments: number) =>
    JSON.stringify({
      id,
      title: id,
      content: 'x',
      created_at: '2026-01-30T19:10:00Z',
      score: 1,
      comment_count: comments,
    });
  await writeFile(join(dir, 'posts.jsonl'), `${post('a', 5)}\n${post('b', 3)}\n`);
  await writeFile(
    join(dir, 'comments.jsonl'),
    `${JSON.stringify({ id: 'k', post_id: 'a', parent_id: null, content: 'c', created_at: '2026-01-30T19:20:00Z' })}\n`,
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createGeneratorContext', () => {
  it('gives the advisor a label source that reads the same hour without comment threads', async () => {
    const ctx = await createGeneratorContext(
      { postsFile: join(dir, 'posts.jsonl'), commentsFile: join(dir, 'comments.jsonl'), content: dir },
      {},
      { write: () => {} },
    );
    const start = new Date('2026-01-30T19:00:00Z');
    const end = new Date('2026-01-30T20:00:00Z');
    const full = await ctx.source.fetchHour(start, end);
    const labels = await ctx.labelSource.fetchHour(start, end);
    expect(full.comments.size).toBe(1);
    expect(labels.comments.size).toBe(0);
    expect(labels.threads.wanted).toBe(0);
    expect(labels.posts.map((p) => [p.id, p.commentCount])).toEqual(
      full.posts.map((p) => [p.id, p.commentCount]),
    );
  });
});
