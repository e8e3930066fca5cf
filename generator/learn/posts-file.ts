import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { type ActivityPost, ActivityTable, activityVector } from '../../core/advisor/activity.ts';
import { type LabelledRow, PostingRow, ROW_BODY_CHARS, ROW_TITLE_CHARS } from './rows.ts';

/** Age (hours) from which a post's engagement counts as its 24 h label. */
export const LABEL_AGE_HOURS = 24;

const count = z.coerce.number().catch(0);
/** One line of a posts.jsonl file (the shared Moltbook sample's format), read leniently. */
const FilePost = z.object({
  id: z.string().min(1),
  title: z.string().nullish(),
  content: z.string().nullish(),
  url: z.string().nullish(),
  upvotes: count.nullish(),
  score: count.nullish(),
  comment_count: count.nullish(),
  created_at: z.iso.datetime({ offset: true }),
  author_name: z.string().nullish(),
  submolt_name: z.string().nullish(),
  age_at_snapshot_hours: z.coerce.number().nullish(),
});

/** What reading a posts file gave. */
export interface PostsFile {
  /** Rows observed at least 24 h after creation, oldest first. */
  readonly labelled: LabelledRow[];
  /** Rows read in all (labelled or not). */
  readonly total: number;
  /** Every usable post (labelled or not), oldest first: the history activity features are read from. */
  readonly posts: ActivityPost[];
  /** Lines that were not a usable post, with the first reason seen. */
  readonly skipped: number;
  readonly firstProblem: string | null;
}

const lower = (s: string | null | undefined) =>
  s && s.trim() !== '' && s !== 'None' ? s.trim().toLowerCase() : null;

/**
 * Reads a posts.jsonl file (one JSON post a line, fields as in the shared Moltbook sample). Labels are
 * upvotes (score when upvotes is missing, negatives as 0) and comment_count of rows whose
 * `age_at_snapshot_hours` ≥ 24; digest-match features are unknown for such files and set to 0.
 */
export async function readPostsFile(path: string): Promise<PostsFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(
      `${path}: cannot read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
  const labelled: LabelledRow[] = [];
  const posts: ActivityPost[] = [];
  let total = 0;
  let skipped = 0;
  let firstProblem: string | null = null;
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      skipped++;
      firstProblem ??= `line ${i + 1}: not JSON`;
      return;
    }
    const parsed = FilePost.safeParse(raw);
    if (!parsed.success) {
      skipped++;
      firstProblem ??= `line ${i + 1}: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`;
      return;
    }
    total++;
    const p = parsed.data;
    const posting = PostingRow.parse({
      id: p.id,
      createdAt: new Date(p.created_at).toISOString(),
      title: (p.title ?? '').slice(0, ROW_TITLE_CHARS),
      content: (p.content ?? '').slice(0, ROW_BODY_CHARS),
      hasUrl: Boolean(p.url),
      submolt: lower(p.submolt_name),
      author: lower(p.author_name),
      context: [0, 0, 0, 0, 0, 0],
    });
    posts.push({ createdAt: posting.createdAt, author: posting.author });
    const age = p.age_at_snapshot_hours ?? 0;
    if (age < LABEL_AGE_HOURS) return;
    labelled.push({
      ...posting,
      upvotes: Math.max(0, Math.round(p.upvotes ?? p.score ?? 0)),
      comments: Math.max(0, Math.round(p.comment_count ?? 0)),
      ageHours: age,
    });
  });
  labelled.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
  posts.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  return { labelled: withActivity(labelled, posts), total, posts, skipped, firstProblem };
}

/**
 * The rows with their activity vectors read from `history` (every post seen, labelled or not): each
 * row sees only the history posts created strictly before it, as the hourly job would have.
 */
export function withActivity<T extends PostingRow>(
  rows: readonly T[],
  history: readonly ActivityPost[],
): T[] {
  const table = new ActivityTable();
  const sortedHistory = [...history].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const order = rows
    .map((row, i) => ({ row, i, ms: Date.parse(row.createdAt) }))
    .sort((a, b) => a.ms - b.ms || a.i - b.i);
  const out: T[] = new Array(rows.length);
  let h = 0;
  for (const { row, i, ms } of order) {
    for (; h < sortedHistory.length; h++) {
      const post = sortedHistory[h] as ActivityPost;
      const t = Date.parse(post.createdAt);
      if (t >= ms) break;
      if (post.author !== null) table.add(post.author, t);
    }
    if (row.author === null) out[i] = { ...row };
    else out[i] = { ...row, activity: activityVector(table.factsOf(row.author, ms)) };
  }
  return out;
}

/** Splits rows by time: those created before `at` and those at or after it. */
export function splitByTime<T extends { createdAt: string }>(
  rows: readonly T[],
  at: Date,
): { before: T[]; after: T[] } {
  const cut = at.getTime();
  return {
    before: rows.filter((r) => Date.parse(r.createdAt) < cut),
    after: rows.filter((r) => Date.parse(r.createdAt) >= cut),
  };
}

/** The time at which a share `fraction` of the (time-sorted) rows lies before. */
export function splitTimeAt<T extends { createdAt: string }>(sorted: readonly T[], fraction: number): Date {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.floor(sorted.length * fraction)));
  return new Date((sorted[i] as T).createdAt);
}
