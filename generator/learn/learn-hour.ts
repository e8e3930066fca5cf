import { readFile, rm } from 'node:fs/promises';
import { activityVector } from '../../core/advisor/activity.ts';
import { buildAdvisorContext, matchContext, matchVector } from '../../core/advisor/context.ts';
import { readText } from '../../core/advisor/features.ts';
import { fnv1a } from '../../core/advisor/hash.ts';
import { parseModelArtifact } from '../../core/advisor/model.ts';
import { modelCardJson, modelCardMarkdown } from '../../core/advisor/model-card.ts';
import type { ForumPost, ScrapedHour } from '../../core/forum.ts';
import { addHours } from '../../core/hours.ts';
import { engagementAnomalies } from '../analyse/offline/anomalies.ts';
import { writeFileAtomic } from '../content/atomic-write.ts';
import { readPreviousHours } from '../content/previous-hours.ts';
import type { HourSource } from '../run-hour.ts';
import { type LabelledRow, type PostingRow, postingRow } from './rows.ts';
import {
  advisorPaths,
  appendLabelled,
  prune,
  readActivity,
  readPending,
  readRecentPending,
  readTrainingSet,
  SAMPLE_PER_HOUR,
  writeActivity,
  writeRows,
} from './store.ts';
import { trainServedModel } from './train-served.ts';

/**
 * Ages (hours) at which a reading counts as a label: from 24 h, when most engagement is in, to 7 days.
 * Each label records its age; readings outside the window are dropped.
 */
export const LABEL_AGE = { min: 24, max: 168 } as const;

/** Options of learnFromHour. */
export interface LearnOptions {
  readonly contentDir: string;
  /** The hour just published, as scraped. */
  readonly scraped: ScrapedHour;
  /** The same forum source the hour was scraped with; re-read for hour H−24 unless `labelSource` is given. */
  readonly source: HourSource;
  /**
   * What hour H−24 is re-read with, when not `source`: a listing without comment threads (e.g. the
   * forum client with `commentThreads: 0`), since a label needs only the posts' vote and comment counts.
   */
  readonly labelSource?: HourSource;
  readonly hourStart: Date;
  readonly now: () => Date;
  /** Retrain when the hour of day is a multiple of this, or when no model exists; default 6. */
  readonly retrainEveryHours?: number;
  /** Labelled rows needed before training; default 200. */
  readonly minRows?: number;
  /** Hashed-word buckets of trained models; default 2^15. */
  readonly buckets?: number;
}

/** What one learning step did. */
export interface LearnReport {
  readonly stored: number;
  readonly labelled: number;
  /** Pending posts not labelled: gone from the forum, flagged as inorganic, or read outside the 24 h–7 d window. */
  readonly unlabelled: number;
  readonly pruned: number;
  readonly rows: number;
  /** Version of the model trained in this step, or null. */
  readonly trained: string | null;
}

/**
 * Labels posting rows from a reading of their posts at `now` (or at the post's own `readAt`, for recorded
 * posts): a row gets the post's upvotes and comment count and the reading's age, when the post is still there, is not flagged by engagementAnomalies
 * (votes that cannot be organic teach nothing true) and the age lies within LABEL_AGE. Pure.
 */
export function labelRows(rows: readonly PostingRow[], seen: readonly ForumPost[], now: Date): LabelledRow[] {
  const byId = new Map(seen.map((p) => [p.id, p]));
  const flagged = engagementAnomalies(seen);
  const out: LabelledRow[] = [];
  for (const row of rows) {
    const post = byId.get(row.id);
    const readMs = post?.readAt !== undefined ? Date.parse(post.readAt) : now.getTime();
    const ageHours = (readMs - Date.parse(row.createdAt)) / 3_600_000;
    if (!post || flagged.has(post.id) || ageHours < LABEL_AGE.min || ageHours > LABEL_AGE.max) continue;
    out.push({
      ...row,
      upvotes: post.upvotes,
      comments: post.commentCount,
      ageHours: Math.round(ageHours * 100) / 100,
    });
  }
  return out;
}

/** The sample of an hour's posts kept: the SAMPLE_PER_HOUR posts with the smallest hashed ids (stable, unbiased). */
export function samplePosts(posts: readonly ForumPost[], limit = SAMPLE_PER_HOUR): ForumPost[] {
  return [...posts].sort((a, b) => fnv1a(a.id) - fnv1a(b.id) || (a.id < b.id ? -1 : 1)).slice(0, limit);
}

async function modelExists(path: string): Promise<boolean> {
  try {
    parseModelArtifact(JSON.parse(await readFile(path, 'utf8')), path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The hourly learning step, run after hour H is published: keeps the posting-time rows of a sample of
 * H's posts (matched against the digests published up to H); when H is already 24 h old (a backfill)
 * labels them at once from the scrape, otherwise keeps them pending and re-reads hour H−24 (through
 * `labelSource`, a listing without threads, when given) to label the rows kept then; prunes the
 * window and retrains when due, writing the model and its card atomically. Reads the forum at most
 * once more per hour, and only when there is something to label.
 */
export async function learnFromHour(options: LearnOptions): Promise<LearnReport> {
  const { contentDir, hourStart } = options;
  const paths = advisorPaths(contentDir);
  const previous = await readPreviousHours(contentDir, addHours(hourStart, 1), 3);
  const context = buildAdvisorContext(
    previous.map((p) => p.digest),
    previous[0]?.signals?.narratives ?? null,
  );
  const sample = samplePosts(options.scraped.posts);
  // Author activity before each sampled post, from every post seen (this hour's earlier ones too),
  // each post counted once. When the hour was already counted (a re-run), the rows keep the activity
  // stored the first time; failing that it is read from the table as it is.
  const table = await readActivity(contentDir);
  const coveredUntil = table.coveredUntil;
  const counted = coveredUntil > hourStart.getTime();
  const stored = counted
    ? new Map((await readPending(contentDir, hourStart)).map((r) => [r.id, r.activity]))
    : new Map<string, number[] | undefined>();
  const activity = new Map<string, number[]>();
  const inSample = new Set(sample.map((p) => p.id));
  const hourPosts = [...options.scraped.posts].sort(
    (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : 1),
  );
  for (const post of hourPosts) {
    const name = post.author?.toLowerCase() ?? null;
    if (name === null) continue;
    const ms = Date.parse(post.createdAt);
    if (inSample.has(post.id))
      activity.set(post.id, stored.get(post.id) ?? activityVector(table.factsOf(name, ms)));
    if (!counted) table.add(name, ms);
  }
  const rows = sample.map((post) => {
    const text = readText(post.title, post.content, post.url !== null);
    return postingRow(
      post,
      matchVector(matchContext(text.words, text.traits, context)),
      activity.get(post.id),
    );
  });
  // An hour scraped at least 24 h after it ended (a backfill) already carries its labels: they are
  // taken at once and nothing waits for a re-read.
  const readAt = options.now();
  const atOnce = readAt.getTime() - addHours(hourStart, 1).getTime() >= LABEL_AGE.min * 3_600_000;
  const labelledAtOnce = atOnce ? labelRows(rows, options.scraped.posts, readAt) : [];
  if (atOnce) {
    await appendLabelled(contentDir, labelledAtOnce);
    await rm(paths.pending(hourStart), { force: true });
  } else await writeRows(paths.pending(hourStart), rows);
  const activitySnapshot = await writeActivity(
    contentDir,
    table,
    new Date(Math.max(coveredUntil, addHours(hourStart, 1).getTime())),
  );

  const labelHour = addHours(hourStart, -24);
  const pending = await readPending(contentDir, labelHour);
  const labelled: LabelledRow[] = [...labelledAtOnce];
  if (pending.length > 0) {
    // Only vote and comment counts are needed: a listing, without comment threads when labelSource allows.
    const seen = await (options.labelSource ?? options.source).fetchHour(labelHour, addHours(labelHour, 1));
    labelled.push(...labelRows(pending, seen.posts, options.now()));
    await appendLabelled(contentDir, labelled.slice(labelledAtOnce.length));
    await rm(paths.pending(labelHour), { force: true });
  }
  const removed = await prune(contentDir, hourStart);
  const all = await readTrainingSet(contentDir);

  let trained: string | null = null;
  const due =
    hourStart.getUTCHours() % (options.retrainEveryHours ?? 6) === 0 || !(await modelExists(paths.model));
  if (due && all.length >= (options.minRows ?? 200)) {
    const reference = await readRecentPending(contentDir, addHours(hourStart, -23), addHours(hourStart, 1));
    const artifact = trainServedModel(all, {
      source: 'forum',
      now: options.now(),
      reference: reference.length >= 50 ? reference : undefined,
      buckets: options.buckets,
      activity: activitySnapshot,
    });
    await writeFileAtomic(paths.model, `${JSON.stringify(artifact)}\n`);
    await writeFileAtomic(paths.cardJson, modelCardJson(artifact));
    await writeFileAtomic(paths.cardMarkdown, modelCardMarkdown(artifact));
    trained = artifact.version;
  }
  return {
    stored: rows.length,
    labelled: labelled.length,
    unlabelled: pending.length + (atOnce ? rows.length : 0) - labelled.length,
    pruned: removed.length,
    rows: all.length,
    trained,
  };
}
