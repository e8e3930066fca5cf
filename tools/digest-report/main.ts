// The command of `npm run digest:report -- [--content <dir>] [--from <ISO hour>] [--to <ISO hour>] [--json]`: what a reader
// would find wrong or weak in the published digests. Exit 0 ran, 1 no digest in range, 2 bad arguments.
import { parseReportArgs, USAGE, UsageError } from './args.ts';
import { loadHours } from './load.ts';
import { renderReport } from './render.ts';
import { reportDigests } from './report.ts';

/** Runs the command; returns the exit code. Output goes to the given writers (the process's by default). */
export async function main(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void = (t) => process.stdout.write(t),
  err: (text: string) => void = (t) => process.stderr.write(t),
): Promise<number> {
  let args: ReturnType<typeof parseReportArgs>;
  try {
    args = parseReportArgs(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    err(`error: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  if (args.help) {
    out(`${USAGE}\n`);
    return 0;
  }
  const { hours, problems } = await loadHours(args.contentDir, args.from, args.to);
  for (const p of problems) err(`warning: ${p}\n`);
  if (hours.length === 0) {
    const range =
      args.from || args.to
        ? ` from ${args.from?.toISOString() ?? 'the first'} to ${args.to?.toISOString() ?? 'the last'}`
        : '';
    err(`no digest in ${args.contentDir}${range}\n`);
    return 1;
  }
  const report = reportDigests(hours);
  out(
    args.json
      ? `${JSON.stringify({ contentDir: args.contentDir, problems, ...report }, null, 2)}\n`
      : renderReport(report, args.contentDir),
  );
  return 0;
}
