import { hoursBetween } from '../core/hours.ts';
import { createGeneratorContext, SetupError } from '../generator/context.ts';
import {
  assertCompleteHour,
  type BackfillResult,
  backfillHours,
  publishAndLearn,
} from '../generator/jobs.ts';
import type { HourPlan } from './hour-plan.ts';
import type { Logger } from './log.ts';
import { StepError } from './step-error.ts';

/** Where and against which forum the generator runs. */
export interface GenerateOptions {
  readonly contentDir: string;
  /** Forum API base URL; default FORUM_BASE_URL from `env`. */
  readonly forum: string | undefined;
  /** The generator's configuration variables (empty values already dropped). */
  readonly env: Record<string, string | undefined>;
  /** Prints one of the generator's log lines (JSON events, already redacted by the generator). */
  readonly onOutput: (line: string) => void;
}

/** What the generate step did: the backfill's result and the hours generated after it. */
export interface GenerateResult {
  readonly backfill: BackfillResult | null;
  /** Why the backfill failed, when it did (the run then counts as failed). */
  readonly backfillError: string | null;
  readonly generated: readonly string[];
}

/**
 * Runs the generator in-process for a plan: first the backfill over the range (it publishes only the
 * missing or incomplete hours, oldest first), then each hour to generate, each followed by the
 * advisor's learning step. A backfill failure does not keep the newest hour from being published: it
 * is returned (the run then counts as failed) unless the backfill was the whole plan. A bad generator
 * configuration throws StepError with exit 2; a failed hour to generate throws StepError with exit 1.
 * An hour published incomplete (failed comment threads) is only a warning: it is marked, and the next
 * run's backfill redoes it.
 */
export async function generateHours(
  plan: HourPlan,
  options: GenerateOptions,
  log: Logger,
): Promise<GenerateResult> {
  const firstStep = plan.backfill ? 'backfill' : 'generate';
  let ctx: Awaited<ReturnType<typeof createGeneratorContext>>;
  try {
    ctx = await createGeneratorContext({ forum: options.forum, content: options.contentDir }, options.env, {
      write: options.onOutput,
    });
  } catch (error) {
    const message = `generator configuration: ${(error as Error)?.message ?? String(error)}`;
    throw new StepError(firstStep, message, error instanceof SetupError ? 2 : 1);
  }
  const now = () => new Date();
  let backfill: BackfillResult | null = null;
  let backfillError: string | null = null;
  if (plan.backfill) {
    const { from, to } = plan.backfill;
    log.info(`backfill missing hours ${from.toISOString()} … ${to.toISOString()}`);
    backfill = await backfillHours(ctx, hoursBetween(from, to), now, (step) => {
      if (step.kind === 'published')
        log.info(
          `${step.result.report.hourStart} ${step.result.report.outcome}${step.redone ? ' (redone)' : ''}: ` +
            `${step.result.report.qualityPosts}/${step.result.report.totalPosts} quality posts`,
        );
    });
    if (backfill.incomplete.length > 0)
      log.warn(
        `backfill published ${backfill.incomplete.join(', ')} incomplete (comment threads failed); the next run redoes them`,
      );
    if (backfill.failure) {
      backfillError = ctx.redact(
        `backfill failed at ${backfill.failure.hour.toISOString()}: ${backfill.failure.error.message}`,
      );
      if (plan.generate.length === 0) throw new StepError('backfill', backfillError);
      log.warn(`${backfillError}\ngenerating the newest hour anyway`);
    }
  }
  const generated: string[] = [];
  for (const hour of plan.generate) {
    log.info(`generate ${hour.toISOString()}`);
    try {
      assertCompleteHour(hour, now());
      const { report } = await publishAndLearn(ctx, hour, now);
      generated.push(report.hourStart);
      log.info(
        `${report.hourStart} ${report.outcome}: ${report.qualityPosts}/${report.totalPosts} quality posts — ${report.title}`,
      );
      if (report.incomplete)
        log.warn(`${report.hourStart} published incomplete (comment threads failed); the next run redoes it`);
    } catch (error) {
      const message = ctx.redact(
        `generate ${hour.toISOString()} failed: ${(error as Error)?.message ?? String(error)}` +
          (backfillError ? `\n(before it, ${backfillError})` : ''),
      );
      throw new StepError('generate', message, error instanceof SetupError ? 2 : 1);
    }
  }
  return { backfill, backfillError, generated };
}
