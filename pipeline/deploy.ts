import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand, tail } from './run-command.ts';
import { StepError } from './step-error.ts';

/** File name of the static-host artifact in the output folder. */
export const ARTIFACT_NAME = 'site.tar.gz';
/** File name of the reload marker in the output folder. */
export const RELOAD_MARKER_NAME = 'reload.json';

/** The packed site. */
export interface Artifact {
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

/** What the reload marker tells edge hosts: which build to load. */
export interface ReloadMarker {
  /** Content commit the build was made from. */
  readonly commit: string;
  readonly builtAt: string;
  /** Newest digest hour in the build, when there is one. */
  readonly newestHour: string | null;
  readonly artifact: string;
  readonly sha256: string;
  readonly bytes: number;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Packs `distDir` into `<outDir>/site.tar.gz` (the folder's contents at the archive root, ready to
 * unpack into any static host's web root or an edge's DIST_DIR). Written beside and renamed, so a
 * reader never sees half an archive.
 */
export async function packSite(distDir: string, outDir: string): Promise<Artifact> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, ARTIFACT_NAME);
  const tmp = `${path}.${process.pid}.tmp`;
  const r = await runCommand('tar', ['-czf', tmp, '-C', distDir, '.'], { cwd: outDir });
  if (r.code !== 0) throw new StepError('deploy', `tar exited ${r.code}: ${tail(r.stderr)}`);
  await rename(tmp, path);
  return { path, bytes: (await stat(path)).size, sha256: await sha256Of(path) };
}

/** Writes `<outDir>/reload.json` atomically and returns its path. */
export async function writeReloadMarker(outDir: string, marker: ReloadMarker): Promise<string> {
  await mkdir(outDir, { recursive: true });
  const path = join(outDir, RELOAD_MARKER_NAME);
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(marker, null, 2)}\n`);
  await rename(tmp, path);
  return path;
}

/** The PIDs of a pid file: one positive integer per line; blank lines and `#` comments ignored. */
export function parsePidFile(text: string, name: string): number[] {
  const pids: number[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '') return;
    if (!/^\d+$/.test(line) || Number(line) < 1)
      throw new StepError(
        'deploy',
        `${name}:${i + 1}: not a process id (${JSON.stringify(line.slice(0, 40))})`,
      );
    pids.push(Number(line));
  });
  return pids;
}

/**
 * Sends SIGHUP (the edge reloads dist/ on it) to every process listed in `pidFile`. Processes that no
 * longer exist are reported as gone, not as failures: an instance may have been restarted.
 */
export async function signalEdges(pidFile: string): Promise<{ signalled: number[]; gone: number[] }> {
  let text: string;
  try {
    text = await readFile(pidFile, 'utf8');
  } catch (error) {
    throw new StepError('deploy', `${pidFile}: cannot read the edge pid file (${(error as Error).message})`);
  }
  const signalled: number[] = [];
  const gone: number[] = [];
  for (const pid of parsePidFile(text, pidFile)) {
    try {
      process.kill(pid, 'SIGHUP');
      signalled.push(pid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') gone.push(pid);
      else throw new StepError('deploy', `cannot signal edge process ${pid}: ${(error as Error).message}`);
    }
  }
  return { signalled, gone };
}
