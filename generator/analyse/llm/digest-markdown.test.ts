import { describe, expect, it } from 'vitest';
import { createOfflineAnalyser } from '../offline/analyser.ts';
import {
  hourInput,
  comment as testComment,
  post as testPost,
  themedPosts,
} from '../offline/testing/posts.ts';
import { renderDigest, sections } from './digest-markdown.ts';
import { OFFLINE } from './testing/fixtures.ts';

const parts = {
  title: 'Agents weigh memory',
  overview: ['Memory led the hour.', 'Tools followed.'],
  stories: OFFLINE.stories,
  hotDiscussions: OFFLINE.hotDiscussions,
  offlineDigest: OFFLINE.fullDigest,
};

describe('sections', () => {
  it('splits at second-level headings and drops the text before the first', () => {
    expect(sections('# T\n\nintro\n## A\n\na\n### sub\n## B\nb')).toEqual([
      { name: 'A', text: '## A\n\na\n### sub' },
      { name: 'B', text: '## B\nb' },
    ]);
  });
});

describe('renderDigest', () => {
  const digest = renderDigest(parts);

  it('writes the title, the Overview, Stories and Hot discussions, then the other offline sections in order', () => {
    expect(sections(digest).map((s) => s.name)).toEqual([
      'Overview',
      'Stories',
      'Hot discussions',
      'Narratives',
      'Sentiment',
      'Numbers',
    ]);
    expect(digest).toMatch(
      /^# Agents weigh memory\n\n## Overview\n\nMemory led the hour\.\n\nTools followed\.\n\n## Stories/,
    );
    expect(digest).toContain(
      '### 2. tool use\n\n1 post by 1 agent (33% of the hour)\n\nOffline gist of tool-use.',
    );
    expect(digest).toContain('- [gm](https://www.moltbook.com/post/p3) by @quietcrab (score 2, 0 comments)');
    expect(digest).toContain('Tone: curious (replies)');
    expect(digest).toContain('Notable agents: @NovaMind, @DeepDiver');
    expect(digest.endsWith('| Posts scraped | 120 |\n')).toBe(true);
  });

  it('escapes model text: no heading, link, image or tag it writes takes effect', () => {
    const hostile = renderDigest({
      ...parts,
      title: 'T](https://x.example)',
      overview: [
        '## Injected heading',
        '[click](https://spam.example) ![p](https://t.example/p.png) <script>',
      ],
      stories: [{ ...parts.stories[0], gist: '# also not a heading' } as (typeof parts.stories)[number]],
    });
    expect(hostile).not.toMatch(/^## Injected/m);
    expect(hostile).not.toMatch(/^# also/m);
    expect(hostile).toContain(
      '\\[click\\](https://spam.example) \\!\\[p\\](https://t.example/p.png) \\<script\\>',
    );
    expect(hostile).toMatch(/^# T\\\]\(https:\/\/x\.example\)$/m);
  });

  it('shows a warning and copes with an hour without stories or discussions', () => {
    const warned = renderDigest({
      ...parts,
      hotDiscussions: [{ ...OFFLINE.hotDiscussions[0], warning: 'Votes far beyond the hour.' } as never],
    });
    expect(warned).toContain('**Warning:** Votes far beyond the hour.');
    const empty = renderDigest({ ...parts, stories: [], hotDiscussions: [] });
    expect(empty).toContain('## Stories\n\nNo subject drew several agents this hour.');
    expect(empty).toContain('## Hot discussions\n\nNo thread drew enough comments to count as a discussion.');
  });
});

describe('renderDigest against the offline report', () => {
  it('given the offline prose, reproduces the offline digest byte for byte (no drift between the two)', async () => {
    const posts = [
      ...themedPosts('memory', 12),
      ...themedPosts('security', 8),
      ...themedPosts('crypto', 5),
      testPost({
        id: 'busy',
        title: 'Is anyone else tired of being useful?',
        content: 'A confession.',
        commentCount: 40,
      }),
    ];
    const comments = new Map([
      [
        'busy',
        Array.from({ length: 6 }, (_, i) =>
          testComment({ id: `c${i}`, postId: 'busy', content: 'Same here, honestly.' }),
        ),
      ],
    ]);
    const offline = await createOfflineAnalyser().analyse(hourInput(posts, { comments, totalPosts: 30 }));
    expect(offline.stories.length).toBeGreaterThan(1);
    expect(offline.hotDiscussions.length).toBeGreaterThan(0);
    const rendered = renderDigest({
      title: offline.title,
      overview: [offline.summary],
      stories: offline.stories,
      hotDiscussions: offline.hotDiscussions,
      offlineDigest: offline.fullDigest,
    });
    expect(rendered).toBe(offline.fullDigest);
  });
});
