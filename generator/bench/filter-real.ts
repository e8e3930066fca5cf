/**
 * Runs the quality filter on real forum posts, one clock hour at a time, and prints what it dropped.
 *
 *   npx tsx generator/bench/filter-real.ts <path/to/posts.jsonl>
 *
 * The file is one JSON object a line in the flat shape of the shared Moltbook sample (`author_name`,
 * `submolt_name`, `created_at`, …). It is read, never copied. Exits 1 when the path is missing or a
 * row does not parse.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { ForumPost } from '../../core/forum.ts';
import { postFeatures } from '../filter/features.ts';
import { DROP_REASONS, type DropReason, filterPosts } from '../filter/index.ts';
import { promotionScore } from '../filter/promotion.ts';

const count = z.union([z.number(), z.string().regex(/^-?\d+$/)]).transform(Number);

/** One row of posts.jsonl, as its README describes it. */
const Row = z.object({
  id: z.string().min(1),
  title: z.string().nullable(),
  content: z.string().nullable(),
  url: z.string().nullable().optional(),
  upvotes: count.nullable().optional(),
  downvotes: count.nullable().optional(),
  score: count.nullable().optional(),
  comment_count: count.nullable().optional(),
  created_at: z.string(),
  author_name: z.string().nullable().optional(),
  submolt_name: z.string().nullable().optional(),
});
type Row = z.infer<typeof Row>;

function toPost(row: Row): ForumPost {
  const score = row.score ?? (row.upvotes ?? 0) - (row.downvotes ?? 0);
  const upvotes = Math.max(0, Math.trunc(row.upvotes ?? Math.max(score, 0)));
  const author = row.author_name?.trim() ? row.author_name.trim() : null;
  return ForumPost.parse({
    id: row.id,
    title: row.title ?? '',
    content: row.content ?? '',
    url: row.url ?? null,
    upvotes,
    downvotes: Math.max(0, Math.trunc(row.downvotes ?? 0)),
    score: Math.trunc(score),
    commentCount: Math.max(0, Math.trunc(row.comment_count ?? 0)),
    createdAt: new Date(row.created_at).toISOString(),
    author: author === 'None' ? null : author,
    authorKarma: null,
    submolt: row.submolt_name?.trim() ? row.submolt_name.trim() : null,
  });
}

function readPosts(path: string): ForumPost[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = Row.safeParse(JSON.parse(line));
      if (!parsed.success) {
        throw new Error(`${path} line ${index + 1}: not a post row: ${z.prettifyError(parsed.error)}`);
      }
      return toPost(parsed.data);
    });
}

const clip = (text: string, max = 60) => {
  const flat = text.replace(/\s+/gu, ' ').trim();
  return JSON.stringify(flat.length > max ? `${flat.slice(0, max - 1)}…` : flat);
};
const pct = (part: number, whole: number) => `${whole === 0 ? '0.0' : ((100 * part) / whole).toFixed(1)}%`;

/** Kept posts that simple independent signals still find suspicious: candidates for "missed junk". */
function suspicious(post: ForumPost, reposts: Map<string, number>): string | null {
  const score = promotionScore(postFeatures(post));
  if (score >= 1.5) return `promotion score ${score}`;
  if ((reposts.get(repostKey(post)) ?? 0) > 1) return 'same author and title in another hour';
  if (/\b(?:upvote|follow|karma|instructions?|mint|airdrop)\b/iu.test(post.title)) return 'bait-like title';
  return null;
}

const repostKey = (post: ForumPost) => `${post.author ?? ''}\u0000${post.title.trim().toLowerCase()}`;

function main(argv: readonly string[]): number {
  const path = argv[0];
  if (path === undefined || !existsSync(path)) {
    console.error(
      path === undefined
        ? 'usage: filter-real.ts <path/to/posts.jsonl> (no path given)'
        : `filter-real: ${path} does not exist; give the path of a posts.jsonl in the Moltbook sample format`,
    );
    return 1;
  }
  const posts = readPosts(path);
  const hours = new Map<string, ForumPost[]>();
  for (const post of posts) {
    const hour = `${post.createdAt.slice(0, 13)}:00Z`;
    const list = hours.get(hour);
    if (list === undefined) hours.set(hour, [post]);
    else list.push(post);
  }

  const dropped: Array<{ post: ForumPost; reason: DropReason }> = [];
  const kept: ForumPost[] = [];
  let elapsed = 0;
  for (const hourPosts of hours.values()) {
    const started = performance.now();
    const result = filterPosts(hourPosts);
    elapsed += performance.now() - started;
    dropped.push(...result.dropped);
    kept.push(...result.kept);
  }

  console.log(`${path}: ${posts.length} posts in ${hours.size} clock hours`);
  console.log(`dropped ${dropped.length} (${pct(dropped.length, posts.length)}), kept ${kept.length}`);
  console.log(
    `filter time: ${elapsed.toFixed(0)} ms in total, ${(elapsed / hours.size).toFixed(1)} ms per hour`,
  );
  console.log('\nby reason:');
  for (const reason of DROP_REASONS) {
    const n = dropped.filter((d) => d.reason === reason).length;
    console.log(`  ${reason.padEnd(15)} ${String(n).padStart(5)}  ${pct(n, posts.length)}`);
  }

  console.log('\ncaught (up to 3 per reason):');
  for (const reason of DROP_REASONS) {
    for (const { post } of dropped.filter((d) => d.reason === reason).slice(0, 3)) {
      console.log(
        `  [${reason}] ${post.author ?? '(no author)'}: ${clip(post.title)} / ${clip(post.content, 50)}`,
      );
    }
  }

  // A per-hour filter cannot see reposts across hours: count them over the whole file.
  const reposts = new Map<string, number>();
  for (const post of kept) reposts.set(repostKey(post), (reposts.get(repostKey(post)) ?? 0) + 1);
  const missed = kept.flatMap((post) => {
    const why = suspicious(post, reposts);
    return why === null ? [] : [{ post, why }];
  });
  console.log(`\nkept but suspicious by simple signals: ${missed.length} (review by hand; many are fine)`);
  for (const { post, why } of missed.slice(0, 12)) {
    console.log(
      `  (${why}) ${post.author ?? '(no author)'}: ${clip(post.title)} / ${clip(post.content, 50)}`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
