import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseModelArtifact } from '../../core/advisor/model.ts';
import { addHours } from '../../core/hours.ts';
import { LABEL_AGE, labelRows, learnFromHour, samplePosts } from './learn-hour.ts';
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

describe('cheap, complete labels', () => {
  it('labels a backfilled hour at once from its own scrape, with the reading age, and leaves nothing pending', async () => {
    const content = await mkdtemp(join(tmpdir(), 'murmur-learn-backfill-'));
    try {
      const clock = simClock(addHours(start, 80));
      const source = simulatedSource({ seed: 6, postsPerHour: 60, clock });
      const scraped = await source.fetchHour(start, addHours(start, 1));
      let reads = 0;
      const counting = {
        fetchHour: (a: Date, b: Date) => {
          reads++;
          return source.fetchHour(a, b);
        },
      };
      const report = await learnFromHour({
        contentDir: content,
        scraped,
        source: counting,
        hourStart: start,
        now: clock.now,
        minRows: 1e9,
      });
      expect(report.labelled).toBeGreaterThan(0);
      expect(reads).toBe(0);
      const rows = await readTrainingSet(content);
      expect(rows).toHaveLength(report.labelled);
      for (const r of rows)
        expect(r.ageHours).toBeCloseTo((clock.now().getTime() - Date.parse(r.createdAt)) / 3_600_000, 1);
      expect(await listFiles(advisorPaths(content).pendingDir)).toEqual([]);
    } finally {
      await rm(content, { recursive: true, force: true });
    }
  });

  it('re-reads hour H−24 through the listing source when one is given, not the full source', async () => {
    const content = await mkdtemp(join(tmpdir(), 'murmur-learn-listing-'));
    try {
      const clock = simClock(addHours(start, 1));
      const source = simulatedSource({ seed: 7, postsPerHour: 60, clock });
      const full = { fetchHour: () => Promise.reject(new Error('the full source must not be re-read')) };
      const first = await source.fetchHour(start, addHours(start, 1));
      await learnFromHour({
        contentDir: content,
        scraped: first,
        source,
        hourStart: start,
        now: clock.now,
        minRows: 1e9,
      });
      const later = addHours(start, 24);
      clock.set(addHours(later, 1));
      const scraped = await source.fetchHour(later, addHours(later, 1));
      const report = await learnFromHour({
        contentDir: content,
        scraped,
        source: full,
        labelSource: source,
        hourStart: later,
        now: clock.now,
        minRows: 1e9,
      });
      expect(report.labelled).toBeGreaterThan(0);
    } finally {
      await rm(content, { recursive: true, force: true });
    }
  });

  it('keeps readings from 24 h to 7 days, drops the rest and posts flagged as inorganic', () => {
    const row = (id: string, createdAt: string) => ({
      id,
      createdAt,
      title: id,
      content: '',
      hasUrl: false,
      submolt: null,
      author: null,
      context: [0, 0, 0, 0, 0, 0],
    });
    const post = (id: string, createdAt: string, score: number, commentCount: number) => ({
      id,
      title: id,
      content: '',
      url: null,
      upvotes: score,
      downvotes: 0,
      score,
      commentCount,
      createdAt,
      author: null,
      authorKarma: null,
      submolt: null,
    });
    const now = new Date('2026-02-10T00:00:00.000Z');
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
    const rows = [
      row('fresh', at(10)),
      row('day', at(30)),
      row('week', at(160)),
      row('old', at(200)),
      row('bot', at(30)),
    ];
    const seen = [
      post('fresh', at(10), 3, 1),
      post('day', at(30), 5, 2),
      post('week', at(160), 7, 3),
      post('old', at(200), 9, 4),
      post('bot', at(30), 50_000, 3),
    ];
    const labelled = labelRows(rows, seen, now);
    expect(labelled.map((r) => [r.id, r.upvotes, r.ageHours])).toEqual([
      ['day', 5, 30],
      ['week', 7, 160],
    ]);
    // Recorded posts (a replayed file) carry the time their counts were read: that age counts, not now's.
    const recorded = seen.map((p, i) => ({ ...p, readAt: at([9, 9, 100, 150, 5][i] as number) }));
    expect(labelRows(rows, recorded, now).map((r) => [r.id, r.ageHours])).toEqual([
      ['week', 60],
      ['old', 50],
    ]);
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
