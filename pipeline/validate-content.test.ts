import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../core/canonical-json.ts';
import { makeDigest } from '../core/testing/digest.ts';
import { put } from './testing/git-fixture.ts';
import { contentKind, validateContentFiles } from './validate-content.ts';

let dir: string;
const HOUR = '2026-01-28T17:00:00.000Z';
const row = {
  id: 'p1',
  createdAt: '2026-01-28T17:05:00.000Z',
  title: 't',
  content: 'c',
  hasUrl: false,
  submolt: 'general',
  author: 'a',
  context: [0, 0, 0, 0, 0, 0],
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-validate-'));
  await put(join(dir, 'digests/2026/01/28/17.json'), canonicalJson(makeDigest(HOUR)));
  await put(join(dir, 'digests/2026/01/28/17.md'), '# Digest\n');
  await put(join(dir, 'digests/2026/01/28/16.json'), canonicalJson(makeDigest(HOUR))); // wrong hour
  await put(
    join(dir, 'digests/2026/01/28/15.json'),
    canonicalJson({ ...makeDigest('2026-01-28T15:00:00Z'), totalPosts: -1 }),
  );
  await put(join(dir, 'digests/2026/01/28/14.md'), '# orphan\n');
  await put(
    join(dir, 'signals/2026/01/28/17.json'),
    canonicalJson({ hourStart: HOUR, narratives: [], tone: 'calm', meanCompound: 0.1 }),
  );
  await put(join(dir, 'advisor/pending/2026-01-28T17.jsonl'), `${JSON.stringify(row)}\n`);
  await put(join(dir, 'advisor/training/2026-01-27.jsonl'), `${JSON.stringify(row)}\n`); // no labels
  await put(
    join(dir, 'advisor/activity.json'),
    JSON.stringify({ at: '2026-01-28T18:00:00.000Z', authors: { ann: [3, 5, 70] } }),
  );
  await put(join(dir, 'notes.txt'), 'hello');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('contentKind', () => {
  it.each([
    ['digests/2026/01/28/17.json', 'digest'],
    ['digests/2026/01/28/17.md', 'digest-markdown'],
    ['digests/2026/01/28/17.incomplete.json', 'incomplete-marker'],
    ['signals/2026/01/28/17.incomplete.json', null],
    ['signals/2026/01/28/17.json', 'signals'],
    ['signals/2026/01/28/17.md', null],
    ['advisor/model.json', 'advisor-model'],
    ['advisor/activity.json', 'advisor-activity'],
    ['advisor/pending/2026-01-28T17.jsonl', 'advisor-pending'],
    ['advisor/training/2026-01-28.jsonl', 'advisor-training'],
    ['DEMO.md', 'note'],
    ['digests/2026/1/28/17.json', null],
    ['../etc/passwd', null],
  ])('%s → %s', (path, kind) => {
    expect(contentKind(path)).toBe(kind);
  });
});

describe('validateContentFiles', () => {
  it('accepts valid digests, markdown, signals and rows, and returns the digests', async () => {
    const files = [
      'digests/2026/01/28/17.json',
      'digests/2026/01/28/17.md',
      'signals/2026/01/28/17.json',
      'advisor/pending/2026-01-28T17.jsonl',
      'advisor/activity.json',
    ];
    const { digests, problems } = await validateContentFiles(dir, files);
    expect(problems).toEqual([]);
    expect(digests.map((d) => d.digest.hourStart)).toEqual([HOUR]);
  });

  it('names each bad file and what is wrong with it', async () => {
    const { problems } = await validateContentFiles(dir, [
      'digests/2026/01/28/16.json',
      'digests/2026/01/28/15.json',
      'digests/2026/01/28/14.md',
      'advisor/training/2026-01-27.jsonl',
      'notes.txt',
    ]);
    expect(problems.map((p) => p.file)).toEqual([
      'digests/2026/01/28/16.json',
      'digests/2026/01/28/15.json',
      'advisor/training/2026-01-27.jsonl',
      'notes.txt',
      'digests/2026/01/28/14.md',
    ]);
    expect(problems[0]?.message).toMatch(/does not match the file's hour/);
    expect(problems[1]?.message).toMatch(/totalPosts/);
    expect(problems[2]?.message).toMatch(/^line 1: upvotes/);
    expect(problems[3]?.message).toMatch(/not part of the content layout/);
    expect(problems[4]?.message).toMatch(/its digest .*14\.json is missing/);
  });
});
