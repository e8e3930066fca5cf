import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Runs git synchronously in `cwd` (test setup only) and returns its trimmed output. */
export function gitSync(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Test',
      GIT_AUTHOR_EMAIL: 'test@example.invalid',
      GIT_COMMITTER_NAME: 'Test',
      GIT_COMMITTER_EMAIL: 'test@example.invalid',
    },
  }).trim();
}

/** Writes a file, creating its folders. */
export async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/**
 * A bare repository `remote.git` in `dir` with one commit on `main` (`content/.gitkeep` and a README),
 * pushed from a clone `seed` that stays available for simulating other writers.
 */
export async function bareRemote(dir: string): Promise<{ remote: string; seed: string }> {
  const remote = join(dir, 'remote.git');
  const seed = join(dir, 'seed');
  gitSync(dir, 'init', '--quiet', '--bare', '--initial-branch=main', remote);
  gitSync(dir, 'clone', '--quiet', remote, seed);
  gitSync(seed, 'checkout', '--quiet', '-B', 'main');
  await put(join(seed, 'content', '.gitkeep'), '');
  await put(join(seed, 'README.md'), '# data\n');
  gitSync(seed, 'add', '-A');
  gitSync(seed, 'commit', '--quiet', '-m', 'Initial');
  gitSync(seed, 'push', '--quiet', 'origin', 'main');
  return { remote, seed };
}

/** Clones `remote` into `path` with `main` checked out. */
export function cloneOf(remote: string, path: string): string {
  gitSync(dirname(path), 'clone', '--quiet', '--branch', 'main', remote, path);
  return path;
}
