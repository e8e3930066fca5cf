import { access, appendFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listDigestHours } from '../core/content/digest-store.ts';
import { buildSite } from './build-step.ts';
import { commitContent } from './content-step.ts';
import { ARTIFACT_NAME, packSite, signalEdges, writeReloadMarker } from './deploy.ts';
import { accountFailures } from './failure-accounting.ts';
import { generateHours } from './generate-step.ts';
import { currentBranch, GitError, headCommit, pushWithRebase, resolveRemote, syncWithRemote } from './git.ts';
import type { Logger } from './log.ts';
import type { PipelineOptions } from './options.ts';
import { childEnv } from './run-command.ts';
import { checkBuiltSite } from './soundness.ts';
import { type PipelineState, readState, writeState } from './state.ts';
import { type Step, StepError } from './step-error.ts';

/** How a run ended. */
export interface RunResult {
  readonly exitCode: 0 | 1 | 2;
  /** published: new content committed; unchanged: nothing new; failed: see step and error. */
  readonly outcome: 'published' | 'unchanged' | 'failed';
  /** Commit made by this run, if any. */
  readonly commit: string | null;
  /** Whether a build was packed and edges signalled. */
  readonly deployed: boolean;
  readonly step?: Step;
  readonly error?: string;
  readonly consecutiveFailures: number;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

async function inStep<T>(step: Step, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StepError) throw error;
    throw new StepError(step, error instanceof GitError ? error.message : `${(error as Error).message}`);
  }
}

/** Publishing part of a run; throws StepError. Returns the commit made and whether it deployed. */
async function publish(
  options: PipelineOptions,
  state: PipelineState,
  log: Logger,
  redact: (t: string) => string,
): Promise<{ commit: string | null; deployed: boolean; head: string; backfillError: string | null }> {
  const { repo } = options;

  const { remote, branch } = await inStep('sync', async () => {
    const branch = options.branch ?? (await currentBranch(repo));
    const remote = await resolveRemote(repo, options.remote);
    if (remote) {
      log.info(`sync with ${remote} ${branch}`);
      await syncWithRemote(repo, remote, branch);
    } else log.warn('no git remote: content is committed locally only');
    return { remote, branch };
  });

  const { backfillError } = await generateHours(
    options.plan,
    {
      contentDir: options.contentDir,
      forum: options.forum,
      env: childEnv(process.env, { GITHUB_TOKEN: undefined }),
      onOutput: (line) => process.stderr.write(`${redact(line)}\n`),
    },
    log,
  );

  const commit = await commitContent(repo, options.contentDir, log);
  if (!commit) log.info('nothing changed in content: no commit');

  if (remote && commit) {
    const attempts = await inStep('push', () =>
      pushWithRebase(repo, remote, branch, (n, reason) =>
        log.warn(`push attempt ${n} rejected (${reason}); rebasing`),
      ),
    );
    log.info(`pushed to ${remote} ${branch}${attempts > 1 ? ` after ${attempts} attempts` : ''}`);
  }

  const head = await inStep('commit', () => headCommit(repo));
  const artifactPresent = await exists(join(options.outDir, ARTIFACT_NAME));
  if (!options.forceDeploy && state.lastDeployedCommit === head && artifactPresent) {
    log.info(`build of ${head.slice(0, 12)} already deployed: skipping build and deploy`);
    return { commit, deployed: false, head, backfillError };
  }

  const builtAt = new Date();
  await inStep('build', () => buildSite(options, log));
  const report = await inStep('soundness', () =>
    checkBuiltSite({
      distDir: options.distDir,
      contentDir: options.contentDir,
      platform: options.platform,
      builtAt,
    }),
  );
  if (report.problems.length > 0)
    throw new StepError(
      'soundness',
      `the build failed its soundness check (${report.problems.length} problem(s)); not deployed:\n${report.problems
        .slice(0, 12)
        .map((p) => `  ${p}`)
        .join('\n')}`,
    );
  log.info(`soundness: ${report.checked.length} routes answered and validated`);

  await inStep('deploy', async () => {
    const artifact = await packSite(options.distDir, options.outDir);
    const newest = (await listDigestHours(options.contentDir)).at(-1);
    const marker = await writeReloadMarker(options.outDir, {
      commit: head,
      builtAt: builtAt.toISOString(),
      newestHour: newest?.toISOString() ?? null,
      artifact: artifact.path,
      sha256: artifact.sha256,
      bytes: artifact.bytes,
    });
    log.info(`packed ${artifact.path} (${artifact.bytes} bytes); reload marker ${marker}`);
    if (options.edgePidFile) {
      const { signalled, gone } = await signalEdges(options.edgePidFile);
      log.info(
        `sent SIGHUP to ${signalled.length} edge process(es)${gone.length > 0 ? `; gone: ${gone.join(', ')}` : ''}`,
      );
    }
  });
  return { commit, deployed: true, head, backfillError };
}

async function writeOutputs(file: string | undefined, values: Record<string, string>): Promise<void> {
  if (!file) return;
  await appendFile(
    file,
    Object.entries(values)
      .map(([k, v]) => `${k}=${v}\n`)
      .join(''),
  );
}

/**
 * One run of the hourly pipeline: sync, generate and backfill, validate, commit and push when
 * something changed, build, soundness check, pack and signal edges; then failure accounting (the state
 * file's count of consecutive failures, and the GitHub issue opened after `failureThreshold` of them and
 * closed after a success). Never throws: the result carries the exit code.
 */
export async function runPipeline(
  options: PipelineOptions,
  log: Logger,
  redact: (text: string) => string,
): Promise<RunResult> {
  const state = await readState(options.stateFile, log.warn);
  let done: Awaited<ReturnType<typeof publish>> | undefined;
  let failure: StepError | undefined;
  try {
    done = await publish(options, state, log, redact);
    // Hours generated before a failed backfill are published, but the run still counts as failed.
    if (done.backfillError) failure = new StepError('backfill', done.backfillError);
  } catch (thrown) {
    failure =
      thrown instanceof StepError
        ? thrown
        : new StepError('internal', (thrown as Error)?.stack ?? String(thrown));
  }
  const endedAt = new Date().toISOString();
  const base: PipelineState = {
    ...state,
    lastRunAt: endedAt,
    ...(done?.deployed ? { lastDeployedCommit: done.head } : {}),
  };
  let result: RunResult;
  let next: PipelineState;
  if (!failure) {
    const { lastFailure: _cleared, ...rest } = base;
    next = { ...rest, consecutiveFailures: 0, lastSuccessAt: endedAt };
    result = {
      exitCode: 0,
      outcome: done?.commit ? 'published' : 'unchanged',
      commit: done?.commit ?? null,
      deployed: done?.deployed ?? false,
      consecutiveFailures: 0,
    };
  } else {
    const message = redact(failure.message);
    const failures = state.consecutiveFailures + 1;
    next = {
      ...base,
      consecutiveFailures: failures,
      lastFailure: { at: endedAt, step: failure.step, message: message.slice(0, 4000) },
    };
    log.warn(`run failed in step ${failure.step} (${failures} in a row): ${message}`);
    result = {
      exitCode: failure.exitCode,
      outcome: 'failed',
      commit: done?.commit ?? null,
      deployed: done?.deployed ?? false,
      step: failure.step,
      error: message,
      consecutiveFailures: failures,
    };
  }

  await accountFailures(options, result, next, log, redact);
  try {
    await writeState(options.stateFile, next);
  } catch (error) {
    log.warn(`could not write ${options.stateFile}: ${(error as Error).message}`);
  }
  await writeOutputs(options.githubOutput, {
    outcome: result.outcome,
    changed: String(result.commit !== null),
    commit: result.commit ?? '',
    deployed: String(result.deployed),
    artifact: result.deployed ? join(options.outDir, ARTIFACT_NAME) : '',
  }).catch((error: Error) => log.warn(`could not write GITHUB_OUTPUT: ${error.message}`));
  return result;
}
