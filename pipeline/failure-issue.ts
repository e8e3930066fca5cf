import { Octokit } from 'octokit';
import type { GitHubTarget } from './options.ts';

/** Label of the failure issue; the one open issue carrying it (and the marker) is reused. */
export const FAILURE_LABEL = 'hourly-failure';
/** Hidden marker in the issue body, so a relabelled issue is still recognised. */
export const ISSUE_MARKER = '<!-- murmur:hourly-failure -->';
/** Title of the failure issue. */
export const ISSUE_TITLE = 'Hourly publishing is failing';

const MAX_ERROR_CHARS = 4000;

/** One failed run, as the issue reports it (the message has its secrets removed already). */
export interface FailureReport {
  readonly consecutiveFailures: number;
  readonly threshold: number;
  readonly step: string;
  readonly message: string;
  readonly at: Date;
}

/** A fenced block that the text cannot close early, whatever backticks it holds. */
function fenced(text: string): string {
  const clipped = text.length > MAX_ERROR_CHARS ? `${text.slice(0, MAX_ERROR_CHARS)}\n…` : text;
  const longest = Math.max(2, ...[...clipped.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${clipped}\n${fence}`;
}

/** The issue body: what fails, since when, the latest error and what to do. */
export function failureIssueBody(report: FailureReport, runUrl: string | undefined): string {
  return [
    ISSUE_MARKER,
    `The hourly pipeline has failed **${report.consecutiveFailures}** runs in a row (threshold ${report.threshold}).`,
    '',
    `Latest failure: step \`${report.step}\` at ${report.at.toISOString()}${runUrl ? ` ([run](${runUrl}))` : ''}.`,
    '',
    fenced(report.message),
    '',
    'Nothing was published by the failed runs. The next successful run backfills the missing hours and ' +
      'closes this issue. Reproduce locally with `npm run hourly` (see pipeline/README.md).',
    '',
  ].join('\n');
}

/** An Octokit client for the target; its own warnings go through `warn`. */
export function githubClient(target: GitHubTarget, warn: (message: string) => void): Octokit {
  return new Octokit({
    auth: target.token,
    baseUrl: target.apiUrl,
    userAgent: 'murmur-hourly',
    log: { debug: () => {}, info: () => {}, warn, error: warn },
    // The throttling plugin spaces content-creating requests 1–3 s apart to respect GitHub's
    // secondary limits for bursts; a run makes at most four such requests an hour.
    throttle: { enabled: false },
  } as ConstructorParameters<typeof Octokit>[0]);
}

/** The open failure issue, if any: labelled FAILURE_LABEL and carrying the marker. */
export async function findFailureIssue(octokit: Octokit, target: GitHubTarget): Promise<number | undefined> {
  const { data } = await octokit.rest.issues.listForRepo({
    owner: target.owner,
    repo: target.repo,
    state: 'open',
    labels: FAILURE_LABEL,
    per_page: 100,
  });
  const issue = data.find((i) => !i.pull_request && (i.body ?? '').includes(ISSUE_MARKER));
  return issue?.number;
}

/**
 * Opens the failure issue, or, when one is open, refreshes its body and adds the run's error as a
 * comment. Returns the issue number and what was done.
 */
export async function reportFailure(
  target: GitHubTarget,
  report: FailureReport,
  warn: (message: string) => void,
): Promise<{ number: number; action: 'created' | 'updated' }> {
  const octokit = githubClient(target, warn);
  const body = failureIssueBody(report, target.runUrl);
  const existing = await findFailureIssue(octokit, target);
  const repo = { owner: target.owner, repo: target.repo };
  if (existing === undefined) {
    const { data } = await octokit.rest.issues.create({
      ...repo,
      title: ISSUE_TITLE,
      body,
      labels: [FAILURE_LABEL],
    });
    return { number: data.number, action: 'created' };
  }
  await octokit.rest.issues.update({ ...repo, issue_number: existing, body });
  await octokit.rest.issues.createComment({
    ...repo,
    issue_number: existing,
    body: `Failed again (${report.consecutiveFailures} in a row), step \`${report.step}\`${target.runUrl ? ` ([run](${target.runUrl}))` : ''}:\n\n${fenced(report.message)}\n`,
  });
  return { number: existing, action: 'updated' };
}

/** Closes the open failure issue with a note that publishing recovered; returns its number, or null when none was open. */
export async function resolveFailure(
  target: GitHubTarget,
  at: Date,
  warn: (message: string) => void,
): Promise<number | null> {
  const octokit = githubClient(target, warn);
  const existing = await findFailureIssue(octokit, target);
  if (existing === undefined) return null;
  const repo = { owner: target.owner, repo: target.repo, issue_number: existing };
  await octokit.rest.issues.createComment({
    ...repo,
    body: `Recovered: a run succeeded at ${at.toISOString()}${target.runUrl ? ` ([run](${target.runUrl}))` : ''}. Closing.`,
  });
  await octokit.rest.issues.update({ ...repo, state: 'closed', state_reason: 'completed' });
  return existing;
}
