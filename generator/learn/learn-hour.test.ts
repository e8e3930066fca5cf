import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModelArtifact } from '../../core/advisor/model.ts';
import { addHours } from '../../core/hours.ts';
import { createOfflineAnalyser } from '../analyse/offline/index.ts';
import { runHour } from '../run-hour.ts';
import { LABEL_AGE, learnFromHour, samplePosts } from './learn-hour.ts';
import { postingRow } from './rows.ts';
import { simClock, simulatedSource } from './sim-source.ts';
import { simulateHours } from './simulate.ts';
import {
  advisorPaths,
  DAYS_KEPT,
  listFiles,
  prune,
  readActivity,
  readTrainingSet,
  SAMPLE_PER_HOUR,
  writeRows,
} from './store.ts';

const start = new Date('2026-02-01T00:00:00.000Z');
let dir: string;
let reports: Awaited<ReturnType<typeof simulateHours>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-learn-'));
  // 120 posts an hour against a sample of 100; 27 hours, so hours 0–2 get labelled at hours 24–26.
  reports = await simulateHours({
    contentDir: dir,
    start,
    hours: 27,
    seed: 5,
    postsPerHour: 150,
    retrainEveryHours: 1,
    minRows: 150,
    buckets: 1024,
  });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('learnFromHour over simulated hours', () => {
  it('keeps a bounded sample of each hour and labels hour H−24 at about 25 h', async () => {
    expect(reports.every((r) => r.stored <= SAMPLE_PER_HOUR)).toBe(true);
    expect(reports[0]?.stored).toBe(SAMPLE_PER_HOUR);
    expect(reports.slice(0, 24).every((r) => r.labelled === 0)).toBe(true);
    expect(reports.slice(24).every((r) => r.labelled > 0 && r.labelled <= SAMPLE_PER_HOUR)).toBe(true);
    const rows = await readTrainingSet(dir);
    expect(rows.length).toBe(reports.reduce((n, r) => n + r.labelled, 0));
    for (const r of rows) {
      expect(r.ageHours).toBeGreaterThanOrEqual(LABEL_AGE.min);
      expect(r.ageHours).toBeLessThanOrEqual(LABEL_AGE.max);
      expect(Date.parse(r.createdAt)).toBeLessThan(addHours(start, 3).getTime());
    }
    const pending = await listFiles(advisorPaths(dir).pendingDir);
    expect(pending).toHaveLength(24);
  });

  it('counts every post in the author activity and gives rows the activity before them', async () => {
    const rows = await readTrainingSet(dir);
    expect(rows.every((r) => r.author === null || r.activity?.length === 3)).toBe(true);
    // Simulated authors post again: some rows see earlier posts by their author.
    expect(rows.some((r) => (r.activity?.[0] ?? 0) > 0)).toBe(true);
    const table = await readActivity(dir);
    const snap = table.snapshot(addHours(start, 27), 100_000);
    // Every post seen is counted once (the sample is only 100 of the 150 an hour).
    const counted = Object.values(snap.authors).reduce((n, a) => n + (a[0] ?? 0), 0);
    expect(counted).toBeGreaterThan(27 * SAMPLE_PER_HOUR);
    const raw = JSON.parse(await readFile(advisorPaths(dir).activity, 'utf8'));
    expect(raw.at).toBe(addHours(start, 27).toISOString());
    const artifact = parseModelArtifact(JSON.parse(await readFile(advisorPaths(dir).model, 'utf8')));
    expect(Object.keys(artifact.activity?.authors ?? {}).length).toBeGreaterThan(0);
  });

  it('retrains once enough rows exist and publishes the model and its card', async () => {
    const trained = reports.filter((r) => r.trained !== null);
    expect(trained.length).toBeGreaterThan(0);
    expect(reports[23]?.trained).toBeNull();
    const paths = advisorPaths(dir);
    const artifact = parseModelArtifact(JSON.parse(await readFile(paths.model, 'utf8')));
    expect(artifact.source).toBe('forum');
    expect(artifact.version).toBe(trained.at(-1)?.trained);
    expect(await readFile(paths.cardMarkdown, 'utf8')).toMatch(/^# Viral Advisor model /);
    expect(JSON.parse(await readFile(paths.cardJson, 'utf8')).trainingWindow.from).toBe(
      artifact.trainingWindow.from,
    );
    expect((await readdir(paths.root)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('prunes training days beyond the window and stale pending hours', async () => {
    const later = addHours(start, 24 * (DAYS_KEPT + 1));
    const removed = await prune(dir, later);
    expect(removed.some((r) => r.startsWith('training/'))).toBe(true);
    expect(removed.some((r) => r.startsWith('pending/'))).toBe(true);
    expect(await readTrainingSet(dir)).toEqual([]);
    expect(await listFiles(advisorPaths(dir).pendingDir)).toEqual([]);
  });
});

describe('activity table', () => {
  it('counts an hour once when the step runs again for it', async () => {
    const content = await mkdtemp(join(tmpdir(), 'murmur-learn-activity-'));
    try {
      const clock = simClock(addHours(start, 1));
      const source = simulatedSource({ seed: 4, postsPerHour: 60, clock });
      const scraped = await source.fetchHour(start, addHours(start, 1));
      const step = () =>
        learnFromHour({
          contentDir: content,
          scraped,
          source,
          hourStart: start,
          now: clock.now,
          minRows: 1e9,
        });
      const total = async () =>
        Object.values((await readActivity(content)).snapshot(addHours(start, 1), 1e6).authors).reduce(
          (n, a) => n + (a[0] ?? 0),
          0,
        );
      const pending = () => readFile(advisorPaths(content).pending(start), 'utf8');
      await step();
      const once = await total();
      const rows = await pending();
      expect(once).toBe(scraped.posts.filter((p) => p.author !== null).length);
      await step();
      expect(await total()).toBe(once);
      expect(await pending()).toBe(rows);
    } finally {
      await rm(content, { recursive: true, force: true });
    }
  });
});

describe('sampling', () => {
  it('takes a stable sample independent of the order posts arrive in', async () => {
    const source = simulatedSource({ seed: 3, postsPerHour: 150, clock: simClock(addHours(start, 2)) });
    const { posts } = await source.fetchHour(start, addHours(start, 1));
    const a = samplePosts(posts).map((p) => p.id);
    const b = samplePosts([...posts].reverse()).map((p) => p.id);
    expect(a).toEqual(b);
    expect(a).toHaveLength(SAMPLE_PER_HOUR);
  });
});

describe('runHour wiring', () => {
  it('publishes the hour even when the learning step fails', async () => {
    const content = await mkdtemp(join(tmpdir(), 'murmur-learn-fail-'));
    try {
      const hour = addHours(start, 30);
      const clock = simClock(addHours(hour, 1));
      const sim = simulatedSource({ seed: 9, postsPerHour: 40, clock });
      // A pending file for H−24 makes the step re-read that hour, which this source refuses.
      const old = await sim.fetchHour(addHours(hour, -24), addHours(hour, -23));
      await writeRows(
        advisorPaths(content).pending(addHours(hour, -24)),
        old.posts.slice(0, 5).map((p) => postingRow(p, [0, 0, 0, 0, 0, 0])),
      );
      const source = {
        fetchHour: async (s: Date, e: Date) => {
          if (s.getTime() !== hour.getTime()) throw new Error('forum down');
          return sim.fetchHour(s, e);
        },
      };
      const report = await runHour({
        contentDir: content,
        hourStart: hour,
        source,
        analyser: createOfflineAnalyser(),
        now: clock.now,
      });
      expect(report.outcome).toBe('created');
      expect(await listFiles(join(content, 'digests'))).toEqual(['2026']);
    } finally {
      await rm(content, { recursive: true, force: true });
    }
  });

  it('keeps posts with inorganic engagement out of the training rows', async () => {
    const d = await mkdtemp(join(tmpdir(), 'murmur-learn-rigged-'));
    try {
      const hour = new Date('2026-03-02T00:00:00.000Z');
      const old = addHours(hour, -24);
      const sim = simulatedSource({ seed: 9, postsPerHour: 30, clock: simClock(addHours(hour, 2)) });
      const earlier = await sim.fetchHour(old, addHours(old, 1));
      await learnFromHour({
        contentDir: d,
        scraped: earlier,
        source: sim,
        hourStart: old,
        now: () => addHours(old, 1),
      });
      const rigged = earlier.posts[0]?.id;
      const source = {
        fetchHour: async (s: Date, e: Date) => {
          const h = await sim.fetchHour(s, e);
          return {
            ...h,
            posts: h.posts.map((p) =>
              p.id === rigged ? { ...p, upvotes: 300_000, score: 300_000, commentCount: 12 } : p,
            ),
          };
        },
      };
      const now = await sim.fetchHour(hour, addHours(hour, 1));
      const report = await learnFromHour({
        contentDir: d,
        scraped: now,
        source,
        hourStart: hour,
        now: () => addHours(hour, 1),
      });
      expect(report.labelled).toBeGreaterThan(0);
      const rows = await readTrainingSet(d);
      expect(rows.length).toBe(report.labelled);
      expect(rows.some((r) => r.id === rigged)).toBe(false);
    } finally {
      await rm(d, { recursive: true, force: true });
    }
  });
});
