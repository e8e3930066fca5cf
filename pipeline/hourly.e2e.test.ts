// The hourly pipeline end to end, as `npm run hourly` child processes: the forum simulator on
// loopback, a bare git remote in a temporary folder (cloned as the working repository), a fake
// GitHub API for the failure issue. The site is built twice: on the first run and after recovery.
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Digest } from '../core/schemas/digest.ts';
import { type Simulator, startSimulator } from '../generator/sim/server.ts';
import { PipelineState } from './state.ts';
import { type FakeGitHub, startFakeGitHub } from './testing/fake-github.ts';
import { bareRemote, cloneOf, gitSync, put } from './testing/git-fixture.ts';

const ROOT = resolve(import.meta.dirname, '..');
const T0 = new Date('2026-01-28T18:07:00.000Z');
const T1 = new Date('2026-01-28T19:07:00.000Z');
const TOKEN = 'ghs_e2eSecretTokenNeverPrinted';

let dir: string;
let remote: string;
let seed: string;
let work: string;
let sim: Simulator;
let github: FakeGitHub;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'murmur-hourly-'));
  ({ remote, seed } = await bareRemote(dir));
  work = cloneOf(remote, join(dir, 'work'));
  sim = await startSimulator({ port: 0, seed: 5, postsPerHour: 200, now: T0, rateLimitPerMinute: 1e6 });
  github = await startFakeGitHub({ owner: 'acme', repo: 'murmur', token: TOKEN });
});
afterAll(async () => {
  await sim?.close();
  await github?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  output: string;
}

/** `npm run hourly` at clock `now`, without what Vitest injects into the environment. */
function hourly(now: Date, extra: string[] = []): Promise<Run> {
  const { BASE_URL: _b, MODE: _m, DEV: _d, PROD: _p, SSR: _s, ...inherited } = process.env;
  const args = [
    ...['--repo', work, '--remote', remote, '--forum', sim.url, '--now', now.toISOString()],
    ...['--dist', join(dir, 'dist'), '--out', join(dir, 'out'), '--failure-threshold', '2'],
    ...extra,
  ];
  const child = spawn('npm', ['run', '--silent', 'hourly', '--', ...args], {
    cwd: ROOT,
    env: {
      ...inherited,
      ANALYSER: 'offline',
      BASE_URL: 'https://murmur.example',
      FORUM_MAX_RETRIES: '0',
      FORUM_REQUEST_TIMEOUT_MS: '2000',
      GITHUB_REPOSITORY: 'acme/murmur',
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: github.url,
      OPENAI_API_KEY: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('close', (code) => done({ code, output }));
  });
}

const remoteLog = () => gitSync(remote, 'log', '--format=%H %s', 'main').split('\n');
const state = async () =>
  PipelineState.parse(JSON.parse(await readFile(join(dir, 'out/state.json'), 'utf8')));
const expectSuccess = (run: Run) => {
  if (run.code !== 0) throw new Error(`pipeline exited ${run.code}:\n${run.output.slice(-3000)}`);
};

describe('npm run hourly', () => {
  it('publishes new hours as one commit, builds, checks and packs the site', async () => {
    const run = await hourly(T0, ['--window', '2']);
    expectSuccess(run);
    const log = remoteLog();
    expect(log).toHaveLength(2);
    const [sha, subject] = [log[0]?.slice(0, 40) ?? '', log[0]?.slice(41)];
    expect(subject).toBe('Digests for 2 hours, 2026-01-28 16:00 UTC to 2026-01-28 17:00 UTC');
    const files = gitSync(remote, 'show', '--name-only', '--format=', sha).split('\n');
    expect(files).toEqual(
      expect.arrayContaining([
        'content/digests/2026/01/28/16.json',
        'content/digests/2026/01/28/17.json',
        'content/digests/2026/01/28/17.md',
        'content/signals/2026/01/28/17.json',
      ]),
    );
    expect(files.every((f) => f.startsWith('content/'))).toBe(true);
    const body = gitSync(remote, 'log', '-1', '--format=%b', sha);
    const digest = Digest.parse(
      JSON.parse(gitSync(remote, 'show', `${sha}:content/digests/2026/01/28/17.json`)),
    );
    expect(body).toContain(
      `2026-01-28 17:00 UTC created: ${digest.qualityPosts} of ${digest.totalPosts} posts kept — ${digest.title}`,
    );

    expect(run.output).toMatch(/soundness: 16 routes answered and validated/);
    const marker = JSON.parse(await readFile(join(dir, 'out/reload.json'), 'utf8'));
    expect(marker).toMatchObject({ commit: sha, newestHour: '2026-01-28T17:00:00.000Z' });
    const listing = await tarList(join(dir, 'out/site.tar.gz'));
    expect(listing).toEqual(
      expect.arrayContaining(['./index.html', './api/forum/digests/latest', './api.json']),
    );
    expect(await state()).toMatchObject({ consecutiveFailures: 0, lastDeployedCommit: sha });
    expect(run.output).not.toContain(TOKEN);
  }, 90_000);

  it('makes no commit and no build when nothing changed', async () => {
    const before = remoteLog();
    const artifact = await stat(join(dir, 'out/site.tar.gz'));
    const run = await hourly(T0, ['--window', '2']);
    expectSuccess(run);
    expect(run.output).toMatch(/nothing changed in content: no commit/);
    expect(run.output).toMatch(/already deployed: skipping build and deploy/);
    expect(remoteLog()).toEqual(before);
    expect((await stat(join(dir, 'out/site.tar.gz'))).mtimeMs).toBe(artifact.mtimeMs);
  }, 60_000);

  it('publishes nothing when the forum fails, counts failures, and files one issue after the threshold', async () => {
    const before = remoteLog();
    sim.setNow(T1);
    sim.setFaults({ down: true } as Parameters<Simulator['setFaults']>[0]);
    try {
      const first = await hourly(T1);
      expect(first.code).toBe(1);
      expect(first.output).toMatch(/run failed in step generate \(1 in a row\)/);
      expect(github.issues).toHaveLength(0);
      const second = await hourly(T1);
      expect(second.code).toBe(1);
      const third = await hourly(T1);
      expect(third.code).toBe(1);
      for (const run of [first, second, third]) expect(run.output).not.toContain(TOKEN);
    } finally {
      sim.setFaults({});
    }
    expect(remoteLog()).toEqual(before);
    expect(gitSync(work, 'status', '--porcelain')).toBe('');
    expect(await state()).toMatchObject({
      consecutiveFailures: 3,
      issueNumber: 1,
      lastFailure: { step: 'generate' },
    });
    expect(github.issues).toHaveLength(1);
    const issue = github.issues[0];
    expect(issue?.state).toBe('open');
    expect(issue?.body).toContain('**3** runs in a row');
    expect(issue?.body).toMatch(/generate 2026-01-28T18:00:00.000Z failed: /);
    expect(issue?.comments).toHaveLength(1);
  }, 60_000);

  it('recovers: publishes the new hour over concurrent pushes and closes the issue', async () => {
    // Someone else pushed to the remote since the last run (the run's sync picks it up)…
    gitSync(seed, 'pull', '--quiet', '--rebase', 'origin', 'main');
    await put(join(seed, 'README.md'), '# data, edited\n');
    gitSync(seed, 'commit', '--quiet', '-am', 'Edit README');
    gitSync(seed, 'push', '--quiet', 'origin', 'main');
    // …and pushes again while the run is pushing (once): the push is refused, rebased and retried.
    await put(join(work, '.git/hooks/pre-push'), racingHook(seed));
    await chmod(join(work, '.git/hooks/pre-push'), 0o755);

    const run = await hourly(T1, ['--window', '2']);
    expectSuccess(run);
    expect(run.output).toMatch(/push attempt 1 rejected/);
    const log = remoteLog();
    expect(log.map((l) => l.slice(41)).slice(1, 3)).toEqual(['Concurrent edit', 'Edit README']);
    expect(log).toHaveLength(5);
    const sha = log[0]?.slice(0, 40) ?? '';
    expect(log[0]?.slice(41)).toMatch(/^Digest 2026-01-28 18:00 UTC \(created\): /);
    const files = gitSync(remote, 'show', '--name-only', '--format=', sha).split('\n');
    expect(files.filter((f) => f.startsWith('content/digests/'))).toEqual([
      'content/digests/2026/01/28/18.json',
      'content/digests/2026/01/28/18.md',
    ]);
    expect(github.issues[0]?.state).toBe('closed');
    expect(github.issues[0]?.comments.at(-1)).toMatch(/^Recovered/);
    const after = await state();
    expect(after.consecutiveFailures).toBe(0);
    expect(after.issueNumber).toBeUndefined();
    expect(after.lastDeployedCommit).toBe(sha);
    const latest = JSON.parse(await readFile(join(dir, 'dist/api/forum/digests/latest'), 'utf8'));
    expect(latest.data.hourStart).toBe('2026-01-28T18:00:00.000Z');
  }, 90_000);
});

function tarList(path: string): Promise<string[]> {
  return new Promise((done, fail) => {
    const child = spawn('tar', ['-tzf', path], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('error', fail);
    child.once('close', () => done(out.split('\n').filter(Boolean)));
  });
}

/** A pre-push hook that, once, makes `seed` push a commit first, as a concurrent writer would. */
function racingHook(seedDir: string): string {
  const git = `env -u GIT_DIR -u GIT_WORK_TREE -u GIT_INDEX_FILE git -C '${seedDir}' -c user.name=Other -c user.email=other@example.invalid`;
  return [
    '#!/bin/sh',
    'rm -f "$0"',
    `${git} pull --quiet --rebase origin main`,
    `echo race >> '${seedDir}/README.md'`,
    `${git} commit --quiet -am 'Concurrent edit'`,
    `${git} push --quiet origin main`,
    '',
  ].join('\n');
}
