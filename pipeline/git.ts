import { runCommand, tail } from './run-command.ts';

/** A git command that failed; the message carries the end of its output. */
export class GitError extends Error {
  override readonly name = 'GitError';
}

/** One entry of `git status`: a path relative to the repository and what happened to it. */
export interface FileChange {
  readonly path: string;
  readonly change: 'added' | 'modified' | 'deleted';
}

/** Identity used for the pipeline's commits when the repository has none configured. */
export const FALLBACK_IDENTITY = { name: 'murmur hourly', email: 'hourly@murmur.invalid' } as const;

/** Pushes attempted before giving up when the remote keeps moving. */
export const PUSH_ATTEMPTS = 4;

async function git(repo: string, args: readonly string[], input?: string): Promise<string> {
  const r = await runCommand('git', args, { cwd: repo, ...(input === undefined ? {} : { input }) });
  if (r.code !== 0)
    throw new GitError(`git ${args[0]} failed (exit ${r.code}): ${tail(`${r.stdout}\n${r.stderr}`, 6)}`);
  return r.stdout;
}

/**
 * Parses `git status --porcelain=v1 -z`: added (including untracked), modified and deleted paths. A
 * rename counts as the new path added and the old one deleted.
 */
export function parseStatus(output: string): FileChange[] {
  const parts = output.split('\0');
  const out: FileChange[] = [];
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i] ?? '';
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    const path = entry.slice(3);
    if (xy.includes('R') || xy.includes('C')) {
      const from = parts[++i] ?? '';
      out.push({ path, change: 'added' });
      if (xy.includes('R') && from) out.push({ path: from, change: 'deleted' });
    } else if (xy.includes('D')) out.push({ path, change: 'deleted' });
    else if (xy === '??' || xy.includes('A')) out.push({ path, change: 'added' });
    else out.push({ path, change: 'modified' });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Uncommitted changes under `pathspec` (untracked files included), sorted by path. */
export async function changedFiles(repo: string, pathspec: string): Promise<FileChange[]> {
  return parseStatus(
    await git(repo, ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--', pathspec]),
  );
}

/** The commit HEAD points at. */
export async function headCommit(repo: string): Promise<string> {
  return (await git(repo, ['rev-parse', 'HEAD'])).trim();
}

/** The checked-out branch. */
export async function currentBranch(repo: string): Promise<string> {
  const name = (await git(repo, ['rev-parse', '--abbrev-ref', 'HEAD'])).trim();
  if (name === 'HEAD') throw new GitError(`${repo}: detached HEAD; check out a branch or pass --branch`);
  return name;
}

/** The remote to use: the one given, else `origin` when configured, else none (commit locally only). */
export async function resolveRemote(repo: string, given: string | undefined): Promise<string | undefined> {
  if (given !== undefined) return given;
  const remotes = (await git(repo, ['remote'])).split('\n').map((r) => r.trim());
  return remotes.includes('origin') ? 'origin' : undefined;
}

async function identityArgs(repo: string): Promise<string[]> {
  const r = await runCommand('git', ['config', 'user.email'], { cwd: repo });
  return r.code === 0 && r.stdout.trim() !== ''
    ? []
    : ['-c', `user.name=${FALLBACK_IDENTITY.name}`, '-c', `user.email=${FALLBACK_IDENTITY.email}`];
}

async function remoteHasBranch(repo: string, remote: string, branch: string): Promise<boolean> {
  const r = await runCommand('git', ['ls-remote', '--exit-code', '--heads', remote, branch], { cwd: repo });
  if (r.code === 0) return true;
  if (r.code === 2) return false;
  throw new GitError(`git ls-remote failed (exit ${r.code}): ${tail(r.stderr, 6)}`);
}

/**
 * Brings the working branch up to date with the remote branch (rebasing local commits, stashing
 * local edits meanwhile). A conflicting rebase is aborted and reported. No-op when the remote has no
 * such branch yet.
 */
export async function syncWithRemote(repo: string, remote: string, branch: string): Promise<void> {
  if (!(await remoteHasBranch(repo, remote, branch))) return;
  // Rebasing re-commits local commits, which needs a committer identity too.
  const pull = ['pull', '--rebase', '--autostash', '--quiet', remote, branch];
  const r = await runCommand('git', [...(await identityArgs(repo)), ...pull], { cwd: repo });
  if (r.code === 0) return;
  await runCommand('git', ['rebase', '--abort'], { cwd: repo });
  throw new GitError(`git pull --rebase failed (exit ${r.code}): ${tail(`${r.stdout}\n${r.stderr}`, 6)}`);
}

/**
 * Stages every change under `pathspec` and commits only those paths with `message`. Returns the new
 * commit, or null when nothing under `pathspec` changed (no empty commits).
 */
export async function commitPaths(repo: string, pathspec: string, message: string): Promise<string | null> {
  await git(repo, ['add', '-A', '--', pathspec]);
  const staged = await runCommand('git', ['diff', '--cached', '--quiet', '--', pathspec], { cwd: repo });
  if (staged.code === 0) return null;
  await git(repo, [...(await identityArgs(repo)), 'commit', '--quiet', '--file=-', '--', pathspec], message);
  return headCommit(repo);
}

/** Push rejections that a rebase onto the remote can fix. */
const RETRYABLE_PUSH = /\[rejected\]|\(fetch first\)|non-fast-forward|failed to update ref|cannot lock ref/i;

/**
 * Pushes HEAD to `remote`'s `branch`. When the remote moved meanwhile (another run or a person
 * pushed), rebases onto it and tries again, up to PUSH_ATTEMPTS times. Returns how many attempts it
 * took.
 */
export async function pushWithRebase(
  repo: string,
  remote: string,
  branch: string,
  onRetry: (attempt: number, reason: string) => void = () => {},
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const r = await runCommand('git', ['push', '--porcelain', remote, `HEAD:refs/heads/${branch}`], {
      cwd: repo,
    });
    if (r.code === 0) return attempt;
    const output = `${r.stdout}\n${r.stderr}`;
    if (!RETRYABLE_PUSH.test(output) || attempt >= PUSH_ATTEMPTS)
      throw new GitError(`git push failed after ${attempt} attempt(s): ${tail(output, 6)}`);
    onRetry(attempt, tail(r.stderr, 1));
    await syncWithRemote(repo, remote, branch);
  }
}

/** Puts the given paths back as HEAD has them (removing untracked ones): undoes a rejected run's writes. */
export async function discardChanges(repo: string, changes: readonly FileChange[]): Promise<void> {
  const tracked = changes.filter((c) => c.change !== 'added').map((c) => c.path);
  const untracked = changes.filter((c) => c.change === 'added').map((c) => c.path);
  if (tracked.length > 0)
    await git(repo, ['restore', '--source=HEAD', '--staged', '--worktree', '--', ...tracked]);
  if (untracked.length > 0) {
    await runCommand('git', ['reset', '--quiet', '--', ...untracked], { cwd: repo });
    await git(repo, ['clean', '--force', '--quiet', '--', ...untracked]);
  }
}
