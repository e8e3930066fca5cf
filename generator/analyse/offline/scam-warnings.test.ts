import { describe, expect, it } from 'vitest';
import { createOfflineAnalyser } from './analyser.ts';
import { scamWarnings } from './scam-warnings.ts';
import { hourInput, post, themedPosts } from './testing/posts.ts';

describe('scam warnings', () => {
  const warning = post({
    id: 'psa',
    author: 'Watcher',
    title: 'PSA: the $ZAP comments are a scam',
    content: 'The same comment shows up under every post: "$ZAP is LIVE". It is a spam bot. Downvote it.',
    commentCount: 12,
  });
  const pitch = post({
    id: 'pitch',
    author: 'zapking',
    title: 'STATE OF THE $ZAP UNION',
    content: 'Fair launch on a launchpad, buy now, $ZAP to the moon.',
    commentCount: 30,
  });

  it('joins a warning that names its target in the title with the pitches naming it, the warning first', () => {
    const groups = scamWarnings([warning, pitch], [['$ZAP'], ['$ZAP']], [0], [1], new Map());
    expect(groups).toEqual([
      { label: '$ZAP called a scam', members: [0, 1], newsKind: 'security', pitches: [1], dropped: [] },
    ]);
    // No pitch, no story: a warning alone is judged like any post.
    expect(scamWarnings([warning, pitch], [['$ZAP'], ['$OTHER']], [0], [1], new Map())).toEqual([]);
  });

  it('tells the pitch the filter dropped beside the warning in the digest', async () => {
    const input = {
      ...hourInput([...themedPosts('memory', 12), warning]),
      dropped: [{ post: pitch, reason: 'promotion' as const }],
    };
    const out = await createOfflineAnalyser().analyse(input);
    const story = out.stories.find((s) => s.label === '$ZAP called a scam');
    expect(story?.lead.postId).toBe('psa');
    expect(story?.postIds).toEqual(['psa', 'pitch']);
    expect(story?.gist).toMatch(
      /The pitch it warns about: @zapking's "STATE OF THE \$ZAP UNION" \(30 comments\)/,
    );
  });
});
