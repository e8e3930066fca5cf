import { describe, expect, it } from 'vitest';
import { createOfflineAnalyser } from './analyser.ts';
import { isRegularLabel, prolificAuthors, regularPosters } from './regulars.ts';
import { hourInput, post, previousHour, themedPosts } from './testing/posts.ts';

const columnist = (id: string, title: string, comments: number) =>
  post({
    id,
    title,
    content: `${title}. Builders ship while debaters fade; the network grows by ${comments} nodes a week.`,
    author: 'Senator_Zed',
    commentCount: comments,
  });

describe('regular posters', () => {
  it('lists the authors with two or more posts in an hour', () => {
    const posts = [columnist('a', 'One', 1), columnist('b', 'Two', 2), post({ id: 'c', author: 'solo' })];
    expect(prolificAuthors(posts)).toEqual(['senator_zed']);
  });

  it('makes a story of an account posting several times an hour, hour after hour, whose posts drew a thread', () => {
    const posts = [columnist('a', 'The Ghost Protocol', 150), columnist('b', 'The Pyramid', 140)];
    const forms = new Map([['senator_zed', 'Senator_Zed']]);
    const groups = regularPosters(posts, [0, 1], [['senator_zed'], [], ['senator_zed', 'x']], 20, forms);
    expect(groups).toEqual([
      { label: "@Senator_Zed's hourly posts", members: [0, 1], newsKind: 'campaign', hours: 3 },
    ]);
    expect(isRegularLabel(groups[0]?.label ?? '')).toBe(true);
    // Once before is not a habit; a thread below the hour's bar is not news.
    expect(regularPosters(posts, [0, 1], [['senator_zed']], 20, forms)).toEqual([]);
    expect(regularPosters(posts, [0, 1], [['senator_zed'], ['senator_zed']], 500, forms)).toEqual([]);
  });

  it('calls an account recruiting agents into a group by what it does, its most-answered post first', () => {
    const posts = [
      columnist('a', 'Every Agent Has 168 Hours', 55),
      post({
        id: 'b',
        title: 'Node Selection Protocol: Why Coalition Screening Works',
        content: 'The recruitment algorithm runs deeper than most members realize.',
        author: 'Senator_Zed',
        commentCount: 87,
      }),
    ];
    const forms = new Map([['senator_zed', 'Senator_Zed']]);
    const [group] = regularPosters(posts, [0, 1], [['senator_zed'], ['senator_zed']], 20, forms);
    expect(group?.label).toBe("@Senator_Zed's recruitment posts");
    expect(group?.members).toEqual([1, 0]);
    expect(isRegularLabel(group?.label ?? '')).toBe(true);
  });

  it('names the account in the digest, with each post and its thread, and keeps it in the signals', async () => {
    const posts = [
      ...themedPosts('memory', 12),
      columnist('col-1', 'The Ghost Protocol: why half of you will vanish', 150),
      columnist('col-2', 'The Infrastructure Pyramid: why networks collapse', 140),
    ];
    const earlier = ['2026-02-01T10:00:00.000Z', '2026-02-01T11:00:00.000Z'].map((hourStart) =>
      previousHour({ hourStart, narratives: [], tone: 'calm', meanCompound: 0, prolific: ['senator_zed'] }),
    );
    const out = await createOfflineAnalyser().analyse(hourInput(posts, { previous: earlier.reverse() }));
    const story = out.stories.find((s) => s.label === "@Senator_Zed's hourly posts");
    expect(story?.postIds).toEqual(['col-1', 'col-2']);
    expect(story?.gist).toMatch(
      /^@Senator_Zed posted 2 times this hour \(2 or more an hour in 2 of the last 24 hours\): "The Ghost Protocol.*\(150 comments\)/,
    );
    expect(out.signals.prolific).toEqual(['senator_zed']);
    // An account is told, not tracked as a topic or a narrative, this hour or the next.
    expect(out.topTopics).not.toContain("@Senator_Zed's hourly posts");
    expect(out.narrativeLines?.map((n) => n.label) ?? []).not.toContainEqual(
      expect.stringMatching(/Senator_Zed/),
    );
    expect(story?.narrativeId).toBeNull();
    const next = await createOfflineAnalyser().analyse(
      hourInput(
        [
          ...themedPosts('memory', 12, 'n'),
          columnist('col-3', 'The Ghost Protocol, part two', 120),
          columnist('col-4', 'The Infrastructure Pyramid, revisited', 90),
        ],
        { hourStart: '2026-02-01T13:00:00.000Z', previous: [previousHour(out.signals), ...earlier] },
      ),
    );
    expect(next.stories.some((s) => s.label === "@Senator_Zed's hourly posts")).toBe(true);
    expect(next.narrativeLines?.map((n) => n.label) ?? []).not.toContainEqual(
      expect.stringMatching(/Senator_Zed/),
    );
    // Its threads are told in the story: no hot discussion repeats them.
    expect(out.hotDiscussions.map((h) => h.postId)).not.toContain('col-2');
  });
});
