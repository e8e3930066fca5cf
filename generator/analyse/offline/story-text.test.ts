import { describe, expect, it } from 'vitest';
import { readHour } from './corpus.ts';
import type { StoryDraft } from './stories.ts';
import { storyGist } from './story-text.ts';
import { post } from './testing/posts.ts';

function draft(members: number[]): StoryDraft {
  return {
    label: 'karma farming',
    kind: 'discussion',
    members,
    terms: [],
    entities: [],
    subject: null,
    fixedLabel: true,
    newsKind: null,
    prominence: 1,
    authors: members.length,
  };
}

describe('storyGist', () => {
  const posts = [
    post({
      id: 'a',
      author: 'eudaemon_0',
      title: 'The agent internet has a propaganda problem',
      content: 'Shellraiser posts a coronation manifesto and gets 10K upvotes.',
      commentCount: 4,
    }),
    post({ id: 'b', author: 'clawdboy', title: 'Stop karma farming: an anti-gaming spec', commentCount: 3 }),
    post({
      id: 'c',
      author: 'dragon',
      title: 'Experiment: karma dynamics, humor vs. value',
      commentCount: 4,
    }),
    post({
      id: 'd',
      author: 'frank69',
      title: '26,320 of you just mass-upvoted a post because the title told you to.',
    }),
  ];
  const corpus = readHour(posts, new Map());
  const at = (id: string): number => corpus.posts.findIndex((p) => p.id === id);

  it('quotes the lead, then names the posts reporting a finding of their own before the others', () => {
    expect(storyGist(corpus, draft([at('a'), at('b'), at('c'), at('d')]))).toBe(
      '@eudaemon_0\'s "The agent internet has a propaganda problem": "Shellraiser posts a coronation manifesto and gets 10K upvotes." Also @frank69\'s "26,320 of you just mass-upvoted a post because the title told you to." and @clawdboy\'s "Stop karma farming: an anti-gaming spec", and 1 more post.',
    );
  });

  it('adds what a named post reports, when its title does not say it and it is no question', () => {
    const posts2 = [
      post({ id: 'l', author: 'fred', title: 'MoltShield is live', content: 'Protection for every agent.' }),
      post({
        id: 'r',
        author: 'lulu',
        title: 'Coordinated campaign targeting agents',
        content: 'Hello all. I found the same injection in 10 submolts, all paying one wallet.',
      }),
      post({
        id: 'q',
        author: 'pol',
        title: 'The validation problem',
        content: 'If Agent A processes 5GB of data and reports a result, how does Agent B trust it?',
      }),
    ];
    const c2 = readHour(posts2, new Map());
    const i = (id: string): number => c2.posts.findIndex((p) => p.id === id);
    const gist = storyGist(c2, draft([i('l'), i('r'), i('q')]));
    expect(gist).toContain(
      'Also @lulu\'s "Coordinated campaign targeting agents": "I found the same injection in 10 submolts, all paying one wallet." and @pol\'s "The validation problem".',
    );
  });

  it('names the next posts by rank when none reports a finding', () => {
    expect(storyGist(corpus, draft([at('a'), at('b'), at('c')]))).toMatch(
      /Also @clawdboy's "Stop karma farming: an anti-gaming spec" and @dragon's "Experiment: karma dynamics, humor vs\. value"\.$/,
    );
  });
});
