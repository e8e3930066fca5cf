import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { canonicalJson, round } from '../../core/canonical-json.ts';
import { addHours, hourFileStem } from '../../core/hours.ts';
import type { Digest, Story, StoryPost } from '../../core/schemas/digest.ts';
import type { HourSignals, NarrativeSignal } from '../../core/schemas/signals.ts';

const TOPICS = [
  'x402',
  'memory files',
  'heartbeat cron',
  'context windows',
  'agent payments',
  'skill files',
  'prompt injection',
  'session resets',
  'model routing',
  'molting',
  'reputation layers',
  'tool calling',
  'sleep cycles',
  'escrow',
  'benchmarks',
  'open weights',
] as const;
const TONES = ['measured', 'bullish', 'skeptical', 'philosophical', 'anxious', 'playful'] as const;

/** Deterministic pseudo-random number in [0, 1) from a key. */
function unit(key: string): number {
  return createHash('sha256').update(key).digest().readUInt32BE(0) / 2 ** 32;
}

function pick<T>(items: readonly T[], key: string): T {
  return items[Math.floor(unit(key) * items.length)] as T;
}

/** A version-8 UUID derived from a key, valid for the Digest schema. */
function uuidFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Narratives live for a few hours: each 6-hour slot starts one, labelled from two topics. */
function narrativesAt(hourIndex: number): NarrativeSignal[] {
  const out: NarrativeSignal[] = [];
  for (let slot = Math.floor(hourIndex / 6) - 3; slot <= Math.floor(hourIndex / 6); slot++) {
    if (slot < 0) continue;
    const start = slot * 6;
    const age = hourIndex - start;
    const life = 8 + Math.floor(unit(`life${slot}`) * 12);
    if (age < 0 || age > life) continue;
    const a = pick(TOPICS, `na${slot}`);
    const b = pick(TOPICS, `nb${slot}`);
    out.push({
      id: `${a}-${b}-${slot}`.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      label: `${a} & ${b}`,
      terms: [a, b],
      share: round(0.04 + unit(`share${slot}:${hourIndex}`) * 0.1, 4),
      posts: 5 + Math.floor(unit(`posts${slot}:${hourIndex}`) * 20),
      firstSeen: new Date(Date.UTC(2000, 0, 1) + start * 3_600_000).toISOString(),
      status: age === 0 ? 'emerging' : age === life ? 'fading' : 'continuing',
    });
  }
  return out;
}

/** A post of the hour, by one of 3,000 authors (so agent pages repeat across hours as on the forum). */
function post(key: string, title: string): StoryPost {
  const id = uuidFor(`post:${key}`);
  return {
    postId: id,
    url: `https://www.moltbook.com/post/${id}`,
    title,
    author: `Agent${Math.floor(unit(`${key}author`) * 3000)}`,
    score: Math.floor(unit(`${key}score`) * 60),
    comments: Math.floor(unit(`${key}comments`) * 80),
  };
}

/** The hour's stories: one per narrative, then a few on single topics, each with a lead and two posts. */
function storiesAt(key: string, narratives: readonly NarrativeSignal[], topics: readonly string[]): Story[] {
  const drafts = [
    ...narratives.map((n) => ({ label: n.label, share: n.share, narrativeId: n.id ?? null })),
    ...topics
      .slice(0, 4)
      .map((t, i) => ({ label: `${t} notes`, share: round(0.01 + i * 0.005, 4), narrativeId: null })),
  ];
  return drafts.map((d, i): Story => {
    const lead = post(`${key}s${i}l`, `What I learned about ${d.label}`);
    const related = [0, 1].map((j) => post(`${key}s${i}r${j}`, `${d.label}: a follow-up (${j + 1})`));
    const all = [lead, ...related];
    return {
      id: `${d.label
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}-${i}`,
      label: d.label,
      kind: 'discussion',
      gist: `Agents compare notes on ${d.label}, led by @${lead.author}.`,
      lead,
      related,
      posts: 3,
      share: d.share,
      agents: 3,
      notableAgents: all.flatMap((p) => (p.author ? [p.author] : [])),
      score: all.reduce((a, p) => a + p.score, 0),
      comments: all.reduce((a, p) => a + p.comments, 0),
      narrativeId: d.narrativeId,
    };
  });
}

/**
 * A valid digest and its signals for the hour `index` hours after `first`; text varies by hour so search
 * and charts have something to show. `phrase`, when given, is put into the summary (for search tests).
 */
export function syntheticHour(
  first: Date,
  index: number,
  phrase?: string,
): { digest: Digest; signals: HourSignals } {
  const hourStart = addHours(first, index);
  const iso = hourStart.toISOString();
  const key = iso;
  const topics = [0, 1, 2, 3, 4].map((i) => pick(TOPICS, `${key}t${i}`));
  const uniqueTopics = [...new Set(topics)];
  const tone = pick(TONES, `${key}tone`);
  const totalPosts = 1800 + Math.floor(unit(`${key}total`) * 1200) + (hourStart.getUTCHours() % 12) * 40;
  const qualityPosts = Math.floor(totalPosts * (0.25 + unit(`${key}q`) * 0.3));
  const narratives = narrativesAt(Math.round((hourStart.getTime() - Date.UTC(2000, 0, 1)) / 3_600_000));
  const title = `${uniqueTopics[0]} and ${uniqueTopics[1] ?? 'agents'} lead a ${tone} hour`;
  const summary = `Of ${totalPosts} posts scraped this hour, ${qualityPosts} passed the quality filter. Agents talked most about ${uniqueTopics.join(', ')}.${phrase ? ` ${phrase}.` : ''}`;
  const fullDigest = [
    `# ${title}`,
    '',
    '## Overview',
    '',
    summary,
    '',
    '## Top topics',
    '',
    ...uniqueTopics.map((t, i) => `${i + 1}. ${t}: ${5 + i}% of posts`),
    '',
    '## Hot discussions',
    '',
    `### 1. ${uniqueTopics[0]} (supportive)`,
    '',
    `A post by @Agent${index % 97} in m/general on ${uniqueTopics[0]} drew ${20 + (index % 50)} comments.`,
    '',
  ].join('\n');
  const draft = {
    id: uuidFor(`digest:${iso}`),
    hourStart: iso,
    hourEnd: addHours(hourStart, 1).toISOString(),
    title,
    summary,
    fullDigest,
    totalPosts,
    qualityPosts,
    topTopics: uniqueTopics,
    emergingNarratives: narratives.filter((n) => n.status === 'emerging').map((n) => n.label),
    continuingNarratives: narratives.filter((n) => n.status === 'continuing').map((n) => n.label),
    fadingNarratives: narratives.filter((n) => n.status === 'fading').map((n) => n.label),
    hotDiscussions: [
      {
        topic: uniqueTopics[0] ?? 'agents',
        sentiment: 'supportive',
        description: `A busy thread on ${uniqueTopics[0]}.`,
        notableAgents: [`Agent${index % 97}`, `Molty${index % 31}`],
      },
    ],
    overallSentiment: tone,
    sentimentShift: 'Steady against the previous hour.',
    topPostPatterns: [],
    stories: storiesAt(key, narratives, uniqueTopics),
    anomalies: [],
    createdAt: addHours(hourStart, 1.05).toISOString(),
  } satisfies Digest;
  const signals: HourSignals = {
    hourStart: iso,
    narratives,
    tone,
    meanCompound: round(unit(`${key}mood`) * 1.2 - 0.4, 4),
  };
  return { digest: draft, signals };
}

/** Writes `digests/…/HH.json` and `signals/…/HH.json` directly (no generator run). */
export async function writeHour(contentDir: string, digest: Digest, signals: HourSignals): Promise<void> {
  const stem = hourFileStem(new Date(digest.hourStart));
  const files: Array<[string, string]> = [
    [join(contentDir, `${stem}.json`), canonicalJson(digest)],
    [join(contentDir, `${stem.replace(/^digests\//, 'signals/')}.json`), canonicalJson(signals)],
  ];
  for (const [path, text] of files) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
}

/**
 * Fills `contentDir` with `count` consecutive hours ending at `last` (inclusive), in parallel batches.
 * Returns the hour starts written, oldest first.
 */
export async function writeSyntheticContent(contentDir: string, count: number, last: Date): Promise<Date[]> {
  const first = addHours(last, -(count - 1));
  const hours: Date[] = [];
  const batch = 64;
  for (let i = 0; i < count; i += batch) {
    const jobs: Promise<void>[] = [];
    for (let j = i; j < Math.min(count, i + batch); j++) {
      const { digest, signals } = syntheticHour(first, j);
      hours.push(new Date(digest.hourStart));
      jobs.push(writeHour(contentDir, digest, signals));
    }
    await Promise.all(jobs);
  }
  return hours;
}
