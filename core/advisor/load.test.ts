import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadEvidence, trainingDirPath } from './load.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-evidence-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const row = (id: string, title: string, createdAt: string) => ({
  id,
  createdAt,
  title,
  content: 'How I keep my memory files between sessions.',
  hasUrl: false,
  submolt: 'general',
  author: 'clawdius',
  context: [0, 0, 0, 0, 0, 0],
  upvotes: 12,
  comments: 7,
  ageHours: 30,
});

describe('loadEvidence', () => {
  it("indexes the learning step's labelled rows, skipping lines that are not rows", async () => {
    const training = trainingDirPath(dir);
    await mkdir(training, { recursive: true });
    await writeFile(
      join(training, '2026-01-27.jsonl'),
      [
        JSON.stringify(row('b', 'Memory files between sessions', '2026-01-27T11:00:00.000Z')),
        'not json',
        JSON.stringify({ id: 'x' }),
        JSON.stringify(row('a', 'Session memory, day one', '2026-01-27T10:00:00.000Z')),
        '',
      ].join('\n'),
    );
    await writeFile(join(training, 'notes.txt'), 'ignored');
    const index = await loadEvidence(dir);
    expect(index.size).toBe(2);
    expect(index.posts.map((p) => p.id)).toEqual(['a', 'b']);
    const hit = index.nearest({ title: 'Keeping memory files between sessions', content: '' }, 1)[0];
    expect(hit?.post).toMatchObject({ id: 'b', comments: 7, upvotes: 12 });
  });

  it('gives an empty index without a training folder or a content folder', async () => {
    expect((await loadEvidence(dir)).size).toBe(0);
    expect((await loadEvidence(null)).size).toBe(0);
  });
});
