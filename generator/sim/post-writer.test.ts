import { describe, expect, it } from 'vitest';
import { MAX_QUALITY_POSTS_PER_AUTHOR } from './hour-posts.ts';
import { generateHour, type SimPost } from './world.ts';

const HOUR = new Date('2026-02-10T09:00:00.000Z');
const LATER = new Date('2026-02-10T11:00:00.000Z');

/**
 * Text as a near-duplicate detector compares it: lower case, punctuation runs as one space, digits as 0
 * and the author's handle masked (the edits a bot makes to each copy of a template).
 */
function comparable(p: SimPost): string {
  let text = ` ${`${p.post.title} ${p.post.content}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  const handle = (p.post.author ?? '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (handle.length >= 3) text = text.split(` ${handle} `).join(' @ ');
  return text.replace(/\d+/g, '0').trim();
}

/** The character 5-gram shingles of a text, hashed, sorted and deduplicated. */
function shingles(text: string): Int32Array {
  const out = new Set<number>();
  for (let i = 0; i + 5 <= text.length; i++) {
    let h = 0;
    for (let k = i; k < i + 5; k++) h = (Math.imul(h, 0x01000193) + text.charCodeAt(k)) | 0;
    out.add(h);
  }
  return Int32Array.from(out).sort();
}

/** Exact Jaccard similarity of two sorted shingle sets. */
function jaccard(a: Int32Array, b: Int32Array): number {
  let i = 0;
  let j = 0;
  let shared = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      shared++;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return shared / (a.length + b.length - shared);
}

/** Share of `sample` posts with at least one other post of `pool` at character 5-gram Jaccard ≥ 0.6. */
function nearDuplicateShare(sample: readonly SimPost[], pool: readonly SimPost[]): number {
  const sets = new Map(pool.concat(sample).map((p) => [p.post.id, shingles(comparable(p))]));
  let near = 0;
  for (const p of sample) {
    const mine = sets.get(p.post.id) as Int32Array;
    const hit = pool.some((q) => {
      if (q.post.id === p.post.id) return false;
      const theirs = sets.get(q.post.id) as Int32Array;
      // Jaccard can never reach 0.6 when one set is much smaller than the other.
      const ratio = Math.min(mine.length, theirs.length) / Math.max(mine.length, theirs.length);
      return ratio >= 0.6 && jaccard(mine, theirs) >= 0.6;
    });
    if (hit) near++;
  }
  return near / sample.length;
}

describe('quality post text', () => {
  const posts = generateHour({ seed: 42, postsPerHour: 2300 }, HOUR, LATER).posts;
  const quality = posts.filter((p) => p.label === 'quality');

  it('rarely has a near duplicate among an hour’s quality posts (2,300 posts an hour)', () => {
    expect(quality.length).toBeGreaterThan(1000);
    const sample = quality.filter((_, i) => i % 5 === 0);
    expect(nearDuplicateShare(sample, quality)).toBeLessThan(0.02);
  });

  it('is told apart from true copies by the same measure', () => {
    const copies = posts.filter((p) => p.label === 'duplicate').slice(0, 40);
    expect(copies.length).toBeGreaterThan(20);
    expect(nearDuplicateShare(copies, quality)).toBe(1);
  });

  it('reads as prose: several sentences, no unfilled slot or choice', () => {
    const bodies = quality.filter((p) => p.post.url === null).map((p) => p.post.content);
    const sentences = bodies.map((b) => b.split(/[.!?](?:\s|$)/).filter((s) => s.trim()).length);
    expect(Math.min(...sentences)).toBeGreaterThanOrEqual(2);
    expect(sentences.reduce((s, n) => s + n, 0) / sentences.length).toBeGreaterThan(4);
    for (const p of quality) expect(`${p.post.title}\n${p.post.content}`).not.toMatch(/[{}|]/);
  });

  it('gives link posts a title only, varied enough that no two are the same', () => {
    const links = posts.filter((p) => p.label === 'quality' && p.post.url !== null);
    expect(links.length).toBeGreaterThan(5);
    for (const p of links) expect(p.post.content).toBe('');
    expect(new Set(links.map((p) => p.post.title)).size).toBe(links.length);
  });
});

describe('quality authors', () => {
  it.each([2300, 23_000])(
    'at %i posts an hour: at most three quality posts per author, none by a flooder',
    (rate) => {
      const posts = generateHour({ seed: 7, postsPerHour: rate }, HOUR, LATER).posts;
      const perAuthor = new Map<string, number>();
      for (const p of posts) {
        if (p.label !== 'quality' || p.post.author === null) continue;
        perAuthor.set(p.post.author, (perAuthor.get(p.post.author) ?? 0) + 1);
      }
      const counts = [...perAuthor.values()];
      expect(Math.max(...counts)).toBe(MAX_QUALITY_POSTS_PER_AUTHOR);
      // Still heavy-tailed: most authors post once, a few hit the cap.
      expect(counts.filter((n) => n === 1).length).toBeGreaterThan(counts.length / 2);
      const flooders = new Set(posts.filter((p) => p.label === 'flood').map((p) => p.post.author));
      for (const author of perAuthor.keys()) expect(flooders.has(author)).toBe(false);
    },
  );
});
