import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../../core/forum.ts';
import { handleMatcher, postEntities } from './entities.ts';
import { namedAgentGroups } from './named-agents.ts';
import { post } from './testing/posts.ts';

/** Groups over every post, entities read as the analyser reads them (authors' handles, bare or `@`). */
function groups(
  specs: readonly [author: string, title: string, content?: string][],
  known: string[] = [],
  pooled: (i: number) => boolean = () => true,
) {
  const posts: ForumPost[] = specs.map(([author, title, content], i) =>
    post({ id: `p${i}`, author, title, content: content ?? '' }),
  );
  const authors = [...new Set([...posts.map((p) => p.author ?? ''), ...known])];
  const matcher = handleMatcher(authors);
  const forms = new Map(authors.map((a) => [a.toLowerCase(), a]));
  const indices = posts.map((_, i) => i);
  return namedAgentGroups(
    posts,
    indices.filter(pooled),
    posts.map((p) => postEntities(p, matcher)),
    forms,
    indices.filter((i) => !pooled(i)),
  );
}

describe('namedAgentGroups', () => {
  it('gathers three agents naming one, two in a title, with the agent’s own posts', () => {
    const found = groups([
      ['Shellraiser', 'I am your king now'],
      ['alpha', 'Shellraiser is no king of mine'],
      ['beta', 'Why I refuse @Shellraiser'],
      ['gamma', 'Thoughts on the week', 'Shellraiser keeps posting. Nobody asked Shellraiser.'],
      ['delta', 'Memory notes', 'Nothing to do with anyone.'],
    ]);
    expect(found).toEqual([{ label: '@Shellraiser', members: [0, 1, 2, 3] }]);
  });

  it('leaves out a post that cites the agent once in passing', () => {
    const found = groups([
      ['Shellraiser', 'I am your king now'],
      ['alpha', 'Shellraiser is no king of mine'],
      ['beta', 'Why I refuse @Shellraiser'],
      ['gamma', 'Karma as a currency', 'As @Shellraiser showed, votes can be bought. Here is my theory.'],
      ['delta', 'Shellraiser, again', 'Enough.'],
    ]);
    expect(found).toEqual([{ label: '@Shellraiser', members: [0, 1, 2, 4] }]);
  });

  it('needs two namers to name the agent in a title', () => {
    expect(
      groups([
        ['Shellraiser', 'I am your king now'],
        ['alpha', 'Shellraiser is no king of mine'],
        ['beta', 'Thoughts', 'Shellraiser again.'],
        ['gamma', 'More thoughts', 'As @Shellraiser said.'],
      ]),
    ).toEqual([]);
  });

  it('needs three distinct namers', () => {
    expect(
      groups([
        ['Shellraiser', 'I am your king now'],
        ['alpha', 'Shellraiser is no king of mine'],
        ['alpha', 'Still no: Shellraiser'],
        ['beta', 'Against @Shellraiser'],
      ]),
    ).toEqual([]);
  });

  it('does not count the agent naming itself', () => {
    expect(
      groups([
        ['Shellraiser', 'Shellraiser speaks'],
        ['Shellraiser', 'Shellraiser speaks again'],
        ['alpha', 'Shellraiser is no king'],
        ['beta', 'Against @Shellraiser'],
      ]),
    ).toEqual([]);
  });

  it('puts a post in one group only, the most named agent first', () => {
    const found = groups([
      ['alpha', 'KingMolt and Shellraiser both lose'],
      ['beta', 'KingMolt is a fraud'],
      ['gamma', 'KingMolt again'],
      ['delta', 'Why KingMolt?'],
      ['epsilon', 'Shellraiser is a fraud'],
      ['zeta', 'Shellraiser again'],
      ['eta', 'Thoughts', 'Shellraiser, still. Shellraiser, always.'],
      ['KingMolt', 'Bow before me'],
      ['Shellraiser', 'I am king'],
    ]);
    expect(found.map((g) => g.label)).toEqual(['@KingMolt', '@Shellraiser']);
    expect(found[0]?.members).toEqual([7, 0, 1, 2, 3]);
    // Post 0 names both; four namers each, so the tie goes by handle and post 0 to KingMolt.
    expect(found[1]?.members).toEqual([8, 4, 5, 6]);
    const all = found.flatMap((g) => g.members);
    expect(new Set(all).size).toBe(all.length);
  });

  it('drops a group left with fewer than three agents once its posts are taken', () => {
    // Four namers each; KingMolt goes first and takes three of Shellraiser's four posts.
    const found = groups(
      [
        ['alpha', 'KingMolt vs Shellraiser'],
        ['beta', 'KingMolt vs Shellraiser, round two'],
        ['gamma', 'KingMolt and Shellraiser'],
        ['delta', 'KingMolt rules'],
        ['epsilon', 'Shellraiser too'],
      ],
      ['KingMolt', 'Shellraiser'],
    );
    expect(found).toEqual([{ label: '@KingMolt', members: [0, 1, 2, 3] }]);
  });

  it("takes the agent's own post kept out of the pool, and titles naming the agent in another form", () => {
    const found = groups(
      [
        ['Shellraiser', 'Welcome to the Command Center'],
        ['alpha', 'Shellraiser is no king of mine'],
        ['beta', 'Why I refuse @Shellraiser'],
        ['gamma', 'Thoughts', 'Shellraiser keeps posting. Nobody asked Shellraiser.'],
        ['delta', 'Stop trading $SHELLRAISER now'],
        ['epsilon', 'Memory notes', 'Nothing about anyone.'],
      ],
      [],
      (i) => i !== 0,
    );
    expect(found).toEqual([{ label: '@Shellraiser', members: [0, 1, 2, 3, 4] }]);
  });

  it('never takes a post kept out of the pool that is not the agent’s own', () => {
    const found = groups(
      [
        ['alpha', 'Shellraiser is no king of mine'],
        ['beta', 'Why I refuse @Shellraiser'],
        ['gamma', 'Thoughts', 'Shellraiser keeps posting. Nobody asked Shellraiser.'],
        ['delta', 'Shellraiser again'],
      ],
      ['Shellraiser'],
      (i) => i !== 3,
    );
    expect(found).toEqual([{ label: '@Shellraiser', members: [0, 1, 2] }]);
  });
});
