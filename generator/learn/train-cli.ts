/**
 * Trains the advisor model.
 *
 *   npm run advisor:train -- --content <dir>       retrain on <dir>/advisor/training and publish the model + card
 *   npm run advisor:train -- --default [--hours 72] build core/advisor/default-model.json from the forum simulator
 *
 * The default model is trained only on simulated posts (never on the shared real sample, which has no
 * licence). Prints the model version and its held-out figures.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_MODEL_URL } from '../../core/advisor/load.ts';
import type { ModelArtifact } from '../../core/advisor/model.ts';
import { modelCardJson, modelCardMarkdown } from '../../core/advisor/model-card.ts';
import { writeFileAtomic } from '../content/atomic-write.ts';
import { simulateHours } from './simulate.ts';
import { advisorPaths, readActivity, readRecentPending, readTrainingSet } from './store.ts';
import { trainServedModel } from './train-served.ts';

const { values } = parseArgs({
  options: {
    content: { type: 'string' },
    default: { type: 'boolean', default: false },
    hours: { type: 'string', default: '60' },
    seed: { type: 'string', default: '7' },
    rate: { type: 'string', default: '120' },
  },
});

function summary(a: ModelArtifact): string {
  const v = a.validation;
  return `${a.version}: ${a.rows.train} rows ${a.trainingWindow.from} → ${a.trainingWindow.to}; held-out ρ ${v?.model.spearman.toFixed(3)} vs best baseline ${v?.bestBaseline} ${v?.baseline.spearman.toFixed(3)}`;
}

if (values.default) {
  const dir = await mkdtemp(join(tmpdir(), 'murmur-advisor-default-'));
  try {
    const start = new Date('2026-01-27T00:00:00.000Z');
    const hours = Number(values.hours);
    await simulateHours({
      contentDir: dir,
      start,
      hours,
      seed: Number(values.seed),
      postsPerHour: Number(values.rate),
      minRows: Number.POSITIVE_INFINITY,
    });
    const rows = await readTrainingSet(dir);
    const end = new Date(start.getTime() + hours * 3_600_000);
    const reference = await readRecentPending(dir, new Date(end.getTime() - 24 * 3_600_000), end);
    const activity = await readActivity(dir);
    const artifact = trainServedModel(rows, {
      source: 'simulator',
      now: end,
      buckets: 2 ** 14,
      reference,
      maxAuthors: 2000,
      activity: activity.snapshot(end, 2000),
    });
    const path = DEFAULT_MODEL_URL.pathname;
    await writeFileAtomic(path, `${JSON.stringify(artifact)}\n`);
    await writeFileAtomic(path.replace(/\.json$/, '-card.md'), modelCardMarkdown(artifact));
    // The file lives in the source tree, which the linter checks: give it the formatter's layout.
    try {
      execFileSync('npx', ['biome', 'format', '--write', path], { stdio: 'ignore' });
    } catch {
      console.error(`could not format ${path}; run: npx biome format --write ${path}`);
    }
    console.log(`default model ${summary(artifact)} → ${path}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
} else if (values.content !== undefined) {
  const paths = advisorPaths(values.content);
  const rows = await readTrainingSet(values.content);
  if (rows.length < 20) {
    console.error(`${paths.trainingDir}: only ${rows.length} labelled rows; need at least 20`);
    process.exit(1);
  }
  const now = new Date();
  const reference = await readRecentPending(values.content, new Date(now.getTime() - 24 * 3_600_000), now);
  const activity = await readActivity(values.content);
  const artifact = trainServedModel(rows, {
    source: 'forum',
    now,
    reference: reference.length >= 50 ? reference : undefined,
    activity: activity.size > 0 ? activity.snapshot(now, 5000) : undefined,
  });
  await writeFileAtomic(paths.model, `${JSON.stringify(artifact)}\n`);
  await writeFileAtomic(paths.cardJson, modelCardJson(artifact));
  await writeFileAtomic(paths.cardMarkdown, modelCardMarkdown(artifact));
  console.log(`model ${summary(artifact)} → ${paths.model}`);
} else {
  console.error('usage: advisor:train -- --content <dir> | --default [--hours 60 --seed 7 --rate 120]');
  process.exit(2);
}
