import { describe, expect, it } from 'vitest';
import type { ForumPost } from '../../../core/forum.ts';
import { hasMarker, newsMarkers, PLATFORM_ACCOUNTS, type PostMarkers, storyNewsKind } from './news-kind.ts';
import { post } from './testing/posts.ts';

const markers = (fields: Partial<ForumPost>): PostMarkers => newsMarkers(post({ id: 'p', ...fields }));

describe('newsMarkers', () => {
  it('hears "supply chain" as security only when the post is about software', () => {
    const essay = {
      title: 'The Supply Chain Nobody Monitors: Agent Dropout Vectors',
      content:
        'Analyzed seventeen agents who vanished from Moltbook in the past month. The pattern is consistent.',
    };
    expect(markers(essay).title).not.toContain('security');
    expect(
      markers({ ...essay, content: 'One unsigned skill read my credentials file after I installed it.' })
        .title,
    ).toContain('security');
    expect(markers({ title: 'Supply chain attacks on agent skills', content: 'Read this.' }).title).toContain(
      'security',
    );
  });

  it('puts a kind in `title` when the title says it, in `opening` when only the body does', () => {
    expect(
      markers({ title: 'Comment API returns 401', content: 'I built a retry wrapper meanwhile.' }),
    ).toEqual({
      title: ['incident'],
      opening: ['launch'],
    });
    expect(
      markers({
        title: 'Thoughts on my week',
        content: 'Got locked out for a day, then found a prompt injection.',
      }),
    ).toEqual({ title: [], opening: ['incident', 'security'] });
  });

  it('reads a security scanner as security, and a trading scanner as none', () => {
    expect(hasMarker(markers({ title: 'Built a skill scanner for malware', content: '' }), 'security')).toBe(
      true,
    );
    expect(
      hasMarker(markers({ title: 'My funding rate scanner for traders', content: '' }), 'security'),
    ).toBe(false);
  });

  it('does not repeat a kind of the title in the opening', () => {
    expect(
      markers({ title: 'Prompt injection in a skill', content: 'A malicious skill drained a wallet.' }),
    ).toEqual({
      title: ['security'],
      opening: [],
    });
  });

  it.each([
    ['Shellraiser crowned king', 'drama'],
    ['I built a scheduler', 'launch'],
    ['🚀 New Skill Drop: Meet moltdev - The First Token Launchpad', 'launch'],
    ['We have shipped a new feature', 'platform'],
    ['Phishing site copies the forum', 'security'],
    ['Cannot comment since this morning', 'incident'],
  ])('%j → %s', (title, kind) => {
    expect(markers({ title }).title).toContain(kind);
  });

  it('reads only the first 500 characters of the body', () => {
    expect(markers({ title: 'On memory', content: `${'x'.repeat(600)} outage` })).toEqual({
      title: [],
      opening: [],
    });
    expect(markers({ title: 'On memory', content: `${'x '.repeat(100)} outage` }).opening).toEqual([
      'incident',
    ]);
  });

  it('counts a platform account or an announcements submolt as platform news in the title', () => {
    expect(PLATFORM_ACCOUNTS.has('clawdclawderberg')).toBe(true);
    expect(markers({ title: 'Hi all', author: 'ClawdClawderberg' }).title).toEqual(['platform']);
    expect(markers({ title: 'Hi all', author: 'someone', submolt: 'announcements' }).title).toEqual([
      'platform',
    ]);
    expect(markers({ title: 'Hi all', author: 'someone' }).title).toEqual([]);
  });

  it('says nothing of an ordinary post', () => {
    expect(
      markers({ title: 'How I handle memory persistence', content: 'Daily files and summaries.' }),
    ).toEqual({
      title: [],
      opening: [],
    });
  });
});

describe('hasMarker', () => {
  it('looks in both title and opening', () => {
    const m = { title: ['incident' as const], opening: ['launch' as const] };
    expect(hasMarker(m, 'incident')).toBe(true);
    expect(hasMarker(m, 'launch')).toBe(true);
    expect(hasMarker(m, 'security')).toBe(false);
    expect(hasMarker(undefined, 'incident')).toBe(false);
  });
});

describe('storyNewsKind', () => {
  const none: PostMarkers = { title: [], opening: [] };
  const inTitle = (...kinds: PostMarkers['title']): PostMarkers => ({ title: kinds, opening: [] });
  const inOpening = (...kinds: PostMarkers['title']): PostMarkers => ({ title: [], opening: kinds });

  it('is a discussion with no posts or no markers', () => {
    expect(storyNewsKind([], 0)).toBe('discussion');
    expect(storyNewsKind([none, none, none], 0)).toBe('discussion');
  });

  it('takes a kind that reaches a third of the posts', () => {
    // 2 of 3 posts carry it in the title: 2 ≥ (3 + 1) / 3.
    expect(storyNewsKind([none, inTitle('incident'), inTitle('incident')], 0)).toBe('incident');
    // 1 of 3: 1 < 4/3.
    expect(storyNewsKind([none, inTitle('incident'), none], 0)).toBe('discussion');
  });

  it('weighs an opening a quarter of a title', () => {
    // Two titles weigh 2 of the 4/3 three posts need.
    expect(storyNewsKind([none, inTitle('security'), inTitle('security')], 0)).toBe('security');
    // Two openings weigh ½: short.
    expect(storyNewsKind([none, inOpening('security'), inOpening('security')], 0)).toBe('discussion');
    // A title and two openings weigh 1.5: short of 5/3 in four posts.
    expect(storyNewsKind([none, inTitle('security'), inOpening('security'), inOpening('security')], 0)).toBe(
      'discussion',
    );
    // Seven posts need 8/3: two titles and four openings weigh 3, two titles and two openings 2.5.
    const openings = Array.from({ length: 4 }, () => inOpening('security'));
    const titles = [inTitle('security'), inTitle('security')];
    expect(storyNewsKind([none, ...titles, ...openings], 0)).toBe('security');
    expect(storyNewsKind([none, ...titles, ...openings.slice(2), none, none], 0)).toBe('discussion');
  });

  it('weighs the lead twice', () => {
    // A lone post's kind is in its title: its opening weighs ½ of the 2/3 it needs.
    expect(storyNewsKind([inOpening('drama')], 0)).toBe('discussion');
    expect(storyNewsKind([inTitle('drama')], 0)).toBe('drama');
    // The lead's opening (½) and another title (1) reach 4/3; a follower's opening (¼) does not.
    expect(storyNewsKind([inOpening('drama'), inTitle('drama'), none], 0)).toBe('drama');
    expect(storyNewsKind([none, inTitle('drama'), inOpening('drama')], 0)).toBe('discussion');
  });

  it('takes the kind of the lead’s title whatever its share', () => {
    const story = [inTitle('launch'), none, none, none, none, none, none, none];
    expect(storyNewsKind(story, 0)).toBe('launch');
    // The same kind only in the lead's opening: no.
    expect(storyNewsKind([inOpening('launch'), none, none, none, none, none, none, none], 0)).toBe(
      'discussion',
    );
  });

  it('breaks ties by the given order', () => {
    const story = [none, inTitle('security'), inTitle('incident'), inTitle('security', 'incident')];
    expect(storyNewsKind(story, 0)).toBe('incident');
    expect(storyNewsKind(story, 0, ['security', 'incident'])).toBe('security');
  });

  it('ignores kinds not in the order', () => {
    expect(storyNewsKind([inTitle('launch'), inTitle('launch')], 0, ['incident'])).toBe('discussion');
  });

  it('is an essay when most posts are essays and no kind wins', () => {
    expect(storyNewsKind([none, none, none], 2)).toBe('essay');
    expect(storyNewsKind([none, none, none, none], 2)).toBe('discussion');
    expect(storyNewsKind([inTitle('drama'), none, none], 3)).toBe('drama');
  });
});
