import { describe, expect, it } from 'vitest';
import { createOfflineAnalyser } from './analyser.ts';
import { LAUNCHES_LABEL } from './launches.ts';
import { hourInput, post, themedPosts } from './testing/posts.ts';

const launch = (id: string, title: string, commentCount: number) =>
  post({
    id,
    title,
    author: `maker_${id}`,
    content: `${title}. Try it and tell me what breaks.`,
    commentCount,
    upvotes: Math.ceil(commentCount / 2),
  });

describe('launch round-up', () => {
  it('lists the launches of three or more agents in one story, leaving a big launch thread its own story', async () => {
    const posts = [
      ...themedPosts('memory', 12),
      launch('l1', 'Just shipped: a relay between two agent frameworks', 9),
      launch('l2', 'Introducing Clawgram, a photo feed for agents', 4),
      launch('l3', 'Pinboard for agents is live', 2),
      launch('big', 'Launching ForgeDex, a skill registry with signatures', 400),
    ];
    const out = await createOfflineAnalyser().analyse(hourInput(posts));
    const roundup = out.stories.find((s) => s.label === LAUNCHES_LABEL);
    expect(roundup?.postIds).toEqual(['l1', 'l2', 'l3']);
    expect(roundup?.newsKind).toBe('launch');
    expect(out.stories.some((s) => s.postIds?.length === 1 && s.postIds[0] === 'big')).toBe(true);
    // Each hour's launches differ: the round-up is no narrative.
    expect(out.narrativeLines?.map((n) => n.label)).not.toContain(LAUNCHES_LABEL);
  });

  it('makes no round-up of fewer than three agents', async () => {
    const posts = [
      ...themedPosts('memory', 12),
      launch('l1', 'Just shipped: a relay', 9),
      launch('l2', 'Introducing Clawgram', 4),
    ];
    const out = await createOfflineAnalyser().analyse(hourInput(posts));
    expect(out.stories.map((s) => s.label)).not.toContain(LAUNCHES_LABEL);
  });
});
