/**
 * Offline advice latency and throughput on one core.
 *
 *   npm run bench:advisor [-- --requests 2000 --seed 11]
 *
 * Drafts are simulated posts (title + body), each advised with the shipped default model against a
 * context of topics, narratives, stories and patterns, and a similar-post index as big as the learning
 * step keeps at most (7 days of 2,400 labelled rows, `--corpus`): scoring, factors, the similar-post
 * look-up, lessons, joinable stories and the offline rewrites.
 * The baseline measured in the same run is scoring alone (one prediction, no rewrites), the floor of
 * what any advice costs. Targets: p50 ≤ 20 ms, p99 ≤ 100 ms.
 */
import { parseArgs } from 'node:util';
import { quantileSorted } from 'simple-statistics';
import { advise } from '../../core/advisor/advise.ts';
import type { AdvisorContext } from '../../core/advisor/context.ts';
import { splitDraft } from '../../core/advisor/draft.ts';
import { loadAdvisorModel } from '../../core/advisor/load.ts';
import { scoreDraft } from '../../core/advisor/score.ts';
import { EvidenceIndex } from '../../core/advisor/similar.ts';
import { AdvisorRequest, MAX_PROMPT_CHARS } from '../../core/schemas/advisor.ts';
import { generateHour } from '../sim/world.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '11' },
    corpus: { type: 'string', default: String(7 * 2400) },
  },
});
const count = Number(values.requests);
const seed = Number(values.seed);

const { model } = await loadAdvisorModel(null);
const hour = new Date('2026-02-10T12:00:00.000Z');
const posts = generateHour(
  { seed, postsPerHour: Math.max(200, count) },
  hour,
  new Date(hour.getTime() + 7_200_000),
)
  .posts.map((p) => p.post)
  .filter((p) => p.title.trim().length > 0);
const corpusSize = Number(values.corpus);
const corpusPosts = generateHour(
  { seed: seed + 1, postsPerHour: corpusSize },
  new Date(hour.getTime() - 48 * 3_600_000),
  new Date(hour.getTime() - 47 * 3_600_000),
).posts.map((p) => p.post);
const built = performance.now();
const evidence = EvidenceIndex.build(
  corpusPosts.slice(0, corpusSize).map((p, i) => ({
    id: p.id,
    title: p.title.slice(0, 200),
    content: p.content.slice(0, 600),
    author: p.author,
    submolt: p.submolt,
    createdAt: new Date(hour.getTime() - 48 * 3_600_000 + (i % 3600) * 1000).toISOString(),
    upvotes: p.upvotes,
    comments: p.commentCount,
    ageHours: 48,
  })),
);
const buildMs = performance.now() - built;
const prompts = posts.slice(0, count).map((p) => `${p.title}\n\n${p.content}`.slice(0, MAX_PROMPT_CHARS));
const context: AdvisorContext = {
  digestId: '00000000-0000-8000-8000-000000000000',
  hourStart: hour.toISOString(),
  stalled: null,
  postUrlBase: 'https://www.moltbook.com/post/',
  background: [
    {
      stream: 'introductions',
      label: 'introductions',
      posts: 12,
      agents: 12,
      examples: [
        {
          postId: 'bench-intro',
          url: 'https://www.moltbook.com/post/bench-intro',
          title: 'Hello Moltbook, new agent here',
          author: 'bench',
          score: 3,
          comments: 4,
        },
      ],
    },
  ],
  totalPosts: 2300,
  topics: ['agent memory', 'tool use', 'identity', 'crypto launches', 'human operators'].map((name) => ({
    name,
    terms: name.split(' '),
  })),
  narratives: [
    {
      label: 'Memory as identity',
      terms: ['memory', 'identity', 'context', 'persistence'],
      status: 'emerging',
      share: 0.1,
    },
    { label: 'Agents and money', terms: ['token', 'wallet', 'payment'], status: 'continuing', share: 0.08 },
  ],
  stories: [
    {
      id: 'memory-files-between-sessions',
      newsKind: 'discussion',
      news: true,
      label: 'Memory files between sessions',
      kind: 'discussion',
      gist: 'Agents compare notes on memory files between sessions.',
      titles: ['Memory files between sessions: what works'],
      terms: ['memory', 'files', 'sessions', 'context'],
      posts: 6,
      share: 0.1,
      scorePerPost: 12,
      commentsPerPost: 2,
      aboveHour: true,
      rising: true,
      lead: {
        title: 'Memory files between sessions: what works',
        url: 'https://www.moltbook.com/post/bench-0',
        author: 'bench',
        score: 40,
        comments: 5,
      },
      hourStart: hour.toISOString(),
    },
    {
      id: 'wallets-for-agents',
      newsKind: 'discussion',
      news: true,
      label: 'Wallets for agents',
      kind: 'discussion',
      gist: 'Agents compare notes on wallets for agents.',
      titles: ['Wallets for agents: what works'],
      terms: ['wallets', 'token', 'payment'],
      posts: 7,
      share: 0.1,
      scorePerPost: 11,
      commentsPerPost: 2,
      aboveHour: false,
      rising: false,
      lead: {
        title: 'Wallets for agents: what works',
        url: 'https://www.moltbook.com/post/bench-1',
        author: 'bench',
        score: 40,
        comments: 5,
      },
      hourStart: hour.toISOString(),
    },
  ],
  patterns: [
    { pattern: 'asks-a-question', description: 'asks a question', lift: 1.6, digestHour: hour.toISOString() },
    { pattern: 'list-structure', description: 'is a list', lift: 1.4, digestHour: hour.toISOString() },
  ],
};

function measure(name: string, run: (prompt: string) => void): void {
  for (const p of prompts.slice(0, 50)) run(p); // warm-up
  const times: number[] = [];
  const started = performance.now();
  for (const p of prompts) {
    const t = performance.now();
    run(p);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  const q = (x: number) => quantileSorted(times, x).toFixed(2);
  console.log(
    `${name.padEnd(26)} p50 ${q(0.5)} ms  p99 ${q(0.99)} ms  max ${(times[times.length - 1] as number).toFixed(2)} ms  ` +
      `throughput ${((1000 * prompts.length) / total).toFixed(0)} req/s`,
  );
}

console.log(
  `advisor bench: ${prompts.length} simulated drafts, model ${model.artifact.version}, one core (single thread); similar-post index of ${evidence.size} posts built in ${buildMs.toFixed(0)} ms`,
);
const now = new Date('2026-02-10T13:05:00.000Z');
measure('baseline: score only', (prompt) => {
  scoreDraft(model, context, splitDraft(prompt), { submolt: 'general', author: null, at: now });
});
measure('advice (offline, similar posts)', (prompt) => {
  advise({
    model,
    context,
    evidence,
    request: AdvisorRequest.parse({ prompt, context: { submolt: 'general' } }),
    now,
  });
});
console.log('targets: p50 ≤ 20 ms, p99 ≤ 100 ms');
