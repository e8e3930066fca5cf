import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';
import { type ActivitySnapshot, ActivityTable } from '../../core/advisor/activity.ts';
import { trainingDirPath } from '../../core/advisor/load.ts';
import { ActivitySnapshotSchema } from '../../core/advisor/model.ts';
import { DAYS_KEPT } from '../../core/advisor/training-bounds.ts';
import { writeFileAtomic } from '../content/atomic-write.ts';
import { LabelledRow, PostingRow } from './rows.ts';

export { DAYS_KEPT, SAMPLE_PER_HOUR } from '../../core/advisor/training-bounds.ts';
/** Authors kept in the activity table (the most recently active; those silent DAYS_KEPT days drop out). */
export const ACTIVITY_AUTHORS_KEPT = 20_000;
/** Pending (unlabelled) hour files older than this are dropped: their label window has passed. */
export const PENDING_MAX_AGE_HOURS = 48;

/** Where the advisor's files live under the content folder. */
export function advisorPaths(contentDir: string) {
  const root = join(contentDir, 'advisor');
  return {
    root,
    model: join(root, 'model.json'),
    cardMarkdown: join(root, 'model-card.md'),
    cardJson: join(root, 'model-card.json'),
    /** Author activity of every post seen (ActivitySnapshot), for the activity features. */
    activity: join(root, 'activity.json'),
    pendingDir: join(root, 'pending'),
    trainingDir: trainingDirPath(contentDir),
    /** Posting rows of one hour, waiting for their 24 h labels. */
    pending: (hourStart: Date) => join(root, 'pending', `${hourStart.toISOString().slice(0, 13)}.jsonl`),
    /** Labelled rows of the posts created on one UTC day. */
    training: (day: string) => join(root, 'training', `${day}.jsonl`),
  };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Reads a JSONL file of rows; a bad line throws naming the file and line. Missing file → []. */
export async function readRows<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>[]> {
  const text = await readText(path);
  if (text === undefined) return [];
  const out: z.infer<T>[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    const parsed = schema.safeParse(JSON.parse(line));
    if (!parsed.success)
      throw new Error(`${path}:${i + 1}: invalid row (${parsed.error.issues[0]?.message})`);
    out.push(parsed.data);
  });
  return out;
}

/** Writes rows as JSONL, atomically. */
export async function writeRows(path: string, rows: readonly unknown[]): Promise<void> {
  await writeFileAtomic(path, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

/** Reads the pending rows of an hour. */
export function readPending(contentDir: string, hourStart: Date): Promise<PostingRow[]> {
  return readRows(advisorPaths(contentDir).pending(hourStart), PostingRow);
}

/** Every labelled row kept, oldest first. */
export async function readTrainingSet(contentDir: string): Promise<LabelledRow[]> {
  const paths = advisorPaths(contentDir);
  const files = (await listFiles(paths.trainingDir))
    .filter((f) => /^\d{4}-\d{2}-\d{2}\.jsonl$/.test(f))
    .sort();
  const rows: LabelledRow[] = [];
  for (const f of files) rows.push(...(await readRows(join(paths.trainingDir, f), LabelledRow)));
  return rows.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1));
}

/** Pending rows of the hours in [from, to), oldest first (the reference posts for calibration). */
export async function readRecentPending(contentDir: string, from: Date, to: Date): Promise<PostingRow[]> {
  const paths = advisorPaths(contentDir);
  const rows: PostingRow[] = [];
  for (const f of (await listFiles(paths.pendingDir)).sort()) {
    const t = Date.parse(`${f.slice(0, 13)}:00:00.000Z`);
    if (Number.isNaN(t) || t < from.getTime() || t >= to.getTime()) continue;
    rows.push(...(await readRows(join(paths.pendingDir, f), PostingRow)));
  }
  return rows;
}

/** Adds labelled rows to their creation-day files (deduplicated by id, the newer label winning). */
export async function appendLabelled(contentDir: string, rows: readonly LabelledRow[]): Promise<void> {
  const byDay = new Map<string, LabelledRow[]>();
  for (const r of rows)
    byDay.set(r.createdAt.slice(0, 10), [...(byDay.get(r.createdAt.slice(0, 10)) ?? []), r]);
  const paths = advisorPaths(contentDir);
  for (const [day, added] of byDay) {
    const path = paths.training(day);
    const merged = new Map((await readRows(path, LabelledRow)).map((r) => [r.id, r]));
    for (const r of added) merged.set(r.id, r);
    await writeRows(
      path,
      [...merged.values()].sort(
        (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1),
      ),
    );
  }
}

/** File names in a folder, [] when it does not exist. */
export async function listFiles(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Deletes training days older than DAYS_KEPT days before `hourStart` and pending hours older than
 * PENDING_MAX_AGE_HOURS; returns the names removed.
 */
export async function prune(contentDir: string, hourStart: Date): Promise<string[]> {
  const paths = advisorPaths(contentDir);
  const removed: string[] = [];
  const firstDay = new Date(hourStart.getTime() - DAYS_KEPT * 86_400_000).toISOString().slice(0, 10);
  for (const f of await listFiles(paths.trainingDir)) {
    if (/^\d{4}-\d{2}-\d{2}\.jsonl$/.test(f) && f.slice(0, 10) < firstDay) {
      await rm(join(paths.trainingDir, f), { force: true });
      removed.push(`training/${f}`);
    }
  }
  const oldest = hourStart.getTime() - PENDING_MAX_AGE_HOURS * 3_600_000;
  for (const f of await listFiles(paths.pendingDir)) {
    const t = Date.parse(`${f.slice(0, 13)}:00:00.000Z`);
    if (!Number.isNaN(t) && t < oldest) {
      await rm(join(paths.pendingDir, f), { force: true });
      removed.push(`pending/${f}`);
    }
  }
  return removed;
}

/** The author-activity table kept beside the training set (empty when missing or not a valid snapshot). */
export async function readActivity(contentDir: string): Promise<ActivityTable> {
  const text = await readText(advisorPaths(contentDir).activity);
  if (text === undefined) return new ActivityTable();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return new ActivityTable();
  }
  const parsed = ActivitySnapshotSchema.safeParse(raw);
  return parsed.success ? ActivityTable.from(parsed.data) : new ActivityTable();
}

/** Writes the activity table as of `at`, bounded (ACTIVITY_AUTHORS_KEPT authors active in DAYS_KEPT days). */
export async function writeActivity(
  contentDir: string,
  table: ActivityTable,
  at: Date,
): Promise<ActivitySnapshot> {
  const snapshot = table.snapshot(at, ACTIVITY_AUTHORS_KEPT, DAYS_KEPT * 24);
  await writeFileAtomic(advisorPaths(contentDir).activity, `${JSON.stringify(snapshot)}\n`);
  return snapshot;
}
