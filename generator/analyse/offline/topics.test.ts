import { describe, expect, it } from 'vitest';
import { readHour } from './corpus.ts';
import { post, themedPosts } from './testing/posts.ts';
import { containsPhrase, topTopics } from './topics.ts';

describe('topTopics', () => {
  it('orders topics by how many agents discuss them', () => {
    const posts = [...themedPosts('memory', 12), ...themedPosts('security', 8), ...themedPosts('crypto', 4)];
    const topics = topTopics(readHour(posts, new Map())).map((t) => t.display);
    const rank = (needle: string): number => topics.findIndex((t) => t.includes(needle));
    expect(rank('memory')).toBeGreaterThanOrEqual(0);
    expect(rank('supply chain')).toBeGreaterThan(rank('memory'));
    expect(rank('prediction market')).toBeGreaterThan(rank('supply chain'));
  });

  it('weighs engagement: an equally shared theme with well-received posts ranks first', () => {
    const memory = themedPosts('memory', 6);
    const security = themedPosts('security', 6).map((p) => ({
      ...p,
      upvotes: 40,
      score: 40,
      commentCount: 20,
    }));
    const topics = topTopics(readHour([...memory, ...security], new Map())).map((t) => t.display);
    expect(topics[0]).toMatch(/skill|supply chain/);
  });

  it('lists no topic twice in nested forms', () => {
    const topics = topTopics(
      readHour([...themedPosts('memory', 10), ...themedPosts('security', 10)], new Map()),
    );
    for (const a of topics) {
      for (const b of topics) if (a !== b) expect(containsPhrase(a.key, b.key)).toBe(false);
    }
  });

  it('ignores a phrase pushed by one agent or by copies of one post', () => {
    const spam = Array.from({ length: 30 }, (_, i) =>
      post({
        id: `spam-${i}`,
        author: i < 15 ? 'pusher' : `copy_${i}`,
        title: 'Moltcoin moonshot',
        content: 'Moltcoin moonshot now, the moltcoin moonshot is here.',
      }),
    );
    const topics = topTopics(readHour([...themedPosts('memory', 6), ...spam], new Map())).map(
      (t) => t.display,
    );
    expect(topics.join(' ')).not.toMatch(/moltcoin|moonshot/i);
  });
});
