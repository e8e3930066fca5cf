/**
 * Precision and recall of the quality filter against the forum simulator's labelled junk, and its time
 * per hour.
 *
 *   npm run bench:filter [-- --hours 6 --rate 23000 --seed 42]
 *
 * Every simulator label but 'quality' is junk. Recall per label is the share of that label's posts the
 * filter dropped (for any reason); precision per reason is the share of the posts dropped for that
 * reason that really were junk. Time is the median wall time of filterPosts for one hour.
 */
import { parseArgs } from 'node:util';
import { median as medianOf } from 'simple-statistics';
import { DROP_REASONS, type DropReason, filterPosts } from '../filter/index.ts';
import { generateHour, type PostLabel } from '../sim/world.ts';

const LABELS: readonly PostLabel[] = [
  'quality',
  'spam',
  'duplicate',
  'template',
  'promotion',
  'injection',
  'empty',
  'flood',
];

const { values } = parseArgs({
  options: {
    hours: { type: 'string', default: '6' },
    rate: { type: 'string', default: '23000' },
    seed: { type: 'string', default: '42' },
  },
});
const hours = Number(values.hours);
const rate = Number(values.rate);
const seed = Number(values.seed);
if (![hours, rate, seed].every(Number.isInteger) || hours < 1 || rate < 1) {
  console.error('filter.bench: --hours, --rate and --seed must be integers (hours and rate ≥ 1)');
  process.exit(1);
}

const pct = (part: number, whole: number) =>
  whole === 0 ? '   –  ' : `${((100 * part) / whole).toFixed(1)}%`.padStart(6);

/** label → reason (or 'kept') → count */
const confusion = new Map<PostLabel, Map<DropReason | 'kept', number>>(LABELS.map((l) => [l, new Map()]));
const timings: number[] = [];
let total = 0;
const start = Date.UTC(2026, 1, 10, 0);
for (let h = 0; h < hours; h++) {
  const hourStart = new Date(start + h * 3_600_000);
  const { posts } = generateHour(
    { seed, postsPerHour: rate },
    hourStart,
    new Date(hourStart.getTime() + 2 * 3_600_000),
  );
  const labelOf = new Map(posts.map((p) => [p.post.id, p.label]));
  const started = performance.now();
  const result = filterPosts(posts.map((p) => p.post));
  timings.push(performance.now() - started);
  total += posts.length;
  const bump = (id: string, outcome: DropReason | 'kept') => {
    const row = confusion.get(labelOf.get(id) as PostLabel) as Map<DropReason | 'kept', number>;
    row.set(outcome, (row.get(outcome) ?? 0) + 1);
  };
  for (const post of result.kept) bump(post.id, 'kept');
  for (const { post, reason } of result.dropped) bump(post.id, reason);
}

const sum = (row: Map<DropReason | 'kept', number> | undefined, pick: (k: DropReason | 'kept') => boolean) =>
  Array.from(row ?? [], ([k, n]) => (pick(k) ? n : 0)).reduce((a, b) => a + b, 0);
const quality = confusion.get('quality');
const junkLabels = LABELS.filter((l) => l !== 'quality');
const junkTotal = junkLabels.reduce((n, l) => n + sum(confusion.get(l), () => true), 0);
const junkDropped = junkLabels.reduce((n, l) => n + sum(confusion.get(l), (k) => k !== 'kept'), 0);
const qualityDropped = sum(quality, (k) => k !== 'kept');

console.log(`filter bench: seed ${seed}, ${hours} hours at ~${rate} posts/hour, ${total} posts`);
console.log(
  `overall: precision ${pct(junkDropped, junkDropped + qualityDropped)}  recall ${pct(junkDropped, junkTotal)}  ` +
    `(quality posts dropped: ${qualityDropped} of ${sum(quality, () => true)})`,
);
console.log('\nrecall per label (share dropped, and by which reason):');
for (const label of junkLabels) {
  const row = confusion.get(label);
  const n = sum(row, () => true);
  const reasons = Array.from(row ?? [])
    .filter(([k]) => k !== 'kept')
    .sort((a, b) => b[1] - a[1])
    .map(([k, c]) => `${k} ${c}`)
    .join(', ');
  console.log(
    `  ${label.padEnd(10)} ${pct(
      sum(row, (k) => k !== 'kept'),
      n,
    )} of ${String(n).padStart(6)}   ${reasons}`,
  );
}
console.log('\nprecision per reason (share of its drops that are junk):');
for (const reason of DROP_REASONS) {
  const all = LABELS.reduce((n, l) => n + (confusion.get(l)?.get(reason) ?? 0), 0);
  const wrong = quality?.get(reason) ?? 0;
  console.log(`  ${reason.padEnd(15)} ${pct(all - wrong, all)} of ${String(all).padStart(6)}`);
}
const median = medianOf(timings);
console.log(
  `\ntime per hour: median ${median.toFixed(0)} ms, max ${Math.max(...timings).toFixed(0)} ms ` +
    `(${((1000 * median) / (total / hours)).toFixed(1)} µs per post)`,
);
