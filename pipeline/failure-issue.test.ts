import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAILURE_LABEL,
  failureIssueBody,
  ISSUE_MARKER,
  reportFailure,
  resolveFailure,
} from './failure-issue.ts';
import type { GitHubTarget } from './options.ts';
import { type FakeGitHub, startFakeGitHub } from './testing/fake-github.ts';

const TOKEN = 'ghs_fakeTokenForIssueTests';
let github: FakeGitHub;
let target: GitHubTarget;
const warnings: string[] = [];
const warn = (m: string) => warnings.push(m);

beforeAll(async () => {
  github = await startFakeGitHub({ owner: 'acme', repo: 'murmur', token: TOKEN });
  target = {
    owner: 'acme',
    repo: 'murmur',
    token: TOKEN,
    apiUrl: github.url,
    runUrl: 'https://github.com/acme/murmur/actions/runs/7',
  };
});
afterAll(() => github.close());

const report = (n: number, message = 'forum unreachable') => ({
  consecutiveFailures: n,
  threshold: 3,
  step: 'generate',
  message,
  at: new Date('2026-01-28T18:07:00Z'),
});

describe('failure issue', () => {
  it('opens one issue, updates it on later failures, and closes it after a success', async () => {
    expect(await resolveFailure(target, new Date(), warn)).toBeNull();

    expect(await reportFailure(target, report(3), warn)).toEqual({ number: 1, action: 'created' });
    expect(await reportFailure(target, report(4, 'budget exceeded'), warn)).toEqual({
      number: 1,
      action: 'updated',
    });
    expect(github.issues).toHaveLength(1);
    const issue = github.issues[0];
    expect(issue?.labels).toEqual([FAILURE_LABEL]);
    expect(issue?.body).toContain(ISSUE_MARKER);
    expect(issue?.body).toContain('**4** runs in a row');
    expect(issue?.body).toContain('budget exceeded');
    expect(issue?.comments[0]).toContain('budget exceeded');
    expect(github.authorizations.every((a) => a === `token ${TOKEN}`)).toBe(true);

    expect(await resolveFailure(target, new Date('2026-01-28T19:07:00Z'), warn)).toBe(1);
    expect(issue?.state).toBe('closed');
    expect(issue?.state_reason).toBe('completed');
    expect(issue?.comments.at(-1)).toMatch(/^Recovered: a run succeeded at 2026-01-28T19:07:00.000Z/);

    // The next failure streak opens a new issue rather than reopening the closed one.
    expect((await reportFailure(target, report(3), warn)).number).toBe(2);
  });

  it('fails with the API error when the token is refused', async () => {
    await expect(reportFailure({ ...target, token: 'wrong' }, report(3), warn)).rejects.toThrow(
      /Bad credentials/,
    );
  });

  it('fences the error so backticks in it cannot end the block', () => {
    const body = failureIssueBody(report(3, 'before ``` after'), undefined);
    expect(body).toContain('````text\nbefore ``` after\n````');
  });
});
