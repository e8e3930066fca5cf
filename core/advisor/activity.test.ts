import { describe, expect, it } from 'vitest';
import {
  ActivityTable,
  activityFacts,
  activityVector,
  addPosts,
  lookupActivity,
  RECENT_TIMES,
} from './activity.ts';
import { buildAdvisorContext } from './context.ts';
import { DENSE_FEATURES, extractFeatures, type PostingFacts } from './features.ts';
import { compileModel } from './model.ts';
import { scoreDraft } from './score.ts';
import { testArtifact } from './testing/model.ts';

const H = 3_600_000;
const t0 = Date.parse('2026-02-01T00:00:00.000Z');
const at = (hours: number) => new Date(t0 + hours * H).toISOString();

describe('ActivityTable', () => {
  it('counts only posts strictly before the time asked', () => {
    const table = new ActivityTable();
    addPosts(table, [
      { createdAt: at(0), author: 'ann' },
      { createdAt: at(20), author: 'ann' },
      { createdAt: at(30), author: 'ann' },
      { createdAt: at(30), author: null },
    ]);
    expect(table.factsOf('ann', t0 + 30 * H)).toEqual({
      authorPosts: 2,
      authorPosts24h: 1,
      hoursSincePrevious: 10,
    });
    expect(table.factsOf('ann', t0)).toEqual({ authorPosts: 0, authorPosts24h: 0, hoursSincePrevious: null });
    expect(table.factsOf('bob', t0 + 99 * H).authorPosts).toBe(0);
  });

  it('keeps a bounded number of recent times and round-trips through a snapshot', () => {
    const table = new ActivityTable();
    for (let i = 0; i < 40; i++) table.add('flood', t0 + i * 60_000);
    table.add('quiet', t0 - 200 * H);
    const snap = table.snapshot(new Date(t0 + H), 10, 7 * 24);
    expect(snap.authors.flood).toHaveLength(1 + RECENT_TIMES);
    expect(snap.authors.flood?.[0]).toBe(40);
    expect(snap.authors.quiet).toBeUndefined(); // silent for more than 7 days
    const back = ActivityTable.from(snap);
    expect(back.factsOf('flood', t0 + H)).toEqual(table.factsOf('flood', t0 + H));
    // The served lookup agrees with the table, and ignores posts after the time asked.
    expect(lookupActivity(snap, 'Flood', new Date(t0 + H))).toEqual(table.factsOf('flood', t0 + H));
    expect(lookupActivity(snap, 'flood', new Date(t0 + 30 * 60_000))?.authorPosts).toBe(30);
    expect(lookupActivity(snap, 'nobody', new Date(t0))).toEqual({
      authorPosts: 0,
      authorPosts24h: 0,
      hoursSincePrevious: null,
    });
    expect(lookupActivity(snap, null, new Date(t0))).toBeNull();
  });

  it('keeps the most recently active authors when cut', () => {
    const table = new ActivityTable();
    table.add('old', t0);
    table.add('new', t0 + H);
    expect(Object.keys(table.snapshot(new Date(t0 + 2 * H), 1).authors)).toEqual(['new']);
  });

  it('writes the same snapshot after reading one back (rounded times keep their order)', () => {
    const table = new ActivityTable();
    table.add('zed', t0 + 10_000); // later than amy within the same minute
    table.add('amy', t0 + 5_000);
    table.add('bo', t0 - 3 * H);
    const at = new Date(t0 + H);
    const snap = table.snapshot(at, 100);
    expect(Object.keys(snap.authors)).toEqual(['amy', 'zed', 'bo']);
    expect(JSON.stringify(ActivityTable.from(snap).snapshot(at, 100))).toBe(JSON.stringify(snap));
  });

  it('stores facts as a row vector and back', () => {
    const f = { authorPosts: 3, authorPosts24h: 2, hoursSincePrevious: 1.5 };
    expect(activityFacts(activityVector(f))).toEqual(f);
    expect(activityFacts(activityVector({ ...f, hoursSincePrevious: null })).hoursSincePrevious).toBeNull();
  });
});

describe('activity features', () => {
  const facts = (over: Partial<PostingFacts>): PostingFacts => ({
    title: 'A title',
    content: '',
    hasUrl: false,
    hourOfDay: 3,
    submolt: null,
    author: 'ann',
    context: [0, 0, 0, 0, 0, 0],
    communityPrior: null,
    authorPrior: null,
    ...over,
  });
  const value = (name: string, f: PostingFacts) =>
    extractFeatures(f, 16).dense[DENSE_FEATURES.findIndex((d) => d.name === name)];

  it('reads the author activity into the author group, and nothing without an author', () => {
    const activity = { authorPosts: 4, authorPosts24h: 40, hoursSincePrevious: 500 };
    expect(value('author-posts-seen', facts({ activity }))).toBeCloseTo(Math.log1p(4));
    expect(value('author-posts-24h', facts({ activity }))).toBeCloseTo(Math.log1p(RECENT_TIMES));
    expect(value('author-hours-since', facts({ activity }))).toBeCloseTo(Math.log1p(168));
    expect(value('author-posts-seen', facts({ activity, author: null }))).toBe(0);
    expect(DENSE_FEATURES.find((d) => d.name === 'author-hours-since')?.group).toBe('author');
  });
});

describe('serving', () => {
  it('reads the named author activity from the artifact at advice time', () => {
    const model = compileModel(
      testArtifact(
        { 'author-hours-since': 1 },
        { activity: { at: '2026-02-01T00:00:00.000Z', authors: { ann: [3, 600, 60] } } },
      ),
    );
    const ctx = buildAdvisorContext([], null);
    const draft = { title: 'Hello', content: '' };
    const score = (author: string | null, hours: number) =>
      scoreDraft(model, ctx, draft, { submolt: null, author, at: new Date(t0 + hours * H) }).prediction.up;
    // ann last posted an hour before the table's time: 3 hours later that is 4 hours since.
    expect(score('ann', 3)).toBeCloseTo(1 + Math.log1p(4));
    expect(score('newcomer', 3)).toBeCloseTo(1);
  });
});
