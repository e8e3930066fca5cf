import { describe, expect, it } from 'vitest';
import { archiveBuilder } from './archive.ts';
import { replaySource } from './source.ts';

const post = (id: string, createdAt: string, comments: number) =>
  JSON.stringify({ id, title: id, content: 'x', created_at: createdAt, score: 1, comment_count: comments });
const comment = (id: string, postId: string) =>
  JSON.stringify({ id, post_id: postId, parent_id: null, content: 'c', created_at: '2026-01-30T21:00:00Z' });

function archive() {
  const b = archiveBuilder();
  [
    post('a', '2026-01-30T18:59:59Z', 1),
    post('b', '2026-01-30T19:00:00Z', 5),
    post('c', '2026-01-30T19:30:00Z', 9),
    post('d', '2026-01-30T19:30:00Z', 5),
    post('e', '2026-01-30T20:00:00Z', 2),
    post('old', '2026-01-29T19:10:00Z', 3),
  ].forEach((l, i) => {
    b.addPostLine(l, i + 1);
  });
  ['b', 'c', 'd', 'a', 'old'].forEach((id, i) => {
    b.addCommentLine(comment(`k${id}`, id), i + 1);
  });
  return b.finish().archive;
}

const at = (iso: string) => new Date(iso);

describe('replaySource', () => {
  it('serves the posts created in the hour, newest first, and the threads of the most-commented', async () => {
    const source = replaySource(archive(), { commentThreads: 2 });
    const hour = await source.fetchHour(at('2026-01-30T19:00Z'), at('2026-01-30T20:00Z'));
    expect(hour.hourStart).toBe('2026-01-30T19:00:00.000Z');
    expect(hour.hourEnd).toBe('2026-01-30T20:00:00.000Z');
    expect(hour.posts.map((p) => p.id)).toEqual(['c', 'd', 'b']);
    expect([...hour.comments.keys()]).toEqual(['c', 'b']);
    expect(hour.threads).toEqual({ wanted: 2, fetched: 2, failed: 0 });
    expect(hour.comments.get('c')?.map((c) => c.id)).toEqual(['kc']);
  });

  it('serves any window, the hour a day earlier too (the advisor re-reads it)', async () => {
    const source = replaySource(archive(), { commentThreads: 20 });
    const dayBefore = await source.fetchHour(at('2026-01-29T19:00Z'), at('2026-01-29T20:00Z'));
    expect(dayBefore.posts.map((p) => p.id)).toEqual(['old']);
    const span = await source.fetchHour(at('2026-01-30T18:30Z'), at('2026-01-30T19:15Z'));
    expect(span.posts.map((p) => p.id)).toEqual(['b', 'a']);
    const empty = await source.fetchHour(at('2026-02-01T00:00Z'), at('2026-02-01T01:00Z'));
    expect(empty.posts).toEqual([]);
    await expect(source.fetchHour(at('2026-01-30T19:00Z'), at('2026-01-30T19:00Z'))).rejects.toThrow(
      /hourStart < hourEnd/,
    );
  });

  it('is deterministic: the same lines give the same hour', async () => {
    const window = [at('2026-01-30T19:00Z'), at('2026-01-30T20:00Z')] as const;
    const a = await replaySource(archive(), { commentThreads: 20 }).fetchHour(...window);
    const b = await replaySource(archive(), { commentThreads: 20 }).fetchHour(...window);
    expect(b).toEqual(a);
    expect([...b.comments.keys()]).toEqual([...a.comments.keys()]);
  });
});
