import { hoursBetween, lastCompleteHour } from '../../core/hours.ts';
import { backfillHours } from '../jobs.ts';
import { hourFlag, parseFlags, SOURCE_FLAGS } from './args.ts';
import { CliError, describeIncomplete, runCommand } from './context.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';
import type { CommandIo } from './io.ts';

const USAGE =
  'usage: npm run backfill -- --from <ISO hour> --to <ISO hour> [--forum <api base url>] [--content <dir>]\n' +
  '       npm run backfill -- --from <ISO hour> --to <ISO hour> --posts-file <jsonl> [--comments-file <jsonl>] [--content <dir>]\n' +
  '  With --posts-file the hours are replayed from recorded posts (and comments), read once, with no network.\n' +
  '  Publishes every missing hour from --from to --to (both included), oldest first. Hours that already\n' +
  '  have a complete digest are skipped, so an interrupted backfill resumes where it stopped when run again;\n' +
  '  hours published incomplete (failed comment threads) are redone.\n' +
  '  Exit: 0 done, 1 failed (the failing hour not published), 2 bad arguments, 3 done but some hours incomplete.';

/**
 * The `backfill` command (`npm run backfill`, usage above) over `argv` (the arguments after the
 * script) and `io`; resolves to its exit code (exit-codes.ts).
 */
export function backfillCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(io, async ({ createContext, say }) => {
    const flags = parseFlags(
      argv,
      {
        from: { type: 'string' },
        to: { type: 'string' },
        ...SOURCE_FLAGS,
      },
      USAGE,
    );
    if (flags.help) {
      io.out(USAGE);
      return;
    }
    if (flags.from === undefined || flags.to === undefined)
      throw new CliError(`--from and --to are required\n${USAGE}`, 2);
    const from = hourFlag('from', flags.from);
    const to = hourFlag('to', flags.to);
    if (to < from) throw new CliError('--to must not be before --from', 2);
    const last = lastCompleteHour(io.now());
    if (to > last)
      throw new CliError(`--to must be a complete hour (the last one is ${last.toISOString()})`, 2);
    const hours = hoursBetween(from, to);
    const ctx = await createContext({
      forum: flags.forum,
      content: flags.content,
      postsFile: flags['posts-file'],
      commentsFile: flags['comments-file'],
    });
    const prefix = (hour: Date, i: number) => `[${i + 1}/${hours.length}] ${hour.toISOString()}`;
    const result = await backfillHours(
      ctx,
      hours,
      () => io.now(),
      (step, i) => {
        if (step.kind === 'skipped') return say(`${prefix(step.hour, i)} already published, skipped`);
        if (step.redone) say(`${prefix(step.hour, i)} published incomplete before, redoing`);
        const { report } = step.result;
        say(
          `${prefix(step.hour, i)} ${report.outcome}: ${report.qualityPosts}/${report.totalPosts} quality posts — ${report.title}` +
            `${report.incomplete ? ` (${describeIncomplete(report.threads)})` : ''}`,
        );
      },
    );
    if (result.failure) {
      const i = hours.findIndex((h) => h.getTime() === result.failure?.hour.getTime());
      throw new CliError(
        `${prefix(result.failure.hour, i)} failed: ${result.failure.error.message}\nNothing was published for this hour; run the same command again to resume.`,
        1,
      );
    }
    const done = result.steps.filter((s) => s.kind === 'published').length;
    say(`backfill complete: ${done} published, ${hours.length - done} already there`);
    if (result.incomplete.length > 0)
      throw new CliError(
        `${result.incomplete.length} hours published incomplete (failed comment threads): ${result.incomplete.join(', ')}; ` +
          'they are marked, and the next backfill over them redoes them',
        EXIT_INCOMPLETE,
      );
  });
}
