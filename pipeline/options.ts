import { isAbsolute, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseHour } from '../core/hours.ts';
import { type PipelineEnv, parsePipelineEnv } from './config.ts';
import { type HourPlan, PlanError, planHours } from './hour-plan.ts';
import { pipelineSecrets } from './redact.ts';

/** Usage of `npm run hourly`. */
export const USAGE = `usage: npm run hourly -- [--forum <api url>] [--remote <git url or path>] [--branch <name>]
       [--hour <ISO hour>]… [--from <ISO hour> --to <ISO hour>] [--now <ISO time>] [--window <hours>]
       [--repo <dir>] [--dist <dir>] [--out <dir>] [--failure-threshold <n>] [--edge-pids <file>]
       [--force-deploy]
  Generates the last complete hour and backfills missing hours of the last --window (24), validates the
  new content, commits and pushes it when it changed, builds the site, checks every free route of the
  build, packs it into <out>/site.tar.gz and signals edge instances to reload.
  Exit codes: 0 published or nothing new, 1 the run failed (counted; an issue after N in a row),
  2 bad arguments or configuration.`;

/** A bad flag or variable; the message names it. */
export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

/** Where the failure issue is filed, from GITHUB_REPOSITORY, GITHUB_TOKEN and GITHUB_API_URL. */
export interface GitHubTarget {
  readonly owner: string;
  readonly repo: string;
  readonly token: string;
  /** REST API base URL (Actions sets GITHUB_API_URL; tests point it at a fake). */
  readonly apiUrl: string;
  /** Link to the workflow run, when running in Actions. */
  readonly runUrl: string | undefined;
}

/** Everything one run needs, resolved to absolute paths. */
export interface PipelineOptions {
  /** Project root: where package.json and the generator, site and pipeline code live. */
  readonly root: string;
  /** The git working tree whose `content/` is published (default: the project root). */
  readonly repo: string;
  readonly contentDir: string;
  /** Build output; `<root>/dist` is built with `npm run build`. */
  readonly distDir: string;
  /** Artifact, reload marker and (by default) state file. */
  readonly outDir: string;
  readonly stateFile: string;
  /** Push/pull remote (URL, path or remote name); default `origin` when the repo has it. */
  readonly remote: string | undefined;
  readonly branch: string | undefined;
  readonly forum: string | undefined;
  /** The clock of this run: MURMUR_NOW or --now (tests, replays), else the real time. */
  readonly now: Date;
  readonly plan: HourPlan;
  readonly failureThreshold: number;
  readonly edgePidFile: string | undefined;
  readonly forceDeploy: boolean;
  readonly platform: string;
  readonly github: GitHubTarget | undefined;
  /** Why failure issues are off, when they are. */
  readonly githubMissing: string | undefined;
  /** Actions' step-output file, when running in Actions. */
  readonly githubOutput: string | undefined;
  /** Values never printed or sent anywhere. */
  readonly secrets: readonly string[];
}

const FLAGS = {
  forum: { type: 'string' },
  remote: { type: 'string' },
  branch: { type: 'string' },
  hour: { type: 'string', multiple: true },
  from: { type: 'string' },
  to: { type: 'string' },
  now: { type: 'string' },
  window: { type: 'string' },
  repo: { type: 'string' },
  dist: { type: 'string' },
  out: { type: 'string' },
  'state-file': { type: 'string' },
  'failure-threshold': { type: 'string' },
  'edge-pids': { type: 'string' },
  'force-deploy': { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

const wholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

function parseNumber(schema: z.ZodType<number>, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new OptionsError(parsed.error.issues[0]?.message ?? 'bad number');
  return parsed.data;
}

function hourOf(name: string, value: string): Date {
  const hour = parseHour(value);
  if (!hour)
    throw new OptionsError(
      `--${name} must be an exact hour such as 2026-01-28T13:00Z (got ${JSON.stringify(value)})`,
    );
  return hour;
}

function githubTarget(env: PipelineEnv): { target: GitHubTarget | undefined; missing: string | undefined } {
  const { GITHUB_REPOSITORY: repository, GITHUB_TOKEN: token } = env;
  if (!repository || !token)
    return { target: undefined, missing: 'GITHUB_REPOSITORY and GITHUB_TOKEN are not both set' };
  const [owner = '', repo = ''] = repository.split('/');
  const server = env.GITHUB_SERVER_URL;
  const runId = env.GITHUB_RUN_ID;
  return {
    target: {
      owner,
      repo,
      token,
      apiUrl: env.GITHUB_API_URL.replace(/\/+$/, ''),
      runUrl: server && runId ? `${server}/${repository}/actions/runs/${runId}` : undefined,
    },
    missing: undefined,
  };
}

/**
 * Reads the command line and the environment into the run's options; `help` when --help was given.
 * Throws OptionsError (exit 2) naming the flag or variable that is wrong.
 */
export function parseOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  root: string,
  cwd: string = process.cwd(),
): PipelineOptions | 'help' {
  let values: ReturnType<typeof parseArgs<{ options: typeof FLAGS }>>['values'];
  try {
    ({ values } = parseArgs({ args: [...argv], options: FLAGS, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new OptionsError((error as Error).message);
  }
  if (values.help) return 'help';
  const vars = parsePipelineEnv(env, (message) => new OptionsError(message));
  const path = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));

  const nowText = values.now ?? vars.MURMUR_NOW;
  const now = nowText === undefined ? new Date() : new Date(nowText);
  if (Number.isNaN(now.getTime()))
    throw new OptionsError(`--now / MURMUR_NOW must be an ISO time (got ${JSON.stringify(nowText)})`);

  const window = parseNumber(wholeNumber('--window', 1, 168), values.window, vars.HOURLY_WINDOW_HOURS);
  let plan: HourPlan;
  try {
    plan = planHours({
      now,
      window,
      hours: (values.hour ?? []).map((h) => hourOf('hour', h)),
      ...(values.from === undefined ? {} : { from: hourOf('from', values.from) }),
      ...(values.to === undefined ? {} : { to: hourOf('to', values.to) }),
    });
  } catch (error) {
    if (error instanceof PlanError) throw new OptionsError(error.message);
    throw error;
  }

  const repo = path(values.repo ?? root);
  const outDir = path(values.out ?? vars.HOURLY_OUT_DIR ?? join(root, '.tmp', 'hourly'));
  const { target, missing } = githubTarget(vars);
  const platform = vars.PLATFORM_SEGMENT;
  const edgePids = values['edge-pids'] ?? vars.EDGE_PID_FILE;
  return {
    root,
    repo,
    contentDir: join(repo, 'content'),
    distDir: path(values.dist ?? join(root, 'dist')),
    outDir,
    stateFile: path(values['state-file'] ?? join(outDir, 'state.json')),
    remote: values.remote,
    branch: values.branch,
    forum: values.forum,
    now,
    plan,
    failureThreshold: parseNumber(
      wholeNumber('--failure-threshold', 1, 1000),
      values['failure-threshold'],
      vars.HOURLY_FAILURE_THRESHOLD,
    ),
    edgePidFile: edgePids === undefined ? undefined : path(edgePids),
    forceDeploy: values['force-deploy'] ?? false,
    platform,
    github: target,
    githubMissing: missing,
    githubOutput: vars.GITHUB_OUTPUT,
    secrets: pipelineSecrets(env),
  };
}
