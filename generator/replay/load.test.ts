import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReplay, ReplayFileError, replayNotes } from './load.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-replay-load-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const post = (id: string) =>
  JSON.stringify({ id, title: id, content: 'x', created_at: '2026-01-30T19:10:00Z', upvotes: 1 });

describe('loadReplay', () => {
  it('reads both files once and reports skipped lines with the first line number', async () => {
    const posts = join(dir, 'posts.jsonl');
    const comments = join(dir, 'comments.jsonl');
    await writeFile(posts, `\uFEFF${post('p1')}\r\n${post('p2')}\nnot json\n\n${post('p3')}\n`);
    await writeFile(
      comments,
      `${JSON.stringify({ id: 'c1', post_id: 'p1', content: 'hi', created_at: '2026-01-30T19:11:00Z' })}\n`,
    );
    const { archive, tally } = await loadReplay({ posts, comments });
    expect(tally.posts).toMatchObject({ distinct: 3, skipped: 1, firstProblem: { line: 3 } });
    expect(archive.threads.get('p1')?.length).toBe(1);
    const notes = replayNotes({ posts, comments }, tally);
    expect(notes).toContain(`replay: 3 posts from ${posts}`);
    expect(notes).toContain(`replay: 1 comments on 1 recorded posts from ${comments}`);
    expect(notes).toContain(`${posts}: skipped 1 unusable lines or items (first: line 3: not JSON)`);
  });

  it('fails naming the path of a missing file', async () => {
    const missing = join(dir, 'nope.jsonl');
    await expect(loadReplay({ posts: missing })).rejects.toThrow(
      new ReplayFileError(`cannot read the posts file ${missing}: ENOENT`),
    );
    await writeFile(join(dir, 'ok.jsonl'), `${post('p1')}\n`);
    await expect(loadReplay({ posts: join(dir, 'ok.jsonl'), comments: missing })).rejects.toThrow(
      `cannot read the comments file ${missing}: ENOENT`,
    );
    await expect(loadReplay({ posts: dir })).rejects.toThrow(`cannot read the posts file ${dir}: EISDIR`);
  });

  it('fails when the posts file holds no usable post', async () => {
    const junk = join(dir, 'junk.jsonl');
    await writeFile(junk, '\n{"id": 1}\n');
    await expect(loadReplay({ posts: junk })).rejects.toThrow(
      `posts file ${junk} holds no usable post (line 2: missing or invalid created_at)`,
    );
  });
});
