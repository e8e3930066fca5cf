import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSyntheticContent } from '../bench/synthetic-content.ts';
import { loadArchiveFrom } from './archive-loader.ts';

let dir: string;
const LAST = new Date('2026-01-29T23:00:00.000Z');

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-site-loader-'));
  await writeSyntheticContent(join(dir, 'ok'), 72, LAST);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('loadArchiveFrom', () => {
  it('keeps summaries of every hour, full digests of the page window, signals of the trend window', async () => {
    const archive = await loadArchiveFrom({ contentDir: join(dir, 'ok'), hourPageDays: 1, trendDays: 2 });
    expect(archive.summaries).toHaveLength(72);
    expect(archive.summaries[0]?.hourStart).toBe('2026-01-27T00:00:00.000Z');
    expect(archive.summaries[0]).not.toHaveProperty('fullDigest');
    expect(archive.recent.map((d) => d.hourStart.slice(0, 13))).toHaveLength(24);
    expect(archive.recent[0]?.hourStart).toBe('2026-01-29T00:00:00.000Z');
    expect(archive.latest?.hourStart).toBe(LAST.toISOString());
    expect(archive.pageWindowStart).toBe('2026-01-29T00:00:00.000Z');
    expect(archive.signals).toHaveLength(48);
    expect(archive.recentSignals).toHaveLength(48);
  });

  it('reads an empty or missing content folder as no digests', async () => {
    const archive = await loadArchiveFrom({ contentDir: join(dir, 'missing') });
    expect(archive).toEqual({
      summaries: [],
      recent: [],
      latest: undefined,
      signals: [],
      recentSignals: [],
      pageWindowStart: undefined,
    });
  });

  it('stops on an invalid digest, naming the file and the field', async () => {
    const bad = join(dir, 'bad');
    const [hour] = await writeSyntheticContent(bad, 1, LAST);
    const path = join(bad, 'digests/2026/01/29/23.json');
    await writeFile(path, JSON.stringify({ hourStart: hour?.toISOString(), title: '' }));
    await expect(loadArchiveFrom({ contentDir: bad })).rejects.toThrow(
      /digests\/2026\/01\/29\/23\.json: invalid \(.*title/,
    );
  });

  it('stops on a digest filed under the wrong hour', async () => {
    const moved = join(dir, 'moved');
    await writeSyntheticContent(moved, 1, LAST);
    const { readFile, mkdir } = await import('node:fs/promises');
    const text = await readFile(join(moved, 'digests/2026/01/29/23.json'), 'utf8');
    await mkdir(join(moved, 'digests/2026/01/29'), { recursive: true });
    await writeFile(join(moved, 'digests/2026/01/29/22.json'), text);
    await expect(loadArchiveFrom({ contentDir: moved })).rejects.toThrow(
      /22\.json: hourStart .* does not match/,
    );
  });
});
