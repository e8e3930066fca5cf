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
import { type LabelledRow, postingRow } from './rows.ts';
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
import { trainModel } from './train.ts';

/** Labels read outside this age window (hours) are dropped: they would not be 24 h outcomes. */
export const LABEL_AGE = { min: 24, max: 48 } as const;

/** Options of learnFromHour. */
export interface LearnOptions {
  readonly contentDir: string;
  /** The hour just published, as scraped. */
  readonly scraped: ScrapedHour;
  /** The same forum source the hour was scraped with; re-read for hour H−24. */
  readonly source: HourSource;
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
  /** Pending posts not labelled: gone from the forum, or read outside the 24–48 h window. */
  readonly unlabelled: number;
  readonly pruned: number;
  readonly rows: number;
  /** Version of the model trained in this step, or null. */
  readonly trained: string | null;
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
 * H's posts (matched against the digests published up to H), re-reads hour H−24 through the same
 * source to label the rows kept then, prunes the window, and retrains when due, writing the model and
 * its card atomically. Reads the forum once more per hour, and only when there is something to label.
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
  await writeRows(paths.pending(hourStart), rows);
  const activitySnapshot = await writeActivity(
    contentDir,
    table,
    new Date(Math.max(coveredUntil, addHours(hourStart, 1).getTime())),
  );

  const labelHour = addHours(hourStart, -24);
  const pending = await readPending(contentDir, labelHour);
  const labelled: LabelledRow[] = [];
  if (pending.length > 0) {
    const seen = await options.source.fetchHour(labelHour, addHours(labelHour, 1));
    const byId = new Map(seen.posts.map((p) => [p.id, p]));
    // Votes that cannot be organic teach the model nothing true about what works.
    const flagged = engagementAnomalies(seen.posts);
    const nowMs = options.now().getTime();
    for (const row of pending) {
      const post = byId.get(row.id);
      const ageHours = (nowMs - Date.parse(row.createdAt)) / 3_600_000;
      if (!post || flagged.has(post.id) || ageHours < LABEL_AGE.min || ageHours > LABEL_AGE.max) continue;
      labelled.push({
        ...row,
        upvotes: post.upvotes,
        comments: post.commentCount,
        ageHours: Math.round(ageHours * 100) / 100,
      });
    }
    await appendLabelled(contentDir, labelled);
    await rm(paths.pending(labelHour), { force: true });
  }
  const removed = await prune(contentDir, hourStart);
  const all = await readTrainingSet(contentDir);

  let trained: string | null = null;
  const due =
    hourStart.getUTCHours() % (options.retrainEveryHours ?? 6) === 0 || !(await modelExists(paths.model));
  if (due && all.length >= (options.minRows ?? 200)) {
    const reference = await readRecentPending(contentDir, addHours(hourStart, -23), addHours(hourStart, 1));
    const artifact = trainModel(all, {
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
    unlabelled: pending.length - labelled.length,
    pruned: removed.length,
    rows: all.length,
    trained,
  };
}
