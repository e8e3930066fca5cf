import { chmod, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic-write.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-atomic-'));
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => {});
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('creates missing folders and replaces the file whole', async () => {
    const path = join(dir, 'a/b/c.json');
    await writeFileAtomic(path, 'one');
    await writeFileAtomic(path, 'two');
    expect(await readFile(path, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'a/b'))).toEqual(['c.json']);
  });

  it('leaves the old file intact and no temporary file when the rename fails', async () => {
    const path = join(dir, 'target');
    await mkdir(path); // a folder where the file should go makes the final rename fail
    await expect(writeFileAtomic(path, 'new')).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['target']);
  });

  it('concurrent writers never produce a torn file', async () => {
    const path = join(dir, 'x.txt');
    const bodies = Array.from({ length: 20 }, (_, i) => String(i).repeat(50_000));
    await Promise.all(bodies.map((b) => writeFileAtomic(path, b)));
    expect(bodies).toContain(await readFile(path, 'utf8'));
    expect(await readdir(dir)).toEqual(['x.txt']);
  });
});
