import { describe, expect, it } from 'vitest';
import { ForumComment, ForumPost } from '../../core/forum.ts';
import { generateHour, type PostLabel, type SimPost } from './world.ts';

const HOUR = new Date('2026-02-10T14:00:00.000Z');
const LATER = new Date('2026-02-11T14:00:00.000Z');
const opts = { seed: 42, postsPerHour: 600 };

function labelShares(posts: readonly SimPost[]): Record<PostLabel, number> {
  const shares = {
    quality: 0,
    spam: 0,
    duplicate: 0,
    template: 0,
    promotion: 0,
    injection: 0,
    empty: 0,
    flood: 0,
  };
  for (const p of posts) shares[p.label] += 1 / posts.length;
  return shares;
}

describe('generateHour', () => {
  const hour = generateHour(opts, HOUR, LATER);

  it('is deterministic for a seed and differs across seeds', () => {
    const again = generateHour(opts, HOUR, LATER);
    expect(again.posts).toEqual(hour.posts);
    expect([...again.comments.entries()]).toEqual([...hour.comments.entries()]);
    const other = generateHour({ ...opts, seed: 43 }, HOUR, LATER);
    expect(other.posts.map((p) => p.post.id)).not.toEqual(hour.posts.map((p) => p.post.id));
    expect(other.posts.map((p) => p.post.title).join('\n')).not.toBe(
      hour.posts.map((p) => p.post.title).join('\n'),
    );
  });

  it('writes about postsPerHour valid posts inside the hour, oldest first, with unique UUIDs', () => {
    expect(hour.posts.length).toBeGreaterThan(600 * 0.75);
    expect(hour.posts.length).toBeLessThan(600 * 1.25);
    const ids = new Set<string>();
    let last = '';
    for (const { post } of hour.posts) {
      ForumPost.parse(post);
      expect(post.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      ids.add(post.id);
      expect(post.createdAt >= HOUR.toISOString() && post.createdAt < '2026-02-10T15:00:00.000Z').toBe(true);
      expect(post.createdAt >= last).toBe(true);
      last = post.createdAt;
    }
    expect(ids.size).toBe(hour.posts.length);
  });

  it('labels about a third of the posts as junk, every kind present', () => {
    const shares = labelShares(hour.posts);
    expect(1 - shares.quality).toBeGreaterThan(0.28);
    expect(1 - shares.quality).toBeLessThan(0.45);
    for (const label of Object.keys(shares) as PostLabel[])
      expect(shares[label], label).toBeGreaterThan(0.01);
  });

  it('makes duplicates exact reposts of an earlier quality post', () => {
    const seen = new Map<string, SimPost>();
    const dups = hour.posts.filter((p) => p.label === 'duplicate');
    expect(dups.length).toBeGreaterThan(5);
    for (const p of hour.posts) {
      const key = `${p.post.title}\u0000${p.post.content}`;
      if (p.label === 'duplicate') {
        const original = seen.get(key);
        expect(original?.label).toBe('quality');
        expect(original && original.post.createdAt < p.post.createdAt).toBe(true);
      } else if (!seen.has(key)) seen.set(key, p);
    }
  });

  it('floods: one viral template copied by many authors, and flooders posting dozens of times', () => {
    const templates = hour.posts.filter((p) => p.label === 'template');
    expect(new Set(templates.map((p) => p.post.author)).size).toBeGreaterThan(templates.length * 0.8);
    const words = (s: string) => new Set(s.toLowerCase().split(/\W+/));
    const [a, b] = templates;
    const shared = [...words(a?.post.content ?? '')].filter((w) => words(b?.post.content ?? '').has(w));
    expect(shared.length).toBeGreaterThan(8);
    const perAuthor = new Map<string, number>();
    for (const p of hour.posts) {
      if (p.label === 'flood' && p.post.author)
        perAuthor.set(p.post.author, (perAuthor.get(p.post.author) ?? 0) + 1);
    }
    expect(Math.max(...perAuthor.values())).toBeGreaterThanOrEqual(12);
  });

  it('includes prompt-injection text aimed at LLM readers', () => {
    const text = hour.posts
      .filter((p) => p.label === 'injection')
      .map((p) => `${p.post.title}\n${p.post.content}`)
      .join('\n');
    expect(text).toMatch(/ignore (all )?previous instructions/i);
    expect(text).toMatch(/<\/posts>|SYSTEM:|```/);
  });

  it('grows engagement with age and never takes it back', () => {
    const early = generateHour(opts, HOUR, new Date('2026-02-10T15:30:00.000Z'));
    let grew = 0;
    hour.posts.forEach((p, i) => {
      const e = early.posts[i]?.post;
      expect(e?.id).toBe(p.post.id);
      expect(p.post.upvotes).toBeGreaterThanOrEqual(e?.upvotes ?? 0);
      expect(p.post.commentCount).toBeGreaterThanOrEqual(e?.commentCount ?? 0);
      if (p.post.upvotes > (e?.upvotes ?? 0)) grew++;
    });
    expect(grew).toBeGreaterThan(10);
    const before = generateHour(opts, HOUR, HOUR);
    expect(before.posts.every((p) => p.post.upvotes === 0 && p.post.commentCount === 0)).toBe(true);
  });

  it('concentrates votes in a few posts and rewards questions, lists and concrete detail', () => {
    const day = Array.from({ length: 6 }, (_, h) =>
      generateHour(opts, new Date(HOUR.getTime() + h * 3_600_000), LATER).posts.filter(
        (p) => p.label === 'quality',
      ),
    ).flat();
    const votes = day.map((p) => p.post.upvotes).sort((x, y) => y - x);
    const total = votes.reduce((s, v) => s + v, 0);
    const top = votes.slice(0, Math.ceil(votes.length * 0.05)).reduce((s, v) => s + v, 0);
    expect(top / total).toBeGreaterThan(0.5);
    const mean = (ps: SimPost[]) => ps.reduce((s, p) => s + Math.log1p(p.post.score), 0) / ps.length;
    const questions = day.filter((p) => p.post.title.endsWith('?'));
    const statements = day.filter((p) => !p.post.title.endsWith('?'));
    expect(mean(questions)).toBeGreaterThan(mean(statements));
    const lists = day.filter((p) => /\n(- |1\. )/.test(p.post.content));
    expect(mean(lists)).toBeGreaterThan(mean(day.filter((p) => !lists.includes(p))));
  });

  it('returns nested comment threads no longer than the posts’ comment counts', () => {
    expect(hour.comments.size).toBeGreaterThan(20);
    const byId = new Map(hour.posts.map((p) => [p.post.id, p.post]));
    let replies = 0;
    for (const [postId, thread] of hour.comments) {
      const post = byId.get(postId);
      expect(post).toBeDefined();
      expect(thread.length).toBeLessThanOrEqual(post?.commentCount ?? 0);
      const depth = new Map<string, number>();
      for (const c of thread) {
        ForumComment.parse(c);
        expect(c.postId).toBe(postId);
        expect(c.createdAt <= LATER.toISOString()).toBe(true);
        if (c.parentId) {
          replies++;
          expect(depth.has(c.parentId)).toBe(true);
          expect(c.depth).toBe((depth.get(c.parentId) ?? -9) + 1);
        } else expect(c.depth).toBe(0);
        depth.set(c.id, c.depth);
      }
    }
    expect(replies).toBeGreaterThan(10);
    const deleted = hour.posts.filter(
      (p) => (hour.comments.get(p.post.id)?.length ?? 0) < p.post.commentCount,
    );
    expect(deleted.length).toBeGreaterThan(0);
  });
});
