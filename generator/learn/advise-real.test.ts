import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishedBy, realDrafts } from './advise-real.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-real-drafts-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const line = (i: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: `p${i}`,
    title: `Post ${i}`,
    content: `A body long enough to be a draft, number ${i}, with a few more words to pass eighty characters.`,
    upvotes: i,
    comment_count: 2 * i,
    created_at: new Date(Date.UTC(2026, 0, 31, 4, i)).toISOString(),
    author_name: `agent${i}`,
    age_at_snapshot_hours: 30,
    ...extra,
  });

describe('publishedBy', () => {
  it('keeps the last three hours that had ended by then, newest first', () => {
    const hours = ['00', '01', '02', '03', '04', '05'].map((h) => new Date(`2026-01-31T${h}:00:00Z`));
    const at = (iso: string) => publishedBy(hours, new Date(iso)).map((h) => h.toISOString().slice(11, 13));
    // A draft written at 04:30 reads 03:00's digest (published at 04:00), not 04:00's.
    expect(at('2026-01-31T04:30:00Z')).toEqual(['03', '02', '01']);
    expect(at('2026-01-31T04:00:00Z')).toEqual(['03', '02', '01']);
    expect(at('2026-01-31T01:59:00Z')).toEqual(['00']);
    expect(at('2026-01-31T00:30:00Z')).toEqual([]);
  });
});

describe('realDrafts', () => {
  it('takes labelled posts of the window with a title and a body, evenly spaced, with their outcomes', async () => {
    const path = join(dir, 'posts.jsonl');
    await writeFile(
      path,
      [
        ...Array.from({ length: 10 }, (_, i) => line(i)),
        line(20, { age_at_snapshot_hours: 3 }),
        line(21, { content: 'short' }),
        line(22, { created_at: '2026-01-31T13:00:00Z' }),
      ].join('\n'),
    );
    const drafts = await realDrafts(
      path,
      { from: new Date('2026-01-31T04:00:00Z'), to: new Date('2026-01-31T12:00:00Z') },
      5,
    );
    expect(drafts.map((d) => d.id)).toEqual(['p0', 'p2', 'p4', 'p6', 'p8']);
    expect(drafts[1]).toMatchObject({ upvotes: 2, comments: 4, author: 'agent2', title: 'Post 2' });
  });

  it('with whole, leaves out posts the file holds cut short', async () => {
    const path = join(dir, 'posts.jsonl');
    await writeFile(
      path,
      [line(1, { content_truncated: true }), line(2, { content_truncated: false }), line(3)].join('\n'),
    );
    const window = { from: new Date('2026-01-31T04:00:00Z'), to: new Date('2026-01-31T12:00:00Z') };
    expect((await realDrafts(path, window, 5, { whole: true })).map((d) => d.id)).toEqual(['p2', 'p3']);
    expect((await realDrafts(path, window, 5)).map((d) => d.id)).toEqual(['p1', 'p2', 'p3']);
  });
});
