import { readDigest } from '../../core/content/digest-store.ts';
import { hoursBetween, lastCompleteHour } from '../../core/hours.ts';
import { isMarkedIncomplete } from '../content/incomplete.ts';
import { runHour } from '../run-hour.ts';
import { hourFlag, parseFlags } from './args.ts';
import { CliError, createContext, describeIncomplete, runCli } from './context.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';

const USAGE =
  'usage: npm run backfill -- --from <ISO hour> --to <ISO hour> [--forum <api base url>] [--content <dir>]\n' +
  '       npm run backfill -- --from <ISO hour> --to <ISO hour> --posts-file <jsonl> [--comments-file <jsonl>] [--content <dir>]\n' +
  '  With --posts-file the hours are replayed from recorded posts (and comments), read once, with no network.\n' +
  '  Publishes every missing hour from --from to --to (both included), oldest first. Hours that already\n' +
  '  have a complete digest are skipped, so an interrupted backfill resumes where it stopped when run again;\n' +
  '  hours published incomplete (failed comment threads) are redone.\n' +
  '  Exit: 0 done, 1 failed (the failing hour not published), 2 bad arguments, 3 done but some hours incomplete.';

/** Hours at most this far apart are backfilled in one run (a week). */
const MAX_HOURS = 24 * 7;

await runCli(async () => {
  const flags = parseFlags(
    process.argv.slice(2),
    {
      from: { type: 'string' },
      to: { type: 'string' },
      forum: { type: 'string' },
      content: { type: 'string' },
      'posts-file': { type: 'string' },
      'comments-file': { type: 'string' },
      help: { type: 'boolean' },
    },
    USAGE,
  );
  if (flags.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (flags.from === undefined || flags.to === undefined)
    throw new CliError(`--from and --to are required\n${USAGE}`, 2);
  const from = hourFlag('from', flags.from);
  const to = hourFlag('to', flags.to);
  if (to < from) throw new CliError('--to must not be before --from', 2);
  const last = lastCompleteHour(new Date());
  if (to > last)
    throw new CliError(`--to must be a complete hour (the last one is ${last.toISOString()})`, 2);
  const hours = hoursBetween(from, to);
  if (hours.length > MAX_HOURS)
    throw new CliError(`at most ${MAX_HOURS} hours per backfill (asked ${hours.length})`, 2);

  const ctx = await createContext({
    forum: flags.forum,
    content: flags.content,
    postsFile: flags['posts-file'],
    commentsFile: flags['comments-file'],
  });
  let done = 0;
  const incomplete: string[] = [];
  for (const [i, hour] of hours.entries()) {
    const prefix = `[${i + 1}/${hours.length}] ${hour.toISOString()}`;
    if (await readDigest(ctx.contentDir, hour)) {
      if (!(await isMarkedIncomplete(ctx.contentDir, hour))) {
        process.stdout.write(`${prefix} already published, skipped\n`);
        continue;
      }
      process.stdout.write(`${prefix} published incomplete before, redoing\n`);
    }
    try {
      const report = await runHour({ ...ctx, hourStart: hour, now: () => new Date() });
      done++;
      if (report.incomplete) incomplete.push(report.hourStart);
      process.stdout.write(
        `${prefix} ${report.outcome}: ${report.qualityPosts}/${report.totalPosts} quality posts — ${report.title}` +
          `${report.incomplete ? ` (${describeIncomplete(report.threads)})` : ''}\n`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new CliError(
        `${prefix} failed: ${message}\nNothing was published for this hour; run the same command again to resume.`,
        1,
      );
    }
  }
  process.stdout.write(`backfill complete: ${done} published, ${hours.length - done} already there\n`);
  if (incomplete.length > 0)
    throw new CliError(
      `${incomplete.length} hours published incomplete (failed comment threads): ${incomplete.join(', ')}; ` +
        'they are marked, and the next backfill over them redoes them',
      EXIT_INCOMPLETE,
    );
});
