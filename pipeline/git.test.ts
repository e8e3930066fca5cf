import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  changedFiles,
  commitPaths,
  discardChanges,
  parseStatus,
  pushWithRebase,
  syncWithRemote,
} from './git.ts';
import { bareRemote, cloneOf, gitSync, put } from './testing/git-fixture.ts';

let dir: string;
let remote: string;
let seed: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-git-'));
  ({ remote, seed } = await bareRemote(dir));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('parseStatus', () => {
  it('reads added, untracked, modified, deleted and renamed entries', () => {
    const z = [
      '?? content/a.json',
      ' M content/b.md',
      'D  content/c.json',
      'A  content/d.json',
      'R  content/e2\0content/e1',
      '',
    ];
    expect(parseStatus(z.join('\0'))).toEqual([
      { path: 'content/a.json', change: 'added' },
      { path: 'content/b.md', change: 'modified' },
      { path: 'content/c.json', change: 'deleted' },
      { path: 'content/d.json', change: 'added' },
      { path: 'content/e1', change: 'deleted' },
      { path: 'content/e2', change: 'added' },
    ]);
  });
});

describe('commit and push', () => {
  it('commits only the content folder, and makes no empty commit', async () => {
    const work = cloneOf(remote, join(dir, 'work'));
    await put(join(work, 'content/digests/h.json'), '{}\n');
    await put(join(work, 'notes.txt'), 'not content\n');
    expect(await changedFiles(work, 'content')).toEqual([
      { path: 'content/digests/h.json', change: 'added' },
    ]);
    const sha = await commitPaths(work, 'content', 'Digest one\n');
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(gitSync(work, 'show', '--name-only', '--format=%s', 'HEAD')).toBe(
      'Digest one\n\ncontent/digests/h.json',
    );
    expect(gitSync(work, 'status', '--porcelain')).toBe('?? notes.txt');
    expect(await commitPaths(work, 'content', 'nothing\n')).toBeNull();
  });

  it('rebases onto a commit pushed meanwhile and pushes again', async () => {
    const work = cloneOf(remote, join(dir, 'work'));
    await put(join(work, 'content/a.json'), '{"a":1}\n');
    await commitPaths(work, 'content', 'Ours\n');
    // Another writer pushes first.
    await put(join(seed, 'content/b.json'), '{"b":1}\n');
    gitSync(seed, 'add', '-A');
    gitSync(seed, 'commit', '--quiet', '-m', 'Theirs');
    gitSync(seed, 'push', '--quiet', 'origin', 'main');

    const retries: number[] = [];
    expect(await pushWithRebase(work, 'origin', 'main', (n) => retries.push(n))).toBe(2);
    expect(retries).toEqual([1]);
    expect(gitSync(remote, 'log', '--format=%s', 'main')).toBe('Ours\nTheirs\nInitial');
  });

  it('reports a conflicting rebase and leaves the repository usable', async () => {
    const work = cloneOf(remote, join(dir, 'work'));
    await put(join(work, 'content/a.json'), '{"a":"ours"}\n');
    await commitPaths(work, 'content', 'Ours\n');
    await put(join(seed, 'content/a.json'), '{"a":"theirs"}\n');
    gitSync(seed, 'add', '-A');
    gitSync(seed, 'commit', '--quiet', '-m', 'Theirs');
    gitSync(seed, 'push', '--quiet', 'origin', 'main');

    await expect(syncWithRemote(work, 'origin', 'main')).rejects.toThrow(/git pull --rebase failed/);
    expect(gitSync(work, 'status', '--porcelain')).toBe('');
    expect(await readFile(join(work, 'content/a.json'), 'utf8')).toBe('{"a":"ours"}\n');
  });

  it("discards a run's uncommitted content changes", async () => {
    const work = cloneOf(remote, join(dir, 'work'));
    await put(join(work, 'content/new/x.json'), '{}\n');
    await put(join(work, 'README.md'), 'changed\n');
    await put(join(work, 'content/.gitkeep'), 'changed\n');
    await discardChanges(work, await changedFiles(work, 'content'));
    expect(gitSync(work, 'status', '--porcelain')).toBe('M README.md');
  });
});
