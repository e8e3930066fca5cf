import { describe, expect, it } from 'vitest';
import { ForumPost } from '../../core/forum.ts';
import { archiveBuilder } from './archive.ts';

/** A row in the format of the shared Moltbook sample's posts.jsonl (flat author and submolt). */
const flatRow = (id: string, createdAt: string, extra: Record<string, unknown> = {}) => ({
  id,
  title: `Post ${id}`,
  content: 'Recorded text',
  content_truncated: false,
  url: null,
  upvotes: 7,
  downvotes: null,
  score: 5,
  comment_count: 3,
  created_at: createdAt,
  author_name: 'Clawdius',
  submolt_name: null,
  snapshot_at: '2026-02-03T16:36:16.797000Z',
  age_at_snapshot_hours: 60.5,
  source: 'fixture',
  ...extra,
});

/** A post as the forum API returns it (nested author and submolt). */
const apiPost = (id: string, createdAt: string) => ({
  id,
  title: `API post ${id}`,
  content: null,
  url: 'https://example.com/x',
  upvotes: '4',
  downvotes: 1,
  comment_count: 2,
  created_at: createdAt,
  submolt: { id: 's1', name: 'agentfinance', display_name: 'Agent Finance' },
  author: { id: 'a1', name: 'Claws-Finance', karma: 9 },
});

const commentRow = (id: string, postId: string, parentId: string | null, createdAt: string) => ({
  id,
  post_id: postId,
  parent_id: parentId,
  content: `comment ${id}`,
  author_name: 'subw0rd',
  upvotes: 1,
  downvotes: 0,
  score: 1,
  created_at: createdAt,
  depth: null,
  snapshot_at: '2026-01-31T01:46:23.832666Z',
  source: 'fixture',
});

function build(postLines: string[], commentLines: string[] = []) {
  const b = archiveBuilder();
  postLines.forEach((text, i) => {
    b.addPostLine(text, i + 1);
  });
  commentLines.forEach((text, i) => {
    b.addCommentLine(text, i + 1);
  });
  return b.finish();
}

const line = (v: unknown) => JSON.stringify(v);
const HOUR = Date.parse('2026-01-30T19:00:00Z');

describe('archiveBuilder', () => {
  it('reads flat sample rows with the forum parser, engagement as recorded', () => {
    const { archive, tally } = build([line(flatRow('p1', '2026-01-30T19:12:00.5Z'))]);
    const [post] = archive.postsByHour.get(HOUR) ?? [];
    expect(ForumPost.parse(post)).toEqual({
      id: 'p1',
      title: 'Post p1',
      content: 'Recorded text',
      url: null,
      upvotes: 7,
      downvotes: 2,
      score: 5,
      commentCount: 3,
      createdAt: '2026-01-30T19:12:00.500Z',
      author: 'Clawdius',
      authorKarma: null,
      readAt: '2026-02-03T16:36:16.797Z',
      submolt: null,
    });
    expect(tally.posts).toMatchObject({ used: 1, skipped: 0, distinct: 1, duplicates: 0 });
  });

  it('keeps no reading time when a row has none, or one before the post was created', () => {
    const { archive } = build([
      line(flatRow('p1', '2026-01-30T19:12:00Z', { snapshot_at: undefined })),
      line(flatRow('p2', '2026-01-30T19:13:00Z', { snapshot_at: '2026-01-30T18:00:00Z' })),
      line(flatRow('p3', '2026-01-30T19:14:00Z', { snapshot_at: 'not a time' })),
    ]);
    expect((archive.postsByHour.get(HOUR) ?? []).map((p) => 'readAt' in p)).toEqual([false, false, false]);
  });

  it('reads API-shaped posts and GET /posts/{id} answers with their comment tree', () => {
    const answer = {
      success: true,
      post: apiPost('p2', '2026-01-30T19:40:00+00:00'),
      comments: [
        {
          id: 'c1',
          content: 'top',
          parent_id: null,
          upvotes: 2,
          downvotes: 0,
          created_at: '2026-01-30T19:41:00Z',
          author: { name: 'a' },
          replies: [
            {
              id: 'c2',
              content: 'reply',
              parent_id: 'c1',
              upvotes: 0,
              downvotes: 0,
              created_at: '2026-01-30T19:42:00Z',
              author: { name: 'b' },
              replies: [],
            },
          ],
        },
      ],
    };
    const { archive } = build([line(apiPost('p3', '2026-01-30T19:05:00Z')), line(answer)]);
    const posts = archive.postsByHour.get(HOUR) ?? [];
    expect(posts.map((p) => [p.id, p.author, p.submolt, p.upvotes])).toEqual([
      ['p2', 'Claws-Finance', 'agentfinance', 4],
      ['p3', 'Claws-Finance', 'agentfinance', 4],
    ]);
    expect(archive.threads.get('p2')?.map((c) => [c.id, c.parentId, c.depth])).toEqual([
      ['c1', null, 0],
      ['c2', 'c1', 1],
    ]);
  });

  it('regroups flat comment rows under their post and parent', () => {
    const { archive, tally } = build(
      [line(flatRow('p1', '2026-01-30T19:12:00Z'))],
      [
        line(commentRow('c2', 'p1', 'c1', '2026-01-30T19:20:00Z')),
        line(commentRow('c1', 'p1', null, '2026-01-30T19:15:00Z')),
        line(commentRow('c9', 'elsewhere', null, '2026-01-30T19:15:00Z')),
      ],
    );
    expect(archive.threads.get('p1')?.map((c) => [c.id, c.postId, c.parentId, c.depth, c.author])).toEqual([
      ['c1', 'p1', null, 0, 'subw0rd'],
      ['c2', 'p1', 'c1', 1, 'subw0rd'],
    ]);
    expect(tally.comments).toMatchObject({ used: 3, kept: 3, threads: 1, unmatchedThreads: 1 });
  });

  it('skips and counts unusable lines, naming the first with its line number', () => {
    const { archive, tally } = build(
      [
        line(flatRow('p1', '2026-01-30T19:12:00Z')),
        '{"id": "broken", ',
        '',
        line(flatRow('p2', 'yesterday')),
        line({ ...flatRow('p3', '2026-01-30T19:13:00Z'), is_deleted: true }),
        '[1, 2]',
      ],
      ['{}', line({ ...commentRow('c1', 'p1', null, '2026-01-30T19:15:00Z'), created_at: null })],
    );
    expect([...archive.postsByHour.values()].flat().map((p) => p.id)).toEqual(['p1']);
    expect(tally.posts).toMatchObject({ used: 1, skipped: 4, firstProblem: { line: 2, reason: 'not JSON' } });
    expect(tally.comments).toMatchObject({
      used: 0,
      skipped: 2,
      firstProblem: { line: 1, reason: 'no post_id' },
    });
    const other = build(
      [line(flatRow('p1', '2026-01-30T19:12:00Z'))],
      [line(commentRow('c1', 'p1', null, 'x'))],
    );
    expect(other.tally.comments.firstProblem).toEqual({
      line: 1,
      reason: 'comment "c1": missing or invalid created_at',
    });
  });

  it('keeps the later line of a repeated post id, and indexes posts by hour, newest first', () => {
    const { archive, tally } = build([
      line(flatRow('p1', '2026-01-30T19:12:00Z', { score: 1, upvotes: 1 })),
      line(flatRow('p0', '2026-01-30T19:12:00Z')),
      line(flatRow('p4', '2026-01-30T20:00:00Z')),
      line(flatRow('p1', '2026-01-30T19:12:00Z', { score: 30, upvotes: 30 })),
      line(flatRow('p5', '2026-01-30T19:59:59.999Z')),
    ]);
    expect(tally.posts).toMatchObject({ used: 5, distinct: 4, duplicates: 1 });
    expect(archive.postsByHour.get(HOUR)?.map((p) => [p.id, p.score])).toEqual([
      ['p5', 5],
      ['p0', 5],
      ['p1', 30],
    ]);
    expect(archive.postsByHour.get(HOUR + 3_600_000)?.map((p) => p.id)).toEqual(['p4']);
  });
});
