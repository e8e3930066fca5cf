/**
 * Evaluates the advisor's engagement model on a time split of posts files (format of the shared
 * Moltbook sample's posts.jsonl; rows observed at ≥ 24 h are labelled):
 *
 *   npm run advisor:eval -- --train <posts.jsonl> --test <posts.jsonl>
 *   npm run advisor:eval -- --data <posts.jsonl> (--split-at <ISO time> | --split <fraction, default 0.7>)
 *
 * Prints, for the model and the baselines, Spearman ρ over all rows and within creation hours (hours of
 * ≥ 10 rows, weighted by rows), same-hour and same-community pairwise accuracy and NDCG@10 per hourly
 * cohort, content-only beside content + author. The last line is `spearman=<model> baseline=<best>
 * hour_spearman=<model> hour_baseline=<best> pairwise=<model> pairwise_baseline=<best>` (eval-report.ts).
 *
 *   npm run advisor:eval -- --rolling --data <posts.jsonl> [--block-hours 6]
 *
 * evaluates as the hourly job retrains (rolling origin, `learn/rolling.ts`): for each block of
 * `--block-hours` on the UTC clock, a model trained on every row created 24 h before the block's start
 * scores the block. Prints each block, then the pooled figures with 90 % intervals; the last line has
 * the same form as above (pooled over every block).
 *
 *   npm run advisor:eval -- --drafts --data <posts.jsonl> --content <dir> --from <ISO> [--to <ISO>] [--count 12] [--whole] [--digests <dir>]
 *
 * prints, one JSON line each, the advice the service would have given for real posts created in
 * [from, to) used as drafts (with `--whole`, only posts the sample holds whole, as a writer's draft is), from a content folder built only from the hours before `from` (a
 * backfill that stops there), beside what each post really drew: material for judging the answers. With
 * `--digests`, each draft reads the digests of that folder published before it was written (the stories it
 * could join), while the model and the similar posts stay those of `--content`.
 * Exit 2 on usage errors, 1 on unusable data.
 */

import { adviseReal, realDrafts } from '../learn/advise-real.ts';
import { formatEvaluation, formatRolling } from '../learn/eval-report.ts';
import { evaluateSplit } from '../learn/evaluate.ts';
import { readPostsFile, splitByTime, splitTimeAt, withActivity } from '../learn/posts-file.ts';
import { rollingOrigin } from '../learn/rolling.ts';
import { trainModel } from '../learn/train.ts';
import { rollingValidation } from '../learn/validate.ts';
import { parseFlags } from './args.ts';
import { CliError } from './context.ts';

const USAGE =
  'usage: advisor-eval --train <posts.jsonl> --test <posts.jsonl>\n' +
  '       advisor-eval --data <posts.jsonl> [--split-at <ISO time> | --split <0–1>]\n' +
  '       advisor-eval --validate (--train <posts.jsonl> | --data <posts.jsonl> --split-at <ISO time>)\n' +
  '         (rolling validation inside the training rows only)\n' +
  '       advisor-eval --rolling --data <posts.jsonl> [--block-hours <h, default 6>]\n' +
  '         (rolling origin: each block scored by a model trained on the rows labelled at its start)\n' +
  '       advisor-eval --drafts --data <posts.jsonl> --content <dir> --from <ISO> [--to <ISO>] [--count 12] [--whole] [--digests <dir>]\n' +
  '         (advice for real later posts as drafts, as JSON lines; --whole: only posts held whole;\n' +
  '          --digests: each draft reads the digests of <dir> published before it)';

function parseTime(text: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime()))
    throw new CliError(`--split-at must be an ISO time, got "${text}"\n${USAGE}`, 2);
  return at;
}

async function main(argv: string[]): Promise<void> {
  const flags = parseFlags(
    argv,
    {
      train: { type: 'string' },
      test: { type: 'string' },
      data: { type: 'string' },
      'split-at': { type: 'string' },
      split: { type: 'string' },
      validate: { type: 'boolean' },
      rolling: { type: 'boolean' },
      'block-hours': { type: 'string' },
      drafts: { type: 'boolean' },
      content: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      count: { type: 'string' },
      whole: { type: 'boolean' },
      digests: { type: 'string' },
    },
    USAGE,
  );
  if (flags.drafts) {
    if (flags.data === undefined || flags.content === undefined || flags.from === undefined)
      throw new CliError(`--drafts needs --data, --content and --from\n${USAGE}`, 2);
    const from = parseTime(flags.from);
    const to = flags.to === undefined ? new Date(from.getTime() + 12 * 3_600_000) : parseTime(flags.to);
    const drafts = await realDrafts(flags.data, { from, to }, Number(flags.count ?? '12'), {
      whole: flags.whole === true,
    });
    for (const a of await adviseReal(flags.content, drafts, from, flags.digests))
      console.log(JSON.stringify(a));
    return;
  }
  if (flags.rolling) {
    if (flags.data === undefined || flags.train !== undefined || flags.test !== undefined)
      throw new CliError(`--rolling reads one file: --data <posts.jsonl>\n${USAGE}`, 2);
    const blockHours = Number(flags['block-hours'] ?? '6');
    if (!(blockHours > 0)) throw new CliError(`--block-hours must be a positive number\n${USAGE}`, 2);
    const file = await readPostsFile(flags.data);
    const report = rollingOrigin(file.labelled, {
      blockHours,
      train: (rows, now) => trainModel(rows, { source: 'file', now }),
    });
    if (report.blocks.length === 0)
      throw new CliError(
        `no block has 20 rows labelled before it (${file.labelled.length} labelled rows)`,
        1,
      );
    for (const l of formatRolling(report)) console.log(l);
    return;
  }
  if (flags.validate) {
    const only = flags.train ?? flags.data;
    if (
      only === undefined ||
      flags.test !== undefined ||
      (flags.train !== undefined && flags.data !== undefined)
    )
      throw new CliError(
        `--validate reads only --train, or the part of --data before --split-at\n${USAGE}`,
        2,
      );
    const file = await readPostsFile(only);
    let rows = file.labelled;
    if (flags.data !== undefined) {
      if (flags['split-at'] === undefined)
        throw new CliError(`--validate --data needs --split-at\n${USAGE}`, 2);
      rows = splitByTime(rows, parseTime(flags['split-at'])).before;
    }
    if (rows.length < 100)
      throw new CliError(`not enough labelled rows to validate: ${rows.length} (need 100)`, 1);
    const v = rollingValidation(rows);
    console.log(`rolling validation inside ${only} (${rows.length} labelled rows, no test rows read)`);
    const f = (v: number | null, w: number) => (v === null ? '–' : v.toFixed(3)).padStart(w);
    console.log(
      'block                                        fit  rows  ρ(up) ρ(comm)  hρ(up) h-pairs | author prior: ρ  hρ  h-pairs',
    );
    for (const b of v.blocks)
      console.log(
        `${b.from.slice(0, 16)} → ${b.to.slice(0, 16)}  ${String(b.fitRows).padStart(5)} ${String(b.rows).padStart(5)} ${f(b.spearman, 6)} ${f(b.spearmanComments, 7)} ${f(b.hourSpearman, 7)} ${f(b.hourPairwise, 7)} | ${f(b.authorPrior, 6)} ${f(b.authorPriorHour, 6)} ${f(b.authorPriorPairwise, 6)}`,
      );
    console.log(
      `mean ρ(up) ${f(v.mean, 0)}, ρ(comm) ${f(v.meanComments, 0)}, within-hour ρ ${f(v.meanHour, 0)}, same-hour pairs ${f(v.meanPairwise, 0)}; author prior ρ ${f(v.meanAuthorPrior, 0)}, within-hour ${f(v.meanAuthorPriorHour, 0)}, pairs ${f(v.meanAuthorPriorPairwise, 0)}`,
    );
    return;
  }
  let train: Awaited<ReturnType<typeof readPostsFile>>['labelled'];
  let test: typeof train;
  if (flags.train !== undefined && flags.test !== undefined && flags.data === undefined) {
    const [a, b] = await Promise.all([readPostsFile(flags.train), readPostsFile(flags.test)]);
    for (const [name, file] of [
      [flags.train, a],
      [flags.test, b],
    ] as const)
      if (file.skipped > 0)
        console.error(`${name}: skipped ${file.skipped} unusable lines (${file.firstProblem})`);
    // Activity features read every post seen before each row: the train file's, then the test file's
    // own earlier posts (as the hourly job would have them at posting time).
    const history = [...a.posts, ...b.posts];
    train = withActivity(a.labelled, history);
    test = withActivity(b.labelled, history);
  } else if (flags.data !== undefined && flags.train === undefined && flags.test === undefined) {
    const file = await readPostsFile(flags.data);
    let at: Date;
    if (flags['split-at'] !== undefined) at = parseTime(flags['split-at']);
    else {
      const fraction = Number(flags.split ?? '0.7');
      if (!(fraction > 0 && fraction < 1)) throw new CliError(`--split must be between 0 and 1\n${USAGE}`, 2);
      at = splitTimeAt(file.labelled, fraction);
    }
    ({ before: train, after: test } = splitByTime(file.labelled, at));
  } else {
    throw new CliError(`give --train and --test, or --data\n${USAGE}`, 2);
  }
  if (train.length < 20 || test.length < 2)
    throw new CliError(
      `not enough labelled rows (age ≥ 24 h): train ${train.length} (need 20), test ${test.length} (need 2)`,
      1,
    );
  for (const l of formatEvaluation(evaluateSplit(train, test))) console.log(l);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(error instanceof CliError ? error.exitCode : 1);
});
