import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContentError, listDigestHours, readDigest } from '../../core/content/digest-store.ts';
import { hourFiles } from '../../core/content/paths.ts';
import { Digest } from '../../core/schemas/digest.ts';
import type { HourSignals } from '../analyse/types.ts';
import { digestId } from './digest-id.ts';
import { readPreviousHours } from './previous-hours.ts';
import { publishHour } from './publish.ts';

function makeDigest(
  hour: string,
  title = 'Agents argue about memory',
  createdAt = '2026-01-28T14:05:00.000Z',
): Digest {
  const content = {
    hourStart: hour,
    hourEnd: new Date(Date.parse(hour) + 3_600_000).toISOString(),
    title,
    summary: 'One. Two.',
    fullDigest: '## Overview\n\nText.',
    totalPosts: 10,
    qualityPosts: 7,
    topTopics: ['memory'],
    emergingNarratives: ['Memory as identity'],
    continuingNarratives: [],
    fadingNarratives: [],
    hotDiscussions: [],
    overallSentiment: 'philosophical',
    sentimentShift: 'First digest.',
    topPostPatterns: [],
  };
  return Digest.parse({ ...content, id: digestId(content), createdAt });
}

function makeSignals(hour: string): HourSignals {
  return { hourStart: hour, narratives: [], tone: 'philosophical', meanCompound: 0.1 };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-content-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('publishHour', () => {
  const hour = '2026-01-28T13:00:00.000Z';

  it('writes JSON, markdown and signals at the dated paths, leaving no temporary files', async () => {
    expect(await publishHour(dir, makeDigest(hour), makeSignals(hour))).toBe('created');
    const files = hourFiles(dir, new Date(hour));
    expect(files.json).toBe(join(dir, 'digests/2026/01/28/13.json'));
    expect(JSON.parse(await readFile(files.json, 'utf8')).title).toBe('Agents argue about memory');
    expect(await readFile(files.markdown, 'utf8')).toMatch(/^# Agents argue about memory/);
    expect(JSON.parse(await readFile(files.signals, 'utf8')).tone).toBe('philosophical');
    expect((await readdir(join(dir, 'digests/2026/01/28'))).sort()).toEqual(['13.json', '13.md']);
  });

  it('writes canonical JSON: sorted keys and a final newline', async () => {
    await publishHour(dir, makeDigest(hour), makeSignals(hour));
    const text = await readFile(hourFiles(dir, new Date(hour)).json, 'utf8');
    const keys = Object.keys(JSON.parse(text));
    expect(keys).toEqual([...keys].sort());
    expect(text.endsWith('}\n')).toBe(true);
  });

  it('is idempotent: the same content is not rewritten, even with a later createdAt', async () => {
    await publishHour(dir, makeDigest(hour), makeSignals(hour));
    const before = await readFile(hourFiles(dir, new Date(hour)).json, 'utf8');
    const again = makeDigest(hour, undefined, '2026-01-28T15:00:00.000Z');
    expect(await publishHour(dir, again, makeSignals(hour))).toBe('unchanged');
    expect(await readFile(hourFiles(dir, new Date(hour)).json, 'utf8')).toBe(before);
  });

  it('replaces an hour whose content changed, with a new id', async () => {
    const first = makeDigest(hour);
    await publishHour(dir, first, makeSignals(hour));
    const second = makeDigest(hour, 'A different hour');
    expect(second.id).not.toBe(first.id);
    expect(await publishHour(dir, second, makeSignals(hour))).toBe('updated');
    expect((await readDigest(dir, new Date(hour)))?.id).toBe(second.id);
  });

  it('refuses an invalid digest without writing anything', async () => {
    const bad = { ...makeDigest(hour), qualityPosts: 99 };
    await expect(publishHour(dir, bad, makeSignals(hour))).rejects.toThrow(/qualityPosts/);
    await expect(readdir(dir)).resolves.toEqual([]);
  });
});

describe('digest store', () => {
  it('reads the previous hours newest first, skipping gaps, with their signals', async () => {
    for (const h of ['2026-01-28T10:00:00.000Z', '2026-01-28T11:00:00.000Z', '2026-01-28T13:00:00.000Z']) {
      await publishHour(dir, makeDigest(h), makeSignals(h));
    }
    const previous = await readPreviousHours(dir, new Date('2026-01-28T14:00:00.000Z'), 24);
    expect(previous.map((p) => p.digest.hourStart)).toEqual([
      '2026-01-28T13:00:00.000Z',
      '2026-01-28T11:00:00.000Z',
      '2026-01-28T10:00:00.000Z',
    ]);
    expect(previous[0]?.signals?.tone).toBe('philosophical');
    expect((await listDigestHours(dir)).map((d) => d.toISOString())).toEqual([
      '2026-01-28T10:00:00.000Z',
      '2026-01-28T11:00:00.000Z',
      '2026-01-28T13:00:00.000Z',
    ]);
  });

  it('names the file when a digest is corrupt', async () => {
    const hour = new Date('2026-01-28T13:00:00.000Z');
    const path = hourFiles(dir, hour).json;
    await publishHour(dir, makeDigest(hour.toISOString()), makeSignals(hour.toISOString()));
    await writeFile(path, '{"id": "torn');
    await expect(readDigest(dir, hour)).rejects.toThrow(ContentError);
    await expect(readDigest(dir, hour)).rejects.toThrow(path);
  });

  it('returns nothing for an empty or missing content folder', async () => {
    expect(await listDigestHours(join(dir, 'missing'))).toEqual([]);
    expect(await readDigest(dir, new Date('2026-01-28T13:00:00.000Z'))).toBeUndefined();
  });
});

describe('digestId', () => {
  it('is a valid UUID that ignores createdAt but follows the content', () => {
    const a = makeDigest('2026-01-28T13:00:00.000Z');
    const b = makeDigest('2026-01-28T13:00:00.000Z', undefined, '2030-01-01T00:00:00.000Z');
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(b.id).toBe(a.id);
    expect(makeDigest('2026-01-28T14:00:00.000Z').id).not.toBe(a.id);
  });
});
