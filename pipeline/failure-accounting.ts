import { reportFailure, resolveFailure } from './failure-issue.ts';
import type { Logger } from './log.ts';
import type { PipelineOptions } from './options.ts';
import type { RunResult } from './run-pipeline.ts';
import type { PipelineState } from './state.ts';

/**
 * The GitHub side of failure accounting: after a failed run that reaches `failureThreshold`
 * consecutive failures, opens or updates the failure issue (recording its number in `next`); after a
 * successful run, closes it. API errors are warnings: they never change the run's result.
 */
export async function accountFailures(
  options: PipelineOptions,
  result: RunResult,
  next: PipelineState,
  log: Logger,
  redact: (text: string) => string,
): Promise<void> {
  const target = options.github;
  const warn = (m: string) => log.warn(redact(m));
  if (!target) {
    if (result.outcome === 'failed' && result.consecutiveFailures >= options.failureThreshold)
      log.warn(`failure issue not filed: ${options.githubMissing}`);
    return;
  }
  try {
    if (result.outcome !== 'failed') {
      const closed = await resolveFailure(target, new Date(), warn);
      if (closed !== null) log.info(`closed failure issue #${closed}`);
      delete next.issueNumber;
    } else if (result.consecutiveFailures >= options.failureThreshold) {
      const { number, action } = await reportFailure(
        target,
        {
          consecutiveFailures: result.consecutiveFailures,
          threshold: options.failureThreshold,
          step: result.step ?? 'internal',
          message: result.error ?? '',
          at: new Date(),
        },
        warn,
      );
      next.issueNumber = number;
      log.info(`${action} failure issue #${number}`);
    }
  } catch (error) {
    log.warn(`failure issue: GitHub API call failed: ${redact((error as Error).message)}`);
  }
}
