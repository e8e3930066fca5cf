import { lastCompleteHour } from '../../core/hours.ts';
import { assertCompleteHour, publishAndLearn } from '../jobs.ts';
import { hourFlag, parseFlags, SOURCE_FLAGS } from './args.ts';
import { CliError, describeIncomplete, runCommand } from './context.ts';
import { EXIT_INCOMPLETE } from './exit-codes.ts';
import type { CommandIo } from './io.ts';

const USAGE =
  'usage: npm run generate -- [--hour <ISO hour>] [--forum <api base url>] [--content <dir>]\n' +
  '       npm run generate -- --hour <ISO hour> --posts-file <jsonl> [--comments-file <jsonl>] [--content <dir>]\n' +
  '  Builds and publishes the digest of one hour (default: the last complete hour), scraped from the\n' +
  '  forum, or replayed with no network from recorded posts (and comments), one JSON object a line.\n' +
  '  Exit: 0 published, 1 failed (nothing published), 2 bad arguments, 3 published but incomplete\n' +
  '  (comment threads failed; the hour is marked and the next backfill redoes it).';

/**
 * The `generate` command (`npm run generate`, usage above) over `argv` (the arguments after the
 * script) and `io`; resolves to its exit code (exit-codes.ts).
 */
export function generateCommand(argv: string[], io: CommandIo): Promise<number> {
  return runCommand(io, async ({ createContext, say }) => {
    const flags = parseFlags(
      argv,
      {
        hour: { type: 'string' },
        ...SOURCE_FLAGS,
      },
      USAGE,
    );
    if (flags.help) {
      io.out(USAGE);
      return;
    }
    const now = io.now();
    const hour = flags.hour === undefined ? lastCompleteHour(now) : hourFlag('hour', flags.hour);
    assertCompleteHour(hour, now);
    const ctx = await createContext({
      forum: flags.forum,
      content: flags.content,
      postsFile: flags['posts-file'],
      commentsFile: flags['comments-file'],
    });
    const { report } = await publishAndLearn(ctx, hour, () => io.now());
    say(
      `${report.hourStart} ${report.outcome}: ${report.qualityPosts}/${report.totalPosts} quality posts, ` +
        `digest ${report.digestId} — ${report.title}${report.incomplete ? ` (${describeIncomplete(report.threads)})` : ''}`,
    );
    if (report.incomplete)
      throw new CliError(
        `${report.hourStart} was published ${describeIncomplete(report.threads)}; it is marked, and the next backfill (or this command again) redoes it`,
        EXIT_INCOMPLETE,
      );
  });
}
