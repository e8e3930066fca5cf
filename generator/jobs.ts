import { readDigest } from '../core/content/digest-store.ts';
import { addHours } from '../core/hours.ts';
import { isMarkedIncomplete } from './content/incomplete.ts';
import type { GeneratorContext } from './context.ts';
import { SetupError } from './context.ts';
import { type LearnOutcome, learnStep } from './learn-step.ts';
import { type HourReport, runHour } from './run-hour.ts';

/** Hours at most this far apart are backfilled in one run (a week). */
export const MAX_BACKFILL_HOURS = 24 * 7;

/** One hour published (possibly incomplete), then learnt from. */
export interface PublishedHour {
  readonly report: HourReport;
  readonly learn: LearnOutcome;
}

/** The part of a context a job needs. */
export type JobContext = Pick<GeneratorContext, 'contentDir' | 'source' | 'analyser' | 'log'> &
  Partial<Pick<GeneratorContext, 'labelSource'>>;

/** Refuses an hour that has not ended at `now` (SetupError): only complete hours are published. */
export function assertCompleteHour(hour: Date, now: Date): void {
  if (addHours(hour, 1) > now)
    throw new SetupError(`--hour ${hour.toISOString()} has not ended yet; only complete hours are published`);
}

/**
 * Publishes one hour (see `runHour`), then runs the learning step over it. Scraping and publishing
 * errors propagate with nothing of the hour published; a learning failure is in the result.
 */
export async function publishAndLearn(
  ctx: JobContext,
  hourStart: Date,
  now: () => Date,
): Promise<PublishedHour> {
  const { scraped, ...report } = await runHour({ ...ctx, hourStart, now });
  const learn = await learnStep({
    contentDir: ctx.contentDir,
    scraped,
    source: ctx.source,
    ...(ctx.labelSource ? { labelSource: ctx.labelSource } : {}),
    hourStart,
    now,
    log: ctx.log,
  });
  return { report, learn };
}

/** What a backfill did with one hour. */
export type BackfillStep =
  | { readonly hour: Date; readonly kind: 'skipped' }
  | {
      readonly hour: Date;
      readonly kind: 'published';
      readonly redone: boolean;
      readonly result: PublishedHour;
    };

/** A backfill's result: every hour handled, in order, and the failure that stopped it, if any. */
export interface BackfillResult {
  readonly steps: readonly BackfillStep[];
  /** Hours published incomplete (failed comment threads), marked and redone by the next backfill. */
  readonly incomplete: readonly string[];
  /** The hour whose run failed (nothing of it published); the hours after it were not tried. */
  readonly failure?: { readonly hour: Date; readonly error: Error };
}

/**
 * Publishes every hour of `hours` that has no digest yet or is marked incomplete, oldest first;
 * `onStep` hears each hour as it is done (progress). Stops at the first failing hour and returns it
 * (never throws for it), so a re-run resumes there.
 */
export async function backfillHours(
  ctx: JobContext,
  hours: readonly Date[],
  now: () => Date,
  onStep: (step: BackfillStep, index: number) => void = () => undefined,
): Promise<BackfillResult> {
  if (hours.length > MAX_BACKFILL_HOURS)
    throw new SetupError(`at most ${MAX_BACKFILL_HOURS} hours per backfill (asked ${hours.length})`);
  const steps: BackfillStep[] = [];
  const incomplete: string[] = [];
  for (const [i, hour] of hours.entries()) {
    let redone = false;
    if (await readDigest(ctx.contentDir, hour)) {
      if (!(await isMarkedIncomplete(ctx.contentDir, hour))) {
        steps.push({ hour, kind: 'skipped' });
        onStep({ hour, kind: 'skipped' }, i);
        continue;
      }
      redone = true;
    }
    let result: PublishedHour;
    try {
      result = await publishAndLearn(ctx, hour, now);
    } catch (error) {
      return {
        steps,
        incomplete,
        failure: { hour, error: error instanceof Error ? error : new Error(String(error)) },
      };
    }
    if (result.report.incomplete) incomplete.push(result.report.hourStart);
    const step: BackfillStep = { hour, kind: 'published', redone, result };
    steps.push(step);
    onStep(step, i);
  }
  return { steps, incomplete };
}
