import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearIncomplete,
  IncompleteMarker,
  incompleteMarkerPath,
  isMarkedIncomplete,
  markIncomplete,
} from './incomplete.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-incomplete-marker-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const HOUR = new Date('2026-01-30T19:00:00.000Z');

describe('the incompleteness marker', () => {
  it('lives beside the digest, is written, read and cleared', async () => {
    expect(incompleteMarkerPath(HOUR)).toBe('digests/2026/01/30/19.incomplete.json');
    expect(await isMarkedIncomplete(dir, HOUR)).toBe(false);
    await markIncomplete(dir, HOUR, { wanted: 20, fetched: 6, failed: 14 });
    expect(await isMarkedIncomplete(dir, HOUR)).toBe(true);
    const text = await readFile(join(dir, incompleteMarkerPath(HOUR)), 'utf8');
    expect(IncompleteMarker.parse(JSON.parse(text))).toEqual({
      hourStart: '2026-01-30T19:00:00.000Z',
      threads: { wanted: 20, fetched: 6, failed: 14 },
    });
    await clearIncomplete(dir, HOUR);
    await clearIncomplete(dir, HOUR);
    expect(await isMarkedIncomplete(dir, HOUR)).toBe(false);
  });

  it('refuses impossible counts, and counts an unreadable marker as present', async () => {
    await expect(markIncomplete(dir, HOUR, { wanted: 1, fetched: -1, failed: 2 })).rejects.toThrow();
    await markIncomplete(dir, HOUR, { wanted: 1, fetched: 0, failed: 1 });
    await writeFile(join(dir, incompleteMarkerPath(HOUR)), 'garbage');
    expect(await isMarkedIncomplete(dir, HOUR)).toBe(true);
  });
});
