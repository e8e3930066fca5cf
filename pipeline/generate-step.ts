import { EXIT_INCOMPLETE } from '../generator/cli/exit-codes.ts';
import type { HourPlan } from './hour-plan.ts';
import type { Logger } from './log.ts';
import { runCommand, tail } from './run-command.ts';
import { StepError } from './step-error.ts';

/** Where and against which forum the generator runs. */
export interface GenerateOptions {
  /** Project root, where `npm run generate` / `npm run backfill` are defined. */
  readonly root: string;
  readonly contentDir: string;
  /** Forum API base URL; default FORUM_BASE_URL from the environment. */
  readonly forum: string | undefined;
  /** Prints a line of the generator's output (already redacted by the caller's logger). */
  readonly onOutput: (line: string, stream: 'stdout' | 'stderr') => void;
}

async function npmScript(options: GenerateOptions, script: string, args: string[]) {
  const forum = options.forum === undefined ? [] : ['--forum', options.forum];
  return runCommand(
    'npm',
    ['run', '--silent', script, '--', ...args, '--content', options.contentDir, ...forum],
    {
      cwd: options.root,
      onLine: options.onOutput,
    },
  );
}

/** The generator's own error lines (`error: …`), else the end of its output. */
function errorText(stdout: string, stderr: string): string {
  const errors = stderr
    .split('\n')
    .filter((l) => l.startsWith('error:') || /^(Nothing|Run the same)/.test(l));
  return errors.length > 0 ? errors.join('\n') : tail(`${stdout}\n${stderr}`);
}

/**
 * Runs the generator for a plan: first `npm run backfill` over the range (it publishes only the
 * missing hours, oldest first), then `npm run generate -- --hour H` for each hour to generate. A
 * backfill failure does not keep the newest hour from being published: it is returned (the run then
 * counts as failed) unless the backfill was the whole plan or a usage/configuration error (exit 2),
 * which throw. Exit 3 (published but incomplete) is only a warning: the hour is marked and the next
 * run's backfill redoes it. A generate failure throws StepError (exit 2 for the generator's usage/configuration
 * errors, 1 otherwise).
 */
export async function generateHours(
  plan: HourPlan,
  options: GenerateOptions,
  log: Logger,
): Promise<{ backfillError: string | null }> {
  let backfillError: string | null = null;
  if (plan.backfill) {
    const { from, to } = plan.backfill;
    log.info(`backfill missing hours ${from.toISOString()} … ${to.toISOString()}`);
    const r = await npmScript(options, 'backfill', ['--from', from.toISOString(), '--to', to.toISOString()]);
    if (r.code === EXIT_INCOMPLETE)
      log.warn('backfill published some hours incomplete; the next run redoes them');
    else if (r.code !== 0) {
      backfillError = `npm run backfill exited ${r.code}: ${errorText(r.stdout, r.stderr)}`;
      if (r.code === 2 || plan.generate.length === 0)
        throw new StepError('backfill', backfillError, r.code === 2 ? 2 : 1);
      log.warn(`${backfillError}\ngenerating the newest hour anyway`);
    }
  }
  for (const hour of plan.generate) {
    log.info(`generate ${hour.toISOString()}`);
    const r = await npmScript(options, 'generate', ['--hour', hour.toISOString()]);
    if (r.code === EXIT_INCOMPLETE)
      log.warn(`${hour.toISOString()} published incomplete (comment threads failed); the next run redoes it`);
    else if (r.code !== 0)
      throw new StepError(
        'generate',
        `npm run generate -- --hour ${hour.toISOString()} exited ${r.code}: ${errorText(r.stdout, r.stderr)}` +
          (backfillError ? `\n(before it, ${backfillError})` : ''),
        r.code === 2 ? 2 : 1,
      );
  }
  return { backfillError };
}
